// compareStreams on real streams: each module's synthesize writes the documented stream of a response, the same
// answer in two formats, then one side is given a defect; the differences are named and placed on both sides.
import { describe, expect, it } from 'vitest';
import { compareReconstructions, compareStreams } from '../../../src/core/compare/streams.js';
import { reconstruct } from '../../../src/core/reconstruct.js';
import { synthesize } from '../../../src/core/synthesize.js';
import type { Reconstruction } from '../../../src/core/model.js';
import * as answerModule from '../../../src/core/answer/index.js';

const TEXT = 'Hello, world. The answer is 6666.';

function anthropicMessage(text = TEXT, fields: Record<string, unknown> = {}) {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [
      { type: 'text', text },
      { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
    ...fields,
  };
}

function chatCompletion(text = TEXT, message: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-4o',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }], ...message },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    ...fields,
  };
}

const upstream = () => synthesize('anthropic', anthropicMessage(), { pieceSize: 3 });
const chat = (...args: Parameters<typeof chatCompletion>) => synthesize('chat-completions', chatCompletion(...args), { pieceSize: 4 });
const codes = (comparison: { differences: { code: string }[] }) => comparison.differences.map((difference) => difference.code);

/** The data of the frame a difference is placed at, on one side. */
function frameData(reconstruction: Reconstruction, frame: number | undefined): string {
  return frame === undefined ? '' : (reconstruction.frames[frame]?.data ?? '');
}

describe('compareStreams across formats', () => {
  it('finds an Anthropic upstream and a Chat downstream of the same answer the same (ids and created not compared)', async () => {
    const comparison = await compareStreams(upstream(), chat());
    expect(comparison.differences).toEqual([]);
    expect(comparison).toMatchObject({ same: true, summary: 'same answer' });
    expect(comparison.upstream.format).toBe('anthropic');
    expect(comparison.downstream.format).toBe('chat-completions');
  });

  it('tool-call ids differ: same, unless ids: true', async () => {
    expect((await compareStreams(upstream(), chat(), { ids: true })).differences.map((d) => d.code)).toEqual(['tool call id changed']);
  });

  it('the first characters dropped, in plain words', async () => {
    const comparison = await compareStreams(upstream(), chat(TEXT.slice(3)));
    expect(codes(comparison)).toEqual(['text dropped at start']);
    expect(comparison.differences[0]?.message).toBe('the first 3 characters of upstream\'s answer are missing: "Hel"');
  });

  it.each([
    ['text dropped at end', TEXT.slice(0, -5)],
    ['text missing inside', TEXT.replace('The answer ', '')],
    ['text added', TEXT.replace('world.', 'big world.')],
    ['text duplicated', TEXT + TEXT],
    ['repeats collapsed', TEXT.replace('6666', '666')],
    ['text reordered', TEXT.replace('Hello, world.', 'world. Hello,')],
    ['text changed', TEXT.replace('world', 'there')],
  ])('%s', async (code, text) => {
    expect(codes(await compareStreams(upstream(), chat(text)))).toEqual([code]);
  });

  it('a tool call lost, renamed, with other arguments', async () => {
    expect(codes(await compareStreams(upstream(), chat(TEXT, { tool_calls: undefined }, {})))).toEqual(['tool call lost']);
    const renamed = [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }];
    expect(codes(await compareStreams(upstream(), chat(TEXT, { tool_calls: renamed })))).toEqual(['tool call renamed']);
    const other = [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } }];
    expect(codes(await compareStreams(upstream(), chat(TEXT, { tool_calls: other })))).toEqual(['tool arguments changed']);
  });

  it('finish changed, usage missing, usage changed', async () => {
    const stopped = synthesize('chat-completions', { ...chatCompletion(), choices: [{ ...chatCompletion().choices[0], finish_reason: 'stop' }] });
    expect(codes(await compareStreams(upstream(), stopped))).toEqual(['finish changed']);
    expect(codes(await compareStreams(upstream(), chat(TEXT, {}, { usage: undefined })))).toEqual(['usage missing']);
    const counted = chat(TEXT, {}, { usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } });
    expect(codes(await compareStreams(upstream(), counted))).toEqual(['usage changed']);
    expect((await compareStreams(upstream(), counted, { usage: 'ignore' })).same).toBe(true);
  });

  it('failure hidden: upstream cut before its end, downstream finished', async () => {
    const whole = upstream();
    expect(codes(await compareStreams(whole.slice(0, whole.indexOf('event: message_delta')), chat()))).toEqual(['failure hidden']);
  });

  it('reads live inputs, reconstructions and their JSON alike', async () => {
    const body = new Response(chat());
    const comparison = await compareStreams(JSON.parse(JSON.stringify(reconstruct(upstream()))), body);
    expect(comparison.same).toBe(true);
  });

  it('places a difference with line 0 when the frames were not kept, and nowhere for a side that came through JSON', () => {
    const up = reconstruct(upstream(), { frames: false });
    const down = reconstruct(chat(TEXT.slice(3)));
    const [difference] = compareReconstructions(up, down).differences;
    expect(difference?.upstream.at).toEqual({ frame: expect.any(Number) as number, line: 0, column: 0 });
    expect(difference?.downstream.at?.line).toBeGreaterThan(0);
    const [fromJson] = compareReconstructions(JSON.parse(JSON.stringify(reconstruct(upstream()))), down).differences;
    expect(fromJson?.upstream.at).toBeNull();
  });

  it('throws on misuse with what to pass', async () => {
    await expect(compareStreams(upstream(), 42 as never)).rejects.toThrow(/compareStreams\(\) could not read the downstream/);
    expect(() => compareReconstructions(reconstruct(upstream()), 'text' as never)).toThrow(/takes two reconstructions/);
    await expect(compareStreams(upstream(), chat(), { format: { upstream: 'anthropic-messages' as never } })).rejects.toThrow(/options.format.upstream must be one of/);
  });
});

// The assemblers record where each part came from (placesOf); these run once they do.
describe.runIf(typeof (answerModule as Record<string, unknown>).placesOf === 'function')('compareStreams places each difference on both sides', () => {
  it('the first characters dropped: placed at the frame that carried them upstream and where downstream starts', async () => {
    const up = reconstruct(upstream());
    const down = reconstruct(chat(TEXT.slice(3)));
    const comparison = compareReconstructions(up, down);
    expect(codes(comparison)).toEqual(['text dropped at start']);
    const [difference] = comparison.differences;
    expect(difference?.message).toBe('the first 3 characters of upstream\'s answer are missing: "Hel"');
    expect(frameData(up, difference?.upstream.at?.frame)).toContain('"text":"Hel"');
    expect(difference?.upstream.at?.line).toBe(up.frames[difference?.upstream.at?.frame ?? -1]?.line);
    expect(frameData(down, difference?.downstream.at?.frame)).toContain('"content":"lo, "');
  });

  it('failure hidden: upstream cut before its end, downstream finished', async () => {
    const whole = upstream();
    const cut = whole.slice(0, whole.indexOf('event: message_delta'));
    const up = reconstruct(cut);
    const comparison = compareReconstructions(up, reconstruct(chat()));
    expect(codes(comparison)[0]).toBe('failure hidden');
    expect(comparison.differences[0]?.upstream.at?.frame).toBe(up.frameCount - 1);
  });

});
