import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconstruct, synthesize, type Reconstruction } from '../../../src/index.js';
import { anthropic } from '../../../src/core/formats/anthropic/index.js';

const DIR = join(import.meta.dirname, '../../../fixtures/recorded/anthropic');
const STREAMS = readdirSync(DIR).filter((name) => name.endsWith('.sse')).sort();

type Json = Record<string, unknown>;

/** One frame as Anthropic writes it: `event:` equal to the type, then the JSON. Frame i starts on line 3i + 1. */
function frame(payload: Json, event: string | null = String(payload.type)): string {
  return `${event === null ? '' : `event: ${event}\n`}data: ${JSON.stringify(payload)}\n\n`;
}

const start = (id = 'msg_1', usage: Json = { input_tokens: 10, output_tokens: 1 }): Json => ({
  type: 'message_start',
  message: { id, type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, stop_sequence: null, usage },
});
const blockStart = (index: number, block: Json): Json => ({ type: 'content_block_start', index, content_block: block });
const delta = (index: number, body: Json): Json => ({ type: 'content_block_delta', index, delta: body });
const text = (index: number, piece: string): Json => delta(index, { type: 'text_delta', text: piece });
const json = (index: number, piece: string): Json => delta(index, { type: 'input_json_delta', partial_json: piece });
const stop = (index: number): Json => ({ type: 'content_block_stop', index });
const messageDelta = (stopReason: string | null, usage: Json = { output_tokens: 9 }): Json => ({
  type: 'message_delta',
  delta: { stop_reason: stopReason, stop_sequence: null },
  usage,
});
const END: Json = { type: 'message_stop' };
const PING: Json = { type: 'ping' };

function stream(...payloads: Json[]): string {
  return payloads.map((payload) => frame(payload)).join('');
}

/** A whole, clean stream: one text block. */
function textStream(stopReason = 'end_turn'): string {
  return stream(start(), blockStart(0, { type: 'text', text: '' }), text(0, 'Hello'), stop(0), messageDelta(stopReason), END);
}

function codes(result: Reconstruction): Record<string, number> {
  return result.findingCounts as Record<string, number>;
}

function only(result: Reconstruction, code: string) {
  const found = result.findings.filter((finding) => finding.code === code);
  expect(found, `${code} in ${JSON.stringify(result.findings)}`).toHaveLength(1);
  return found[0]!;
}

function lineOf(frameIndex: number): number {
  return frameIndex * 3 + 1;
}

describe('recognise', () => {
  const score = (value: unknown) => anthropic.recognise({} as never, { kind: 'json', value });
  it('names its own event types, and could be an error event', () => {
    for (const type of ['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping']) {
      expect(score({ type })).toBe(2);
    }
    expect(score({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toBe(1);
    expect(score({ type: 'error', message: 'no error object' })).toBe(0);
    expect(score({ type: 'error', error: { message: 'no type' } })).toBe(0);
    expect(score({ object: 'chat.completion.chunk' })).toBe(0);
    expect(score([{ type: 'ping' }])).toBe(0);
    expect(anthropic.recognise({} as never, { kind: 'done' })).toBe(0);
  });
});

describe('recorded streams', () => {
  /**
   * Findings each recorded stream should give; every stream not listed gives none. Why each one is right:
   * - basic-text, text-then-tool-use, max-tokens-mid-tool-input: the source files end without a blank line after
   *   `message_stop` (the decoder's `unterminated`); a spec client, Anthropic's SDK included, drops that frame.
   * - max-tokens-mid-tool-input: block 1 (tool_use) has no `content_block_stop`; the API closes every block before
   *   `message_delta`, and this capture was cut by its authors. So the block is open, its half input is not parsed,
   *   and the stream is not the whole stream (the outcome stays length_limit: max_tokens is still what it says).
   * - duplicate-message-start: a second `message_start` for the same message before any block. Anthropic's SDK
   *   throws on it; nothing was built yet, so nothing is lost and the verdict stays complete, with the finding.
   * - programmatic-tool-calling-multi-message: 15 messages back to back in one body. The documented stream is one
   *   message per response and a client stops at the first `message_stop`, so the answer is the first message and
   *   the 111 frames after it are named once.
   */
  const EXPECTED: Record<string, Record<string, number>> = {
    'anthropic-sdk-python--basic-text.sse': { unterminated: 1 },
    'anthropic-sdk-python--text-then-tool-use.sse': { unterminated: 1 },
    'anthropic-sdk-python--max-tokens-mid-tool-input.sse': { unterminated: 1, 'block open': 1 },
    'vercel--duplicate-message-start.sse': { 'block restarted': 1 },
    'vercel--programmatic-tool-calling-multi-message.sse': { 'after end': 1 },
  };

  it('has all 27 corpus streams', () => {
    expect(STREAMS).toHaveLength(27);
  });

  for (const name of STREAMS) {
    it(`${name}: reads as Anthropic with the expected findings`, () => {
      const result = reconstruct(readFileSync(join(DIR, name)));
      expect(result.format).toBe('anthropic');
      expect(codes(result)).toEqual(EXPECTED[name] ?? {});
      expect(result.choices).toHaveLength(1);
      expect(result.error).toBeNull();
      const missing = name.includes('max-tokens-mid-tool-input');
      expect(result.verdict).toBe(missing ? 'not the whole stream' : 'complete');
    });
  }

  const withExpected = STREAMS.filter((name) => existsSync(join(DIR, name.replace(/\.sse$/, '.expected.json'))));

  it('has seven streams with expected results', () => {
    expect(withExpected).toHaveLength(7);
  });

  for (const name of withExpected) {
    it(`${name}: matches what its source asserts`, () => {
      const expected = JSON.parse(readFileSync(join(DIR, name.replace(/\.sse$/, '.expected.json')), 'utf8')) as Json;
      const result = reconstruct(readFileSync(join(DIR, name), 'utf8'));
      const response = result.response as Json;
      for (const field of ['id', 'model', 'stop_reason'] as const) {
        if (field in expected) expect(response[field]).toBe(expected[field]);
      }
      if (expected.stop_reason) expect(result.choices[0]?.finishReason).toBe(expected.stop_reason);
      if (expected.usage) {
        expect(response.usage).toMatchObject(expected.usage as Json);
        expect(result.usage).toMatchObject(expected.usage as Json);
      }
      const blocks = expected.content as Json[];
      const content = response.content as Json[];
      expect(content).toHaveLength(blocks.length);
      blocks.forEach((block, index) => {
        const { input_as_partially_parsed_by_sdk: _repaired, ...asserted } = block;
        expect(content[index]).toMatchObject(asserted);
      });
      const texts = blocks.filter((block) => block.type === 'text').map((block) => block.text);
      expect(result.choices[0]?.text).toBe(texts.join(''));
      const tools = blocks.filter((block) => block.type === 'tool_use');
      const complete = tools.filter((block) => !('input_as_partially_parsed_by_sdk' in block));
      expect(result.choices[0]?.toolCalls.map((call) => call.name)).toEqual(tools.map((block) => block.name));
      for (const block of complete) {
        const call = result.choices[0]?.toolCalls.find((candidate) => candidate.name === block.name);
        if ('id' in block) expect(call?.id).toBe(block.id);
        if ('input' in block) expect(call?.input).toEqual(block.input);
      }
    });
  }

  it('max-tokens-mid-tool-input: the half tool input is shown as it came, not parsed, not repaired', () => {
    const result = reconstruct(readFileSync(join(DIR, 'anthropic-sdk-python--max-tokens-mid-tool-input.sse'), 'utf8'));
    const call = result.choices[0]!.toolCalls[0]!;
    expect(call.arguments).toBe('{"filename": "taxes.txt", "lines_of_text": [\n"# COMPREHENSIVE TAX GUIDE FOR INDIVIDUALS WITH MULTIPLE W-2s",\n"",\n"## INTRODUCTION",\n"",\n"Filing taxes');
    expect(call).not.toHaveProperty('input');
    expect((result.response as { content: Json[] }).content[1]).not.toHaveProperty('input');
    expect(result.outcome).toBe('length_limit');
    expect(only(result, 'block open').line).toBe(28);
  });

  it('llm-anthropic--tool-use-no-input: one empty fragment means an empty input', () => {
    const result = reconstruct(readFileSync(join(DIR, 'llm-anthropic--tool-use-no-input.sse'), 'utf8'));
    expect(result.choices[0]!.toolCalls[0]).toMatchObject({ name: 'pelican_name_generator', arguments: '{}', input: {} });
  });

  it('vercel--message-delta-input-tokens: message_delta input_tokens replaces message_start\'s', () => {
    const result = reconstruct(readFileSync(join(DIR, 'vercel--message-delta-input-tokens.sse'), 'utf8'));
    expect(result.usage).toEqual({ input_tokens: 61, output_tokens: 2 });
    expect(result.choices[0]!.text).toBe('pong');
  });

  it('vercel--programmatic-tool-calling-multi-message: the first message, and one finding for the rest', () => {
    const result = reconstruct(readFileSync(join(DIR, 'vercel--programmatic-tool-calling-multi-message.sse'), 'utf8'));
    const response = result.response as Json;
    expect(response.id).toBe('msg_01ERcBqAvLTHWQDk9c9qJLWC');
    expect(response.stop_reason).toBe('tool_use');
    expect(response.container).toMatchObject({ id: 'container_011CWHPPTDTn1XufeRB9uHeH' });
    expect(result.choices[0]!.toolCalls).toEqual([
      { index: 2, id: 'toolu_019jKkXz4jAdwHweHBw92CVY', name: 'rollDie', arguments: '{"player":"player1"}', input: { player: 'player1' } },
    ]);
    const finding = only(result, 'after end');
    expect(finding.frame).toBe(167);
    expect(finding.message).toContain('111 frame(s)');
    expect(finding.message).toContain('14 more `message_start`');
  });

  it('pause-turn, refusal, stop-sequence: stop reasons and their outcomes', () => {
    const read = (name: string) => reconstruct(readFileSync(join(DIR, name), 'utf8'));
    expect(read('pydantic-ai--pause-turn.sse')).toMatchObject({ verdict: 'complete', outcome: 'ok', choices: [{ finishReason: 'pause_turn' }] });
    const refusal = read('vercel--refusal-stop-details.sse');
    expect(refusal).toMatchObject({ verdict: 'complete', outcome: 'filtered', choices: [{ text: '', finishReason: 'refusal' }] });
    expect((refusal.response as Json).stop_details).toMatchObject({ type: 'refusal', category: 'cyber' });
    expect((read('llm-anthropic--stop-sequence.sse').response as Json).stop_sequence).toEqual(expect.any(String));
  });

  it('thinking, citations, compaction, MCP and server tools are assembled into their blocks', () => {
    const read = (name: string) => reconstruct(readFileSync(join(DIR, name), 'utf8'));
    const thinking = read('llm-anthropic--thinking.sse');
    const [block] = (thinking.response as { content: Json[] }).content;
    expect(block).toMatchObject({ type: 'thinking', signature: expect.stringMatching(/^E/) });
    expect(thinking.choices[0]!.reasoning).toBe(block!.thinking);
    const cited = (read('pydantic-ai--web-search-citations.sse').response as { content: Json[] }).content;
    expect(cited.filter((candidate) => Array.isArray(candidate.citations)).length).toBeGreaterThan(0);
    const compaction = (read('pydantic-ai--compaction-cache-usage-emoji.sse').response as { content: Json[] }).content[0];
    expect(compaction).toMatchObject({ type: 'compaction', content: expect.stringContaining('say hello') });
    const mcp = read('pydantic-ai--mcp-servers.sse');
    expect((mcp.response as { content: Json[] }).content[1]).toMatchObject({ type: 'mcp_tool_use', input: { repoName: 'pydantic/pydantic-ai' } });
    expect(mcp.choices[0]!.toolCalls).toEqual([]);
  });

  it('ping is not progress and carries nothing; text deltas are progress', () => {
    const result = reconstruct(readFileSync(join(DIR, 'vercel--message-delta-input-tokens.sse'), 'utf8'));
    const ping = result.frames.find((candidate) => candidate.type === 'ping')!;
    expect(ping).toMatchObject({ progress: false, carried: 'ping' });
    const textFrame = result.frames.find((candidate) => candidate.carried.startsWith('text'))!;
    expect(textFrame).toMatchObject({ progress: true, carried: 'text +1 chars to block 0' });
  });
});

describe('hand-made streams: findings', () => {
  it('a clean stream has none, and is complete and ok', () => {
    const result = reconstruct(textStream());
    expect(result.findings).toEqual([]);
    expect(result).toMatchObject({ verdict: 'complete', outcome: 'ok', choices: [{ index: 0, text: 'Hello', toolCalls: [], finishReason: 'end_turn' }] });
    expect(result.response).toEqual({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [{ type: 'text', text: 'Hello' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 9 },
    });
  });

  it('no start: the message is built anyway, and it is not the whole stream', () => {
    const body = stream(blockStart(0, { type: 'text', text: '' }), text(0, 'Hi'), stop(0), messageDelta('end_turn'), END);
    const result = reconstruct(body);
    const finding = only(result, 'no start');
    expect(finding).toMatchObject({ line: 1, column: 1, frame: 0 });
    expect(result.verdict).toBe('not the whole stream');
    expect(result.choices[0]!.text).toBe('Hi');
    expect(result.response).not.toHaveProperty('id');
  });

  it('block open: named at its start; a tool input that never finished has no input', () => {
    const body = stream(
      start(),
      blockStart(0, { type: 'text', text: '' }),
      text(0, 'Hi'),
      blockStart(1, { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }),
      json(1, '{"a":'),
      messageDelta('max_tokens'),
      END,
    );
    const result = reconstruct(body);
    const open = result.findings.filter((finding) => finding.code === 'block open');
    expect(open.map((finding) => [finding.frame, finding.line])).toEqual([[1, lineOf(1)], [3, lineOf(3)]]);
    expect(result.verdict).toBe('not the whole stream');
    expect(result.outcome).toBe('length_limit');
    expect(result.choices[0]!.toolCalls).toEqual([{ index: 1, id: 'toolu_1', name: 'f', arguments: '{"a":' }]);
    expect((result.response as { content: Json[] }).content[1]).toEqual({ type: 'tool_use', id: 'toolu_1', name: 'f' });
  });

  it('block unstarted: a delta or stop for an index never started is not assembled', () => {
    const body = stream(start(), blockStart(0, { type: 'text', text: '' }), text(0, 'A'), text(2, 'lost'), stop(2), stop(0), messageDelta('end_turn'), END);
    const result = reconstruct(body);
    const found = result.findings.filter((finding) => finding.code === 'block unstarted');
    expect(found.map((finding) => [finding.frame, finding.line, finding.column])).toEqual([[3, lineOf(3), 1], [4, lineOf(4), 1]]);
    expect(result.choices[0]!.text).toBe('A');
    expect(result.verdict).toBe('not the whole stream');
    expect(result.frames[3]!.carried).toBe('delta for block 2: not read');
  });

  it('block unstarted: a delta after its block stopped', () => {
    const body = stream(start(), blockStart(0, { type: 'text', text: '' }), text(0, 'A'), stop(0), text(0, 'late'), messageDelta('end_turn'), END);
    const result = reconstruct(body);
    expect(only(result, 'block unstarted')).toMatchObject({ frame: 4, line: lineOf(4) });
    expect(only(result, 'block unstarted').message).toContain('already stopped');
    expect(result.choices[0]!.text).toBe('A');
  });

  it('block restarted: the later start replaces the earlier, and the finding says how much', () => {
    const body = stream(
      start(),
      blockStart(0, { type: 'text', text: '' }),
      text(0, 'first'),
      blockStart(0, { type: 'text', text: '' }),
      text(0, 'second'),
      stop(0),
      messageDelta('end_turn'),
      END,
    );
    const result = reconstruct(body);
    const finding = only(result, 'block restarted');
    expect(finding).toMatchObject({ frame: 3, line: lineOf(3), column: 1 });
    expect(finding.message).toContain('5 chars');
    expect(result.choices[0]!.text).toBe('second');
    expect(result.verdict).toBe('not the whole stream');
  });

  it('block restarted: a second message_start with blocks built replaces the message and loses a piece', () => {
    const body = stream(start('msg_a'), blockStart(0, { type: 'text', text: 'x' }), start('msg_b'), blockStart(0, { type: 'text', text: 'y' }), stop(0), messageDelta('end_turn'), END);
    const result = reconstruct(body);
    expect(only(result, 'block restarted')).toMatchObject({ frame: 2, line: lineOf(2) });
    expect(result.verdict).toBe('not the whole stream');
    expect((result.response as Json).id).toBe('msg_b');
    expect(result.choices[0]!.text).toBe('y');
  });

  it('after end: frames after message_stop are named once and not read', () => {
    const body = textStream() + stream(text(0, ' more'), PING, start('msg_2'));
    const result = reconstruct(body);
    const finding = only(result, 'after end');
    expect(finding).toMatchObject({ frame: 6, line: lineOf(6), column: 1 });
    expect(finding.message).toContain('3 frame(s)');
    expect(result.choices[0]!.text).toBe('Hello');
    expect(result.verdict).toBe('complete');
    expect(result.frames[6]!.carried).toBe('after the end: not read');
  });

  it('after end: frames after an error event', () => {
    const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    const body = stream(start(), error, PING);
    const result = reconstruct(body);
    expect(only(result, 'after end')).toMatchObject({ frame: 2, line: lineOf(2) });
    expect(result.findingCounts['no end']).toBeUndefined();
  });

  it('event mismatch: an `event:` line that names another type', () => {
    const body = stream(start()) + frame(blockStart(0, { type: 'text', text: '' }), 'content_block_delta') + stream(text(0, 'Hi'), stop(0), messageDelta('end_turn'), END);
    const result = reconstruct(body);
    const finding = only(result, 'event mismatch');
    expect(finding).toMatchObject({ frame: 1, line: lineOf(1), column: 1 });
    expect(finding.message).toContain('`event: content_block_delta`');
    expect(result.choices[0]!.text).toBe('Hi');
  });

  it('event mismatch: frames without `event:` lines are counted in one finding', () => {
    const body = [start(), blockStart(0, { type: 'text', text: '' }), text(0, 'Hi'), stop(0), messageDelta('end_turn'), END]
      .map((payload, index) => frame(payload, index < 2 ? String(payload.type) : null))
      .join('');
    const result = reconstruct(body);
    const finding = only(result, 'event mismatch');
    expect(finding).toMatchObject({ frame: 2, line: lineOf(2) });
    expect(finding.message).toContain('4 frame(s)');
    expect(result.choices[0]!.text).toBe('Hi');
    expect(result.verdict).toBe('complete');
  });

  it('unknown event: a type Anthropic does not have, [DONE], and JSON that is not an event', () => {
    const body = stream(start(), { type: 'content_block_pause', index: 0 }) + 'data: [DONE]\n\n' + 'event: x\ndata: [1,2]\n\n' + stream(messageDelta('end_turn'), END);
    const result = reconstruct(body);
    const found = result.findings.filter((finding) => finding.code === 'unknown event');
    expect(found.map((finding) => [finding.frame, finding.line])).toEqual([[1, 4], [2, 7], [3, 9]]);
    expect(found[0]!.message).toContain('content_block_pause');
    expect(found[1]!.message).toContain('[DONE]');
    expect(result.verdict).toBe('complete');
  });

  it('not assembled: unknown delta and block types, a wrong field type (a delta for another block type is a delta mismatch)', () => {
    const body = stream(
      start(),
      blockStart(0, { type: 'text', text: '' }),
      delta(0, { type: 'sparkle_delta', sparkle: 1 }),
      json(0, '{}'),
      delta(0, { type: 'text_delta', text: 42 }),
      text(0, 'ok'),
      stop(0),
      blockStart(1, { type: 'hologram', data: 'z' }),
      stop(1),
      messageDelta('end_turn'),
      END,
    );
    const result = reconstruct(body);
    const found = result.findings.filter((finding) => finding.code === 'not assembled');
    expect(found.map((finding) => finding.frame)).toEqual([2, 4, 7]);
    expect(found[0]!.message).toContain('sparkle_delta');
    expect(found[2]!.message).toContain('hologram');
    expect(only(result, 'delta mismatch').frame).toBe(3);
    expect((result.response as { content: Json[] }).content).toEqual([{ type: 'text', text: 'ok' }, { type: 'hologram', data: 'z' }]);
    expect(result.verdict).toBe('not the whole stream'); // the delta mismatch dropped a piece a client never sees
  });

  it('arguments not json: kept as assembled, no input, named at the stop', () => {
    const body = stream(start(), blockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }), json(0, '{"a": '), json(0, 'nope}'), stop(0), messageDelta('tool_use'), END);
    const result = reconstruct(body);
    expect(only(result, 'arguments not json')).toMatchObject({ frame: 4, line: lineOf(4), column: 1 });
    expect(result.choices[0]!.toolCalls).toEqual([{ index: 0, id: 'toolu_1', name: 'f', arguments: '{"a": nope}' }]);
    expect((result.response as { content: Json[] }).content[0]).not.toHaveProperty('input');
    expect(result.verdict).toBe('complete');
  });

  it('tool call incomplete: a tool_use without id is left out of the calls, and its arguments are shown', () => {
    const body = stream(start(), blockStart(0, { type: 'tool_use', name: 'f', input: {} }), json(0, '{"q":1}'), stop(0), messageDelta('tool_use'), END);
    const result = reconstruct(body);
    const finding = only(result, 'tool call incomplete');
    expect(finding).toMatchObject({ frame: 1, line: lineOf(1) });
    expect(finding.message).toContain('no id');
    expect(finding.message).toContain('{\\"q\\":1}');
    expect(result.choices[0]!.toolCalls).toEqual([]);
  });

  it('error event: the error object, the end, error_event', () => {
    const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    const body = stream(start(), blockStart(0, { type: 'text', text: '' }), text(0, 'par'), error);
    const result = reconstruct(body);
    expect(only(result, 'error event')).toMatchObject({ frame: 3, line: lineOf(3) });
    expect(result.error).toEqual({ type: 'overloaded_error', message: 'Overloaded' });
    expect(result).toMatchObject({ verdict: 'did not finish', outcome: 'error_event' });
    expect(result.choices[0]!.text).toBe('par');
    expect(result.findingCounts['no end']).toBeUndefined();
  });

  it('error event: `event: error` whose data has an error object but no type', () => {
    const body = stream(start()) + 'event: error\ndata: {"error":{"type":"api_error","message":"Internal"}}\n\n';
    const result = reconstruct(body);
    expect(only(result, 'error event')).toMatchObject({ frame: 1, line: lineOf(1) });
    expect(result.error).toEqual({ type: 'api_error', message: 'Internal' });
    expect(result.outcome).toBe('error_event');
  });

  it('delta mismatch: a delta of a known type inside a block of another kind is an error, and is not applied', () => {
    const body = stream(
      start(),
      blockStart(0, { type: 'text', text: '' }),
      json(0, '{"city":"Paris"}'),
      text(0, 'ok'),
      stop(0),
      blockStart(1, { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }),
      text(1, 'lost'),
      stop(1),
      messageDelta('tool_use'),
      END,
    );
    const result = reconstruct(body);
    const found = result.findings.filter((finding) => finding.code === 'delta mismatch');
    expect(found.map((finding) => [finding.frame, finding.severity])).toEqual([[2, 'error'], [6, 'error']]);
    expect(found[0]!.message).toContain('input_json_delta');
    expect(found[0]!.message).toContain('text block');
    expect(found[1]!.message).toContain('text_delta');
    expect(result.findingCounts['not assembled']).toBeUndefined();
    expect(result.choices[0]!.text).toBe('ok');
    expect(result.choices[0]!.toolCalls).toEqual([{ index: 1, id: 'toolu_1', name: 'f', arguments: '{}', input: {} }]);
  });

  it('signature missing: a thinking block that stops without a signature_delta', () => {
    const thinking = (index: number, piece: string) => delta(index, { type: 'thinking_delta', thinking: piece });
    const body = stream(
      start(),
      blockStart(0, { type: 'thinking', thinking: '', signature: '' }),
      thinking(0, 'Hmm.'),
      stop(0),
      blockStart(1, { type: 'thinking', thinking: '' }),
      thinking(1, 'More.'),
      stop(1),
      blockStart(2, { type: 'thinking', thinking: '', signature: '' }),
      delta(2, { type: 'signature_delta', signature: 'sig' }),
      stop(2),
      blockStart(3, { type: 'text', text: '' }),
      text(3, 'Done.'),
      stop(3),
      messageDelta('end_turn'),
      END,
    );
    const result = reconstruct(body);
    const found = result.findings.filter((finding) => finding.code === 'signature missing');
    expect(found.map((finding) => [finding.frame, finding.severity])).toEqual([[3, 'warning'], [6, 'warning']]);
    expect(found[0]!.message).toContain('block 0');
    expect(found[0]!.message).toContain('signature_delta');
    expect(result.choices[0]!.reasoning).toBe('Hmm.More.');
    expect(result.verdict).toBe('complete');
  });

  it('finish mismatch: stop_reason tool_use with no tool_use block', () => {
    const body = stream(start(), blockStart(0, { type: 'text', text: '' }), text(0, 'Let me check.'), stop(0), messageDelta('tool_use'), END);
    const result = reconstruct(body);
    const finding = only(result, 'finish mismatch');
    expect(finding).toMatchObject({ frame: 4, line: lineOf(4), severity: 'error' });
    expect(finding.message).toContain('tool_use');
    const server = stream(start(), blockStart(0, { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }), json(0, '{}'), stop(0), messageDelta('tool_use'), END);
    expect(reconstruct(server).findingCounts['finish mismatch']).toBe(1);
    const called = stream(start(), blockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }), json(0, '{}'), stop(0), messageDelta('tool_use'), END);
    expect(reconstruct(called).findings).toEqual([]);
  });

  it('no finish reason: message_stop with no message_delta', () => {
    const body = stream(start(), blockStart(0, { type: 'text', text: '' }), text(0, 'x'), stop(0), END);
    const result = reconstruct(body);
    expect(only(result, 'no finish reason')).toMatchObject({ frame: 4, line: lineOf(4) });
    expect(result.choices[0]!.finishReason).toBeNull();
  });
});

describe('hand-made streams: assembly, verdicts and outcomes', () => {
  it('max_tokens and model_context_window_exceeded are length_limit; refusal is filtered', () => {
    expect(reconstruct(textStream('max_tokens')).outcome).toBe('length_limit');
    expect(reconstruct(textStream('model_context_window_exceeded')).outcome).toBe('length_limit');
    expect(reconstruct(textStream('refusal')).outcome).toBe('filtered');
    expect(reconstruct(textStream('stop_sequence')).outcome).toBe('ok');
    expect(reconstruct(textStream('refusal')).choices[0]!.finishMeaning).toMatch(/classifier/);
  });

  it('no message_stop: did not finish, dropped', () => {
    const body = stream(start(), blockStart(0, { type: 'text', text: '' }), text(0, 'Hel'), stop(0), messageDelta('end_turn'));
    const result = reconstruct(body);
    expect(result).toMatchObject({ verdict: 'did not finish', outcome: 'dropped' });
    expect(result.findingCounts).toEqual({ 'no end': 1 });
    expect(result.choices[0]!.text).toBe('Hel');
  });

  it('message_delta usage replaces message_start usage field by field; nulls leave a field alone', () => {
    const body = stream(
      start('msg_1', { input_tokens: 10, output_tokens: 1, cache_read_input_tokens: 5, service_tier: 'standard' }),
      messageDelta('end_turn', { output_tokens: 20, input_tokens: 12, cache_read_input_tokens: null }),
      END,
    );
    const result = reconstruct(body);
    expect(result.usage).toEqual({ input_tokens: 12, output_tokens: 20, cache_read_input_tokens: 5, service_tier: 'standard' });
    expect((result.response as Json).usage).toEqual(result.usage);
  });

  it('thinking becomes reasoning; the signature is set, not appended; citations are pushed', () => {
    const citation = { type: 'char_location', cited_text: 'x', document_index: 0, document_title: null, start_char_index: 0, end_char_index: 1 };
    const body = stream(
      start(),
      blockStart(0, { type: 'thinking', thinking: '', signature: '' }),
      delta(0, { type: 'thinking_delta', thinking: 'Let me ' }),
      delta(0, { type: 'thinking_delta', thinking: 'think.' }),
      delta(0, { type: 'signature_delta', signature: 'first' }),
      delta(0, { type: 'signature_delta', signature: 'sig' }),
      stop(0),
      blockStart(1, { type: 'text', text: '' }),
      delta(1, { type: 'citations_delta', citation }),
      text(1, 'Cited.'),
      stop(1),
      messageDelta('end_turn'),
      END,
    );
    const result = reconstruct(body);
    expect(result.findings).toEqual([]);
    expect(result.choices[0]).toMatchObject({ text: 'Cited.', reasoning: 'Let me think.' });
    expect((result.response as { content: Json[] }).content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'sig' },
      { type: 'text', text: 'Cited.', citations: [citation] },
    ]);
  });

  it('tool input: fragments joined and parsed at the stop; with no delta, the start input stands', () => {
    const body = stream(
      start(),
      blockStart(0, { type: 'tool_use', id: 'toolu_a', name: 'add', input: {} }),
      json(0, ''),
      json(0, '{"a": 1, '),
      json(0, '"b": [2]}'),
      stop(0),
      blockStart(1, { type: 'tool_use', id: 'toolu_b', name: 'roll', input: { player: 'p1' } }),
      stop(1),
      messageDelta('tool_use'),
      END,
    );
    const result = reconstruct(body);
    expect(result.findings).toEqual([]);
    expect(result.choices[0]!.toolCalls).toEqual([
      { index: 0, id: 'toolu_a', name: 'add', arguments: '{"a": 1, "b": [2]}', input: { a: 1, b: [2] } },
      { index: 1, id: 'toolu_b', name: 'roll', arguments: '{"player":"p1"}', input: { player: 'p1' } },
    ]);
    expect(result.frames[3]).toMatchObject({ carried: 'tool call 0 arguments +9 chars', progress: true });
  });

  it('message_delta carries container and top-level fields onto the message', () => {
    const body = stream(
      start(),
      { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null, container: { id: 'c1', expires_at: 'z' } }, usage: { output_tokens: 3 }, context_management: { applied_edits: [] } },
      END,
    );
    const response = reconstruct(body).response as Json;
    expect(response).toMatchObject({ container: { id: 'c1', expires_at: 'z' }, context_management: { applied_edits: [] }, content: [] });
  });

  it('frames say what they carried', () => {
    const result = reconstruct(textStream());
    expect(result.frames.map((record) => [record.type, record.carried, record.progress])).toEqual([
      ['message_start', 'message start: msg_1', false],
      ['content_block_start', 'block 0 start: text', false],
      ['content_block_delta', 'text +5 chars to block 0', true],
      ['content_block_stop', 'block 0 stop', false],
      ['message_delta', 'stop reason: end_turn, usage', false],
      ['message_stop', 'end: message_stop', false],
    ]);
  });
});

describe('finish reasons and synthesize', () => {
  it('has every stop reason with its class, source and date', () => {
    const table = anthropic.finishReasons;
    expect(table.source).toMatch(/handling-stop-reasons/);
    expect(table.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.fromEntries(Object.entries(table.reasons).map(([reason, entry]) => [reason, entry.class]))).toEqual({
      end_turn: 'ok',
      max_tokens: 'length_limit',
      stop_sequence: 'ok',
      tool_use: 'ok',
      pause_turn: 'ok',
      refusal: 'filtered',
      model_context_window_exceeded: 'length_limit',
    });
  });

  it('writes `event:` lines equal to the type and cuts text into pieces of at most pieceSize', () => {
    const message = { id: 'm', type: 'message', role: 'assistant', model: 'c', content: [{ type: 'text', text: 'abcdefghij' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 2 } };
    const body = synthesize('anthropic', message, { pieceSize: 3 });
    const frames = body.split('\n\n').filter(Boolean);
    for (const raw of frames) {
      const [eventLine, dataLine] = raw.split('\n');
      expect(eventLine).toBe(`event: ${(JSON.parse(dataLine!.slice(6)) as Json).type}`);
    }
    const pieces = frames.map((raw) => JSON.parse(raw.split('\n')[1]!.slice(6)) as Json).filter((payload) => payload.type === 'content_block_delta');
    expect(pieces.map((payload) => (payload.delta as Json).text)).toEqual(['abc', 'def', 'ghi', 'j']);
    expect(reconstruct(body).response).toEqual(message);
  });

  it('refuses a response that is not an object', () => {
    expect(() => synthesize('anthropic', 'text')).toThrow(TypeError);
  });
});

describe('never throws', () => {
  const eventNames = fc.constantFrom('message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping', 'error', 'message');
  const field = fc.oneof(fc.jsonValue(), fc.constant(undefined));
  const shaped = fc.oneof(
    fc.record({ type: fc.constant('message_start'), message: fc.oneof(field, fc.record({ id: field, content: field, usage: field, model: field })) }),
    fc.record({ type: fc.constant('content_block_start'), index: fc.oneof(field, fc.nat(3)), content_block: fc.oneof(field, fc.record({ type: fc.constantFrom('text', 'tool_use', 'thinking', 'compaction', 'x'), text: field, input: field, id: field, name: field, citations: field })) }),
    fc.record({ type: fc.constant('content_block_delta'), index: fc.oneof(field, fc.nat(3)), delta: fc.oneof(field, fc.record({ type: fc.constantFrom('text_delta', 'input_json_delta', 'thinking_delta', 'signature_delta', 'citations_delta', 'compaction_delta', 'y'), text: field, partial_json: field, thinking: field, signature: field, citation: field, content: field })) }),
    fc.record({ type: fc.constant('content_block_stop'), index: fc.oneof(field, fc.nat(3)) }),
    fc.record({ type: fc.constant('message_delta'), delta: fc.oneof(field, fc.record({ stop_reason: field, stop_sequence: field, container: field })), usage: fc.oneof(field, fc.dictionary(fc.string(), fc.jsonValue())) }),
    fc.record({ type: fc.constantFrom('message_stop', 'ping', 'error'), error: field }),
  );
  const payload = fc.oneof(fc.jsonValue(), shaped);

  it('reads any JSON payloads, and Anthropic-shaped events with wrong field types, as anthropic', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(eventNames, payload), { maxLength: 25 }), (frames) => {
        const body = frames.map(([name, value]) => `event: ${name}\ndata: ${JSON.stringify(value) ?? 'null'}\n\n`).join('');
        const result = reconstruct(body, { format: 'anthropic' });
        expect(result.format).toBe('anthropic');
        expect(() => JSON.stringify(result)).not.toThrow();
        expect(['complete', 'did not finish', 'not the whole stream']).toContain(result.verdict);
      }),
      { numRuns: 300 },
    );
  });
});
