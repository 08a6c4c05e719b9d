// The @langchain/openai profiles against ChatOpenAI itself (@langchain/openai 1.5.8 on @langchain/core 1.4.0 and
// openai 6): every Chat Completions fixture, each under the standard faults, every recorded stream and the hand-made
// gateway mistakes go to the real model (its openai client's fetch answers with the body) and to the profile; they must
// agree on how the call ends, the text, the tool calls and the invalid tool calls.
import { ChatOpenAI } from '@langchain/openai';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/index.js';
import { expectLangChainAgrees, fixtureBodies, handBodies, holdLangChainMessage, langChainLoop, recordedBodies, type LangChainRun, type NamedBody } from './bodies.js';

const profiles = FORMAT_MODULES.find((module) => module.name === 'chat-completions')!.clients!;
const profile = (reader: string): ClientProfile => profiles.find((candidate) => candidate.client === '@langchain/openai' && candidate.reader.includes(reader))!;

// One model for the file (LangChain is heavy to build); its fetch answers with the body under test. `maxRetries: 0`:
// LangChain retries only the request, never a stream, but a retry would read the same body twice.
let current: Response;
const model = new ChatOpenAI({ model: 'gpt-4o-mini', apiKey: 'test', maxRetries: 0, streaming: true, configuration: { fetch: async () => current } });
// invoke() counts tokens with tiktoken, which it fetches from the network: an approximate count stands in.
(model as unknown as { completions: { _encoding: unknown } }).completions._encoding = { encode: (text: string) => [...text].map(() => 0) };

const stream = (response: Response, handed: LangChainRun): Promise<void> => {
  current = response;
  return langChainLoop(model, handed);
};

async function invoke(response: Response, handed: LangChainRun): Promise<void> {
  current = response;
  holdLangChainMessage(await model.invoke('hi'), handed);
}

const chunk = (delta: object, finish: string | null = null, index = 0) => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index, delta, finish_reason: finish }] })}\n\n`;
const call = (id: string | undefined, name: string | undefined, args: string) => ({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: args } }] });
const done = 'data: [DONE]\n\n';
const HAND = {
  'parallel calls sharing index 0': chunk({ role: 'assistant' }) + chunk(call('a', 'f', '{"x":1}')) + chunk(call('b', 'g', '{"y":2}')) + chunk({}, 'tool_calls') + done,
  'no role in any delta': chunk({ content: 'Hi' }) + chunk({}, 'stop') + done,
  'a choice without index': `data: ${JSON.stringify({ id: 'c', choices: [{ delta: { role: 'assistant', content: 'Hi' } }] })}\n\n` + done,
  'a comment after an id line': 'id: 7\n: keepalive\n\n' + chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + done,
  'a keepalive sent as data': 'data: : ping\n\n' + chunk({ role: 'assistant', content: 'Hi' }) + done,
  'a usage chunk without choices': chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + `data: ${JSON.stringify({ id: 'c', usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } })}\n\n` + done,
  'a chunk after [DONE]': chunk({ role: 'assistant', content: 'Hi' }) + done + chunk({ content: '!' }),
  'no [DONE]': chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop'),
  'parallel calls sharing index 0, the second continued without id': chunk({ role: 'assistant' }) + chunk(call('a', 'f', '{"x":1}')) + chunk(call('b', 'g', '{"y":')) + chunk(call(undefined, undefined, '2}')) + chunk({}, 'tool_calls') + done,
  'a tool call whose arguments are cut': chunk({ role: 'assistant' }) + chunk(call('a', 'f', '{"city": "Par')) + chunk({}, 'tool_calls') + done,
  'a tool call with arguments that are not JSON': chunk({ role: 'assistant' }) + chunk(call('a', 'f', 'city=Paris')) + chunk({}, 'tool_calls') + done,
  'a tool call without id': chunk({ role: 'assistant' }) + chunk(call(undefined, 'f', '{}')) + chunk({}, 'tool_calls') + done,
  'tool calls without a role': chunk(call('a', 'f', '{}')) + chunk({}, 'tool_calls') + done,
  'two choices': chunk({ role: 'assistant', content: 'A' }) + chunk({ role: 'assistant', content: 'B' }, null, 1) + chunk({}, 'stop') + chunk({}, 'stop', 1) + done,
  'only choice 1': chunk({ role: 'assistant', content: 'B' }, null, 1) + chunk({}, 'stop', 1) + `data: ${JSON.stringify({ id: 'c', choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n` + done,
  'content that is not a string': chunk({ role: 'assistant', content: 'A' }) + chunk({ content: [{ type: 'text', text: 'B' }] }) + chunk({}, 'stop') + done,
  'usage of another type in one chunk': chunk({ role: 'assistant', content: 'A' }) + `data: ${JSON.stringify({ id: 'c', usage: { prompt_tokens: 1 }, choices: [{ index: 0, delta: { content: 'B' } }] })}\n\n` + `data: ${JSON.stringify({ id: 'c', usage: { prompt_tokens: '1' }, choices: [{ index: 0, delta: { content: 'C' } }] })}\n\n` + done,
  'a null chunk': chunk({ role: 'assistant', content: 'A' }) + 'data: null\n\n' + done,
  'a user role': chunk({ role: 'user', content: 'A' }) + chunk({ content: 'B' }, 'stop') + done,
};

const bodies: NamedBody[] = [...fixtureBodies('chat-completions'), ...recordedBodies('chat-completions'), ...handBodies(HAND)];

beforeAll(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));
afterAll(() => vi.restoreAllMocks());

describe.each([
  ['model.stream()', stream],
  ['invoke()', invoke],
] as const)('@langchain/openai %s', (reader, real) => {
  const modelled = profile(reader);
  it.each(bodies.map((body) => [body.name, body] as const))('%s', (_name, body) => expectLangChainAgrees(modelled, body, real));
});
