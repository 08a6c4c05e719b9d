import { describe, expect, it } from 'vitest';
import { isReconstruction, reconstruct } from '../../src/index.js';

const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
const messageStart =
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":0}}}\n\n';

describe('reconstruct()', () => {
  it('reads the stream again as the majority format when the first frame named another', () => {
    const result = reconstruct(messageStart + chunk('a') + chunk('b') + chunk('c', 'stop') + 'data: [DONE]\n\n');
    expect(result.format).toBe('chat-completions');
    expect(result.choices[0]?.text).toBe('abc');
    expect(result.findingCounts).toEqual({ 'unknown event': 1, mixed: 1 });
    expect(result.findings[0]).toMatchObject({ code: 'unknown event', line: 1, frame: 0 });
    expect(result.frames[0]?.carried).toMatch(/not read/);
    expect(result.findings.find((f) => f.code === 'mixed')?.message).toContain('3 Chat Completions, 1 Anthropic Messages');
  });

  it('gives the same result for every way of cutting the input', () => {
    const text = chunk('Hello, ') + chunk('wörld 🌍') + chunk('', 'stop') + 'data: [DONE]\n\n';
    const whole = JSON.stringify(reconstruct(text));
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 2, 3, 7, 64]) {
      const pieces: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
      expect(JSON.stringify(reconstruct(pieces))).toBe(whole);
    }
  });

  it('is branded for the matchers, and the brand does not show in JSON', () => {
    const result = reconstruct(chunk('x', 'stop') + 'data: [DONE]\n\n');
    expect(isReconstruction(result)).toBe(true);
    expect(isReconstruction(JSON.parse(JSON.stringify(result)))).toBe(false);
    expect(Object.keys(result)).not.toContain('brand');
  });

  it('reads an empty input as no format, did not finish, with the empty finding', () => {
    const result = reconstruct('');
    expect(result).toMatchObject({ format: null, verdict: 'did not finish', outcome: 'dropped', choices: [] });
    expect(result.findingCounts).toEqual({ empty: 1 });
  });

  it('keeps no frames table when asked not to', () => {
    const result = reconstruct(chunk('x', 'stop') + 'data: [DONE]\n\n', { frames: false });
    expect(result.frames).toEqual([]);
    expect(result.choices[0]?.text).toBe('x');
  });

  it('throws only on misuse, saying what to pass', () => {
    expect(() => reconstruct(42 as never)).toThrow(/takes the stream's text/);
    expect(() => reconstruct('', { format: 'openai' as never })).toThrow(/options.format must be one of 'chat-completions'/);
    expect(() => reconstruct('', null as never)).toThrow(/options must be an object/);
    expect(() => reconstruct(new ReadableStream() as never)).toThrow(/reconstructStream/);
  });
});

describe('the frames table of a large stream', () => {
  it('keeps data up to the budget, then only for frames that findings name, so memory stays bounded', () => {
    const piece = 'x'.repeat(4000);
    const healthy = Array.from({ length: 1300 }, () => chunk(piece)).join('');
    const text = healthy + 'data: {"broken\n\n' + chunk('', 'stop') + 'data: [DONE]\n\n';
    const result = reconstruct(text);
    expect(result.choices[0]?.text.length).toBe(1300 * 4000);
    expect(result.frames).toHaveLength(1303);
    expect(result.frames[0]?.data).toContain(piece);
    const dropped = result.frames.filter((frame) => frame.data === null);
    expect(dropped.length).toBeGreaterThan(200);
    // The frame a finding names keeps its data; a dropped frame's text is still in the input at start..end.
    expect(result.frames[1300]?.data).toBe('{"broken');
    const first = dropped[0]!;
    expect(text.slice(first.start, first.end)).toContain(piece);
  });
});

describe('the frames table, kept in columns', () => {
  it('gives every frame its data as the decoder read it, whatever the chunking (bytes, strings, a split surrogate pair)', () => {
    const text = chunk('a😀b') + 'event: x\nid: 7\n: note\ndata: {"object":"chat.completion.chunk","choices":[]}\n\n' + chunk('', 'stop') + 'data: [DONE]\n\n';
    const whole = reconstruct(text);
    const pair = text.indexOf('😀') + 1; // between the two halves of the pair
    const cut = reconstruct([text.slice(0, pair), text.slice(pair)]);
    const bytes = new TextEncoder().encode(text);
    const byBytes = reconstruct([bytes.slice(0, 7), bytes.slice(7, pair + 20), bytes.slice(pair + 20)]);
    for (const result of [whole, cut, byBytes]) {
      expect(result.frames.map((frame) => frame.data)).toEqual([
        JSON.stringify(JSON.parse(chunk('a😀b').slice(6))),
        '{"object":"chat.completion.chunk","choices":[]}',
        JSON.stringify(JSON.parse(chunk('', 'stop').slice(6))),
        '[DONE]',
      ]);
      expect(result.frames[1]).toMatchObject({ event: 'x', lastEventId: '7', type: 'chat.completion.chunk' });
      expect(result.frames[2]?.lastEventId).toBe('7');
    }
  });

  it('counts frames without building them, and builds them once, as plain enumerable data', () => {
    const result = reconstruct(chunk('a') + chunk('b', 'stop') + 'data: [DONE]\n\n');
    expect(result.frameCount).toBe(3);
    const frames = result.frames;
    expect(result.frames).toBe(frames);
    expect(Object.keys(result)).toContain('frames');
    expect(JSON.parse(JSON.stringify(result)).frames).toHaveLength(3);
    expect(frames[0]).toEqual({
      index: 0, event: 'message', data: chunk('a').slice(6, -2), lastEventId: '', dispatched: true, line: 1, endLine: 2,
      start: 0, end: chunk('a').length, type: 'chat.completion.chunk', carried: 'text +1 chars to choice 0', progress: true,
    });
  });

  it('with frames: false keeps no rows but still the count and the arrival times for the deadlines', () => {
    const stamped = ['[00:00:00.000] ' + chunk('a').trimEnd(), '', '[00:00:45.000] ' + chunk('b', 'stop').trimEnd(), '', '[00:00:45.100] data: [DONE]', '', ''].join('\n');
    const result = reconstruct(stamped, { frames: false });
    expect(result.frames).toEqual([]);
    expect(result.frameCount).toBe(3);
    expect(result.timing.maxIdleMs).toBe(45_000);
    expect(result.outcome).toBe('stalled');
  });
});
