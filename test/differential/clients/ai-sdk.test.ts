// The AI SDK profile against ai@6.0.325 with @ai-sdk/openai@3.0.141 itself: every Chat Completions fixture, each under
// the standard faults, every recorded stream and the hand-made streams go to the real `streamText()` (its provider's
// fetch answers with the body) and to the profile; they must agree on how the awaits end (returns, throws and with
// which class, hangs), the text, the tool calls, and the finish reason.
import { describe, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/index.js';
import { expectAgreement } from './ai-sdk-real.js';
import { fixtureBodies, handBodies, recordedBodies, type NamedBody } from './bodies.js';

const profile: ClientProfile = FORMAT_MODULES.find((module) => module.name === 'chat-completions')!.clients!.find((candidate) => candidate.client === 'ai-sdk')!;

const chunk = (delta: object, finish: string | null = null, index: number | undefined = 0) => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index, delta, finish_reason: finish }] })}\n\n`;
const call = (index: number | undefined, id: string | undefined, name: string | undefined, args: string, type: string | undefined = 'function') => ({ tool_calls: [{ index, id, type, function: { name, arguments: args } }] });
const DONE = 'data: [DONE]\n\n';
const HAND = {
  'parallel calls sharing index 0': chunk({ role: 'assistant' }) + chunk(call(0, 'a', 'f', '{"x":1}')) + chunk(call(0, 'b', 'g', '{"y":2}')) + chunk({}, 'tool_calls') + DONE,
  'parallel calls sharing index 0 and name, no ids after the first': chunk(call(0, 'a', 'f', '{"x":1}')) + chunk(call(0, undefined, 'f', '{"x":2}')) + chunk({}, 'tool_calls') + DONE,
  'a call without id': chunk({ role: 'assistant' }) + chunk(call(0, undefined, 'f', '{"x":1}')) + chunk({}, 'tool_calls') + DONE,
  'two calls with the same id': chunk(call(0, 'a', 'f', '{}')) + chunk(call(1, 'a', 'g', '{}')) + chunk({}, 'tool_calls') + DONE,
  'a call with a blank name': chunk(call(0, 'a', ' ', '{}')) + chunk({ content: 'Hi' }, 'stop') + DONE,
  'no role in any delta': chunk({ content: 'Hi' }) + chunk({}, 'stop') + DONE,
  'role user': chunk({ role: 'user', content: 'Hi' }) + chunk({ content: ' there' }, 'stop') + DONE,
  'tool call without type': chunk({ role: 'assistant' }) + chunk(call(0, 'a', 'f', '{}', undefined)) + chunk({}, 'tool_calls') + DONE,
  'choice without index': chunk({ role: 'assistant', content: 'Hi' }, null, undefined) + chunk({}, 'stop', undefined) + DONE,
  'a ping comment after an id line': 'id: 1\n: ping\n\n' + chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + DONE,
  'an event line with no data': 'event: ping\n\n' + chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + DONE,
  'keepalive written as data': 'data: : keepalive\n\n' + chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + DONE,
  'an error object before any output': 'data: {"error":{"message":"boom"}}\n\n' + chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + DONE,
  'an error object after the finish reason': chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + 'data: {"error":{"message":"boom"}}\n\n' + DONE,
  'a finish reason after an error object': chunk({ content: 'Hi' }) + 'data: {"error":{"message":"boom"}}\n\n' + chunk({}, 'stop') + DONE,
  'a usage chunk with no choices field': chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', usage: { prompt_tokens: 1 } })}\n\n` + DONE,
  'a __proto__ key': chunk({ role: 'assistant', content: 'Hi' }) + 'data: {"__proto__":{"x":1},"choices":[]}\n\n' + chunk({}, 'stop') + DONE,
  'frames after [DONE]': chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + DONE + chunk({ content: ' more' }),
  'no [DONE]': chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop'),
  'a refusal then stop': chunk({ refusal: 'No.' }) + chunk({}, 'stop') + DONE,
  'only a role, then the end': chunk({ role: 'assistant' }),
  'a call continued by its id at another index': chunk(call(0, 'a', 'f', '{"x"')) + chunk(call(1, 'a', undefined, ':1}')) + chunk({}, 'tool_calls') + DONE,
  'arguments continued without id or name': chunk(call(0, 'a', 'f', '{"x"')) + chunk(call(0, undefined, undefined, ':1}')) + chunk({}, 'tool_calls') + DONE,
  'two open calls at one index, then a fragment for neither': chunk(call(0, 'a', 'f', '{"x":')) + chunk(call(0, 'b', 'g', '{"y":')) + chunk(call(0, undefined, undefined, '1}')) + chunk({}, 'tool_calls') + DONE,
  'arguments that are not JSON': chunk(call(0, 'a', 'f', 'not json')) + chunk({}, 'tool_calls') + DONE,
  'empty arguments': chunk(call(0, 'a', 'f', '')) + chunk({}, 'tool_calls') + DONE,
  'a blank id': chunk(call(0, '  ', 'f', '{}')) + chunk({}, 'tool_calls') + DONE,
  'calls out of index order': chunk(call(1, 'b', 'g', '{}')) + chunk(call(0, 'a', 'f', '{}')) + chunk({}, 'tool_calls') + DONE,
  'empty content deltas': chunk({ role: 'assistant', content: '' }) + chunk({ content: '' }, 'stop') + DONE,
  'an error object without a message': chunk({ content: 'Hi' }) + 'data: {"error":{"code":500}}\n\n' + DONE,
  'an empty data line': chunk({ content: 'Hi' }) + 'data:\n\n' + chunk({}, 'stop') + DONE,
  'CR line ends': (chunk({ content: 'Hi' }) + chunk({}, 'stop') + DONE).replace(/\n/g, '\r'),
  'two choices, output only in the second': `data: ${JSON.stringify({ choices: [{ index: 0, delta: {} }, { index: 1, delta: { content: 'B' } }] })}\n\n` + chunk({ content: 'A' }, 'stop') + DONE,
  'two byte-order marks at the start': '\uFEFF\uFEFF' + chunk({ content: 'Hi' }, 'stop') + DONE,
  'three byte-order marks at the start': '\uFEFF\uFEFF\uFEFF' + chunk({ content: 'Hi' }, 'stop') + DONE,
  'an unknown finish reason': chunk({ content: 'Hi' }, 'end_turn') + DONE,
};

/** The same streams ending otherwise: a reset, or a body left open, after everything was sent. */
const ENDINGS: NamedBody[] = [
  ['a reset after [DONE]', chunk({ content: 'Hi' }, 'stop') + DONE, 'failed'],
  ['left open after [DONE]', chunk({ content: 'Hi' }, 'stop') + DONE, 'open'],
  ['a reset before any chunk', '', 'failed'],
  ['a reset after only a role', chunk({ role: 'assistant' }), 'failed'],
  ['a reset after a keepalive written as data', 'data: : keepalive\n\n', 'failed'],
  ['left open after a fragment with no name', chunk(call(0, undefined, undefined, '{}')), 'open'],
].map(([name, text, ending]) => ({ name: `hand: ${name}`, pieces: [text!], body: { text: text!, ending: ending as NamedBody['body']['ending'] } }));

const bodies: NamedBody[] = [...fixtureBodies('chat-completions'), ...recordedBodies('chat-completions'), ...handBodies(HAND), ...ENDINGS];

describe('ai-sdk streamText() over Chat Completions', () => {
  it.each(bodies.map((body) => [body.name, body] as const))('%s', async (_name, body) => expectAgreement('chat', profile, body));
});
