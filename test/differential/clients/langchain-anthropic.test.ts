// The @langchain/anthropic profiles against ChatAnthropic itself (@langchain/anthropic 1.5.11 on @langchain/core 1.4.0
// and the @anthropic-ai/sdk 0.122.0 it pins): every Anthropic fixture, each under the standard faults, every recorded
// stream and the hand-made gateway mistakes go to the real model (its SDK client's fetch answers with the body) and to
// the profile; they must agree on how the call ends, the text, the tool calls and the invalid tool calls.
import { ChatAnthropic } from '@langchain/anthropic';
import { describe, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/index.js';
import { expectLangChainAgrees, fixtureBodies, handBodies, holdLangChainMessage, langChainLoop, recordedBodies, type LangChainRun, type NamedBody } from './bodies.js';

const profiles = FORMAT_MODULES.find((module) => module.name === 'anthropic')!.clients!;
const profile = (reader: string): ClientProfile => profiles.find((candidate) => candidate.client === '@langchain/anthropic' && candidate.reader.includes(reader))!;

// One model for the file (LangChain is heavy to build); its SDK client's fetch answers with the body under test.
// `maxRetries: 0`: LangChain retries only the request, never a stream, but a retry would read the same body twice.
let current: Response;
const model = new ChatAnthropic({ model: 'claude-sonnet-4-5', apiKey: 'test', maxRetries: 0, streaming: true, clientOptions: { fetch: async () => current } });
const withTools = model.bindTools([{ name: 'f', description: 'a tool', input_schema: { type: 'object', properties: {} } }]);

const streamOf = (runnable: Parameters<typeof langChainLoop>[0]) => (response: Response, handed: LangChainRun): Promise<void> => {
  current = response;
  return langChainLoop(runnable, handed);
};

async function invoke(response: Response, handed: LangChainRun): Promise<void> {
  current = response;
  holdLangChainMessage(await model.invoke('hi'), handed);
}

const frame = (value: { type: string } & Record<string, unknown>, name: string | null = value.type) => `${name === null ? '' : `event: ${name}\n`}data: ${JSON.stringify(value)}\n\n`;
const start = frame({ type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', model: 'x', content: [], stop_reason: null, usage: { input_tokens: 2, output_tokens: 0 } } });
const block = (index: number, content_block: object) => frame({ type: 'content_block_start', index, content_block });
const delta = (index: number, value: object) => frame({ type: 'content_block_delta', index, delta: value });
const stop = (index: number) => frame({ type: 'content_block_stop', index });
const text = (index: number, words: string) => block(index, { type: 'text', text: '' }) + delta(index, { type: 'text_delta', text: words }) + stop(index);
const tool = (index: number, id: string, json: string[]) => block(index, { type: 'tool_use', id, name: 'f', input: {} }) + json.map((partial_json) => delta(index, { type: 'input_json_delta', partial_json })).join('') + stop(index);
const end = frame({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }) + frame({ type: 'message_stop' });
const HAND = {
  'frames without event lines': [start, text(0, 'Hi'), end].join('').replace(/^event: .*\n/gm, ''),
  'text under an event name the SDK does not know': start + text(0, 'Hi') + frame({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '!' } }, 'delta') + end,
  'an event with empty data': start + text(0, 'Hi') + 'event: message_stop\ndata:\n\n',
  'thinking, then text': start + block(0, { type: 'thinking', thinking: '' }) + delta(0, { type: 'thinking_delta', thinking: 'Hmm.' }) + delta(0, { type: 'signature_delta', signature: 's' }) + stop(0) + text(1, 'Hi') + end,
  'thinking that starts with text in its block': start + block(0, { type: 'thinking', thinking: 'Let me see. ' }) + stop(0) + text(1, 'Hi') + end,
  'two tool calls': start + tool(0, 't0', ['{"a":', '1}']) + tool(1, 't1', ['{"b":2}']) + end,
  'a tool input cut short': start + tool(0, 't0', ['{"a": "lon']) + end,
  'a tool input that is not JSON': start + tool(0, 't0', ['a=1']) + end,
  'a tool call with no input': start + tool(0, 't0', []) + end,
  'two tool calls sharing index 0': start + tool(0, 't0', ['{"a":1}']) + tool(0, 't1', ['{"b":2}']) + end,
  'a second message_start': start + text(0, 'Hi') + start + end,
  'message_start without usage': frame({ type: 'message_start', message: { id: 'm', role: 'assistant', content: [] } }) + text(0, 'Hi') + end,
  'message_delta without usage': start + text(0, 'Hi') + frame({ type: 'message_delta', delta: { stop_reason: 'end_turn' } }) + frame({ type: 'message_stop' }),
  'a delta before any block': start + delta(0, { type: 'text_delta', text: 'Hi' }) + end,
  'an error event mid-stream': start + text(0, 'Hi') + 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
  'no events at all': ': nothing\n\n',
  'a citation': start + block(0, { type: 'text', text: '' }) + delta(0, { type: 'citations_delta', citation: { type: 'char_location', cited_text: 'x' } }) + delta(0, { type: 'text_delta', text: 'Cited.' }) + stop(0) + end,
};

const bodies: NamedBody[] = [...fixtureBodies('anthropic'), ...recordedBodies('anthropic'), ...handBodies(HAND)];

describe.each([
  ['model.stream()', streamOf(model)],
  ['bindTools', streamOf(withTools)],
  ['invoke()', invoke],
] as const)('@langchain/anthropic %s', (reader, real) => {
  const modelled = profile(reader);
  it.each(bodies.map((body) => [body.name, body] as const))('%s', (_name, body) => expectLangChainAgrees(modelled, body, real));
});
