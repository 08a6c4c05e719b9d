// Our `response` against what @anthropic-ai/sdk@1.14.0's MessageStream.finalMessage() builds from the same bytes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../src/index.js';

const DIR = join(import.meta.dirname, '../../fixtures/recorded/anthropic');
const STREAMS = readdirSync(DIR).filter((name) => name.endsWith('.sse')).sort();
const PARAMS = { model: 'x', max_tokens: 1, messages: [] };

type Json = Record<string, unknown>;

/**
 * The SDK's final message as plain data. SDK-only fields left out: `parsed_output` on the message (structured
 * output sugar); the JSON copy also drops what is not data — `parsed_output` on text blocks and `__json_buf` on
 * tool blocks (non-enumerable) and `stop_details` when the SDK wrote `undefined` into it.
 */
async function sdkFinal(body: Uint8Array<ArrayBuffer> | string, beta = false): Promise<Json> {
  const client = new Anthropic({
    apiKey: 'test',
    maxRetries: 0,
    fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
  });
  const stream = beta ? client.beta.messages.stream(PARAMS) : client.messages.stream(PARAMS);
  const plain = JSON.parse(JSON.stringify(await stream.finalMessage())) as Json;
  delete plain.parsed_output;
  return plain;
}

function bytes(name: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(join(DIR, name)));
}

/** Where the stable SDK differs because the stream uses beta features its stable accumulator does not read. */
const BETA_ONLY: Record<string, { reason: string; stable: (sdk: Json, ours: Json) => void }> = {
  'pydantic-ai--compaction-cache-usage-emoji.sse': {
    reason:
      'Beta compaction: the stable SDK ignores `compaction_delta` (content stays null), copies only the stable usage counters (drops usage.iterations) and does not copy `context_management` from message_delta.',
    stable(sdk, ours) {
      expect((sdk.content as Json[])[0]!.content).toBeNull();
      expect((ours.content as Json[])[0]!.content).toEqual(expect.stringContaining('say hello'));
      expect(sdk.usage).not.toHaveProperty('iterations');
      expect(sdk).not.toHaveProperty('context_management');
    },
  },
  'pydantic-ai--mcp-servers.sse': {
    reason: 'Beta MCP connector: the stable SDK does not treat `mcp_tool_use` as a tool block, so its input_json_delta fragments are dropped and input stays {}.',
    stable(sdk, ours) {
      expect((sdk.content as Json[])[1]).toMatchObject({ type: 'mcp_tool_use', input: {} });
      expect((ours.content as Json[])[1]!.input).toMatchObject({ repoName: 'pydantic/pydantic-ai' });
    },
  },
};

/**
 * Streams where the SDK throws: we give a value and a finding. Each has a `repair` that makes the bytes what the
 * SDK accepts, and the SDK's message from the repaired bytes must equal ours (but for what `differs` names).
 */
const SDK_THROWS: Record<string, { reason: string; error: RegExp; finding: string; repair: (body: string) => string; differs?: (sdk: Json, ours: Json) => void }> = {
  'anthropic-sdk-python--basic-text.sse': {
    reason: 'The body ends without a blank line after `message_stop`; the SDK does not flush the last frame at the end of the body, so it never sees the end.',
    error: /stream ended without producing a Message/,
    finding: 'unterminated',
    repair: (body) => `${body}\n\n`,
  },
  'anthropic-sdk-python--text-then-tool-use.sse': {
    reason: 'Same as basic-text: no blank line after the last frame.',
    error: /stream ended without producing a Message/,
    finding: 'unterminated',
    repair: (body) => `${body}\n\n`,
  },
  'anthropic-sdk-python--max-tokens-mid-tool-input.sse': {
    reason:
      'No blank line after the last frame, as above. With it added, the SDK silently repairs the half tool input with its partial-JSON parser; we leave `input` out and raise `block open`.',
    error: /stream ended without producing a Message/,
    finding: 'block open',
    repair: (body) => `${body}\n\n`,
    differs(sdk, ours) {
      const [sdkTool, ourTool] = [(sdk.content as Json[])[1]!, (ours.content as Json[])[1]!];
      expect(sdkTool.input).toEqual({ filename: 'taxes.txt', lines_of_text: ['# COMPREHENSIVE TAX GUIDE FOR INDIVIDUALS WITH MULTIPLE W-2s', '', '## INTRODUCTION', ''] });
      expect(ourTool).not.toHaveProperty('input');
      const { input: _input, ...rest } = sdkTool;
      expect(ourTool).toEqual(rest);
      (sdk.content as Json[])[1] = ourTool;
    },
  },
  'vercel--duplicate-message-start.sse': {
    reason: 'A second `message_start` before `message_stop`: the SDK throws "Unexpected event order". Without the duplicate it builds what we build.',
    error: /Unexpected event order/,
    finding: 'block restarted',
    repair: (body) => body.slice(body.indexOf('event: message_start', 1)),
  },
  'vercel--programmatic-tool-calling-multi-message.sse': {
    reason: 'Fifteen messages in one body: the SDK throws at the second `message_start`. Up to the first `message_stop` it builds what we build (we stop reading there).',
    error: /Unexpected event order/,
    finding: 'after end',
    repair: (body) => body.slice(0, body.indexOf('event: message_start', 1)),
  },
};

describe('Anthropic SDK 1.14.0 finalMessage() and our response', () => {
  it('lists only streams of the corpus', () => {
    for (const name of [...Object.keys(BETA_ONLY), ...Object.keys(SDK_THROWS)]) expect(STREAMS).toContain(name);
  });

  for (const name of STREAMS.filter((stream) => !(stream in SDK_THROWS) && !(stream in BETA_ONLY))) {
    it(`${name}: equal`, async () => {
      const body = bytes(name);
      const ours = reconstruct(body).response;
      expect(ours).toEqual(await sdkFinal(body));
      expect(ours).toEqual(await sdkFinal(body, true));
    });
  }

  for (const [name, { reason, stable }] of Object.entries(BETA_ONLY)) {
    it(`${name}: equal to the beta stream; the stable one differs (${reason})`, async () => {
      const body = bytes(name);
      const ours = reconstruct(body).response as Json;
      expect(ours).toEqual(await sdkFinal(body, true));
      const sdk = await sdkFinal(body);
      expect(ours).not.toEqual(sdk);
      stable(sdk, ours);
    });
  }

  for (const [name, { reason, error, finding, repair, differs }] of Object.entries(SDK_THROWS)) {
    it(`${name}: the SDK throws, we give a value and a finding (${reason})`, async () => {
      const text = readFileSync(join(DIR, name), 'utf8');
      await expect(sdkFinal(text)).rejects.toThrow(error);
      const result = reconstruct(text);
      expect(result.response).toMatchObject({ type: 'message', role: 'assistant' });
      expect(result.findingCounts[finding as keyof typeof result.findingCounts]).toBe(1);
      const sdk = await sdkFinal(repair(text));
      differs?.(sdk, result.response as Json);
      expect(result.response).toEqual(sdk);
    });
  }
});

/** Hand-made departures the corpus lacks: what the SDK does with each, and what we give instead. */
describe('Anthropic SDK 1.14.0 on hand-made departures', () => {
  const frame = (payload: Json) => `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`;
  const start = { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } };
  const textStart = (index: number) => ({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
  const text = (index: number, piece: string) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
  const end = [{ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }, { type: 'message_stop' }];
  const toolStart = { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } };

  const CASES: Array<{ name: string; events: Json[]; sdk: RegExp | ((content: Json[]) => void); finding: string; ours: (result: ReturnType<typeof reconstruct>) => void }> = [
    {
      name: 'tool input that is not JSON: the SDK throws when the block stops',
      events: [start, toolStart, { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"a": nope}' } }, { type: 'content_block_stop', index: 0 }, ...end],
      sdk: /not valid JSON/,
      finding: 'arguments not json',
      ours: (result) => expect(result.choices[0]!.toolCalls[0]).toEqual({ index: 0, id: 'toolu_1', name: 'f', arguments: '{"a": nope}' }),
    },
    {
      name: 'a delta for a block never started: the SDK fails reading its type',
      events: [start, text(0, 'x'), ...end],
      sdk: /Cannot read properties of undefined/,
      finding: 'block unstarted',
      ours: (result) => expect(result.verdict).toBe('not the whole stream'),
    },
    {
      name: 'an error event: the SDK throws an APIError',
      events: [start, textStart(0), text(0, 'par'), { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
      sdk: /overloaded_error/,
      finding: 'error event',
      ours: (result) => expect(result).toMatchObject({ outcome: 'error_event', error: { type: 'overloaded_error' }, choices: [{ text: 'par' }] }),
    },
    {
      name: 'no message_stop: the SDK rejects finalMessage()',
      events: [start, textStart(0), text(0, 'x')],
      sdk: /stream ended without producing a Message/,
      finding: 'no end',
      ours: (result) => expect(result).toMatchObject({ verdict: 'did not finish', outcome: 'dropped', choices: [{ text: 'x' }] }),
    },
    {
      name: 'a block started twice: the SDK silently appends a second block and joins both texts into the first',
      events: [start, textStart(0), text(0, 'first'), textStart(0), text(0, 'second'), { type: 'content_block_stop', index: 0 }, ...end],
      sdk: (content) => expect(content).toEqual([{ type: 'text', text: 'firstsecond' }, { type: 'text', text: '' }]),
      finding: 'block restarted',
      ours: (result) => expect((result.response as { content: Json[] }).content).toEqual([{ type: 'text', text: 'second' }]),
    },
  ];

  for (const { name, events, sdk, finding, ours } of CASES) {
    it(name, async () => {
      const body = events.map(frame).join('');
      if (sdk instanceof RegExp) await expect(sdkFinal(body)).rejects.toThrow(sdk);
      else sdk((await sdkFinal(body)).content as Json[]);
      const result = reconstruct(body);
      expect(result.response).toMatchObject({ id: 'msg_1', type: 'message' });
      expect(result.findingCounts[finding as keyof typeof result.findingCounts]).toBe(1);
      ours(result);
    });
  }
});
