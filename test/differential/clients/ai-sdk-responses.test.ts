// The AI SDK profile over OpenAI Responses against ai@6.0.325 with @ai-sdk/openai@3.0.141 (`openai.responses(id)`)
// itself: every Responses fixture, each under the standard faults, every recorded stream and the hand-made streams
// (mistakes of Responses gateways) go to the real `streamText()` (the provider's fetch answers with the body) and to
// the profile; they must agree on how the awaits end, the text, the tool calls and the finish reason.
import { describe, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/index.js';
import { expectAgreement } from './ai-sdk-real.js';
import { endingBodies, fixtureBodies, handBodies, recordedBodies, type NamedBody } from './bodies.js';

const profile: ClientProfile = FORMAT_MODULES.find((module) => module.name === 'responses')!.clients!.find((candidate) => candidate.client === 'ai-sdk')!;

let sequence = 0;
const event = (type: string, value: object = {}) => `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...value })}\n\n`;
const created = event('response.created', { response: { id: 'resp_1', object: 'response', created_at: 1, model: 'gpt', status: 'in_progress' } });
const message = (id: string, index: number) => event('response.output_item.added', { output_index: index, item: { id, type: 'message', role: 'assistant', content: [] } });
const messageDone = (id: string, index: number) => event('response.output_item.done', { output_index: index, item: { id, type: 'message', role: 'assistant', content: [] } });
const text = (id: string, delta: string) => event('response.output_text.delta', { item_id: id, output_index: 0, content_index: 0, delta });
const callAdded = (index: number, callId: string, name: string) => event('response.output_item.added', { output_index: index, item: { id: `fc_${index}`, type: 'function_call', call_id: callId, name, arguments: '' } });
const args = (index: number, delta: string) => event('response.function_call_arguments.delta', { item_id: `fc_${index}`, output_index: index, delta });
const callDone = (index: number, callId: string, name: string, value: string) => event('response.output_item.done', { output_index: index, item: { id: `fc_${index}`, type: 'function_call', call_id: callId, name, arguments: value, status: 'completed' } });
const completed = (extra: object = {}) => event('response.completed', { response: { id: 'resp_1', status: 'completed', usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 }, ...extra } });
const incomplete = (reason: string) => event('response.incomplete', { response: { id: 'resp_1', status: 'incomplete', incomplete_details: { reason } } });
const failed = (error: object | null) => event('response.failed', { response: { id: 'resp_1', status: 'failed', error } });
const errorEvent = event('error', { code: 'server_error', message: 'boom', param: null });
const hello = message('m1', 0) + text('m1', 'Hi') + text('m1', ' there') + messageDone('m1', 0);
const call = callAdded(0, 'call_1', 'f') + args(0, '{"x":') + args(0, '1}') + callDone(0, 'call_1', 'f', '{"x":1}');

const HAND = {
  'no response.completed': created + hello,
  'no response.completed after a call': created + call,
  'a message item never done': created + message('m1', 0) + text('m1', 'Hi') + completed(),
  'a function call item never done': created + callAdded(0, 'call_1', 'f') + args(0, '{"x":1}') + completed(),
  'a function call done with other arguments than its deltas': created + callAdded(0, 'call_1', 'f') + args(0, '{"x":1}') + callDone(0, 'call_1', 'f', '{"y":2}') + completed(),
  'a function call done without added': created + callDone(0, 'call_1', 'f', '{}') + completed(),
  'a function call done without status': created + callAdded(0, 'call_1', 'f') + event('response.output_item.done', { output_index: 0, item: { id: 'fc_0', type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' } }) + completed(),
  'text deltas without a message item': created + text('m1', 'Hi') + completed(),
  'text deltas without item_id': created + message('m1', 0) + event('response.output_text.delta', { delta: 'Hi' }) + messageDone('m1', 0) + completed(),
  'an error event before any output': errorEvent + created + hello + completed(),
  'an error event after response.created': created + errorEvent + hello + completed(),
  'an error event after text': created + hello + errorEvent,
  'an error event after response.completed': created + hello + completed() + errorEvent,
  'an error event without sequence_number': created + hello + `event: error\ndata: ${JSON.stringify({ type: 'error', message: 'boom' })}\n\n` + completed(),
  'response.failed with an error before any output': created + failed({ code: 'server_error', message: 'boom' }),
  'response.failed with an error after text': created + hello + failed({ code: 'server_error', message: 'boom' }),
  'response.failed without an error': created + hello + failed(null),
  'response.incomplete for max_output_tokens': created + hello + incomplete('max_output_tokens'),
  'response.incomplete for content_filter': created + hello + incomplete('content_filter'),
  'response.incomplete for another reason after a call': created + call + incomplete('turn_limit'),
  'a refusal': created + message('m1', 0) + event('response.refusal.delta', { item_id: 'm1', delta: 'No.' }) + event('response.refusal.done', { item_id: 'm1', refusal: 'No.' }) + messageDone('m1', 0) + completed(),
  'response.completed without usage': created + hello + completed({ usage: null }),
  'usage without output_tokens': created + hello + completed({ usage: { input_tokens: 1 } }),
  'an unknown event type': created + event('response.vendor.stats', { n: 1 }) + hello + completed(),
  'an unknown item type': created + event('response.output_item.added', { output_index: 0, item: { id: 'x', type: 'vendor_item' } }) + hello + completed(),
  'a Chat Completions chunk': `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'Hi' } }] })}\n\n` + 'data: [DONE]\n\n',
  'data without a type': created + `data: ${JSON.stringify({ delta: 'Hi' })}\n\n` + hello + completed(),
  'two messages': created + hello + message('m2', 1) + text('m2', '!') + messageDone('m2', 1) + completed(),
  'two parallel calls': created + callAdded(0, 'call_1', 'f') + callAdded(1, 'call_2', 'g') + args(1, '{}') + args(0, '{}') + callDone(1, 'call_2', 'g', '{}') + callDone(0, 'call_1', 'f', '{}') + completed(),
  'two calls with the same call_id': created + callDone(0, 'call_1', 'f', '{}') + callDone(1, 'call_1', 'g', '{}') + completed(),
  'a web search call': created + event('response.output_item.added', { output_index: 0, item: { id: 'ws_1', type: 'web_search_call', status: 'in_progress' } }) + hello + completed(),
  'a reasoning item done without added': created + event('response.output_item.done', { output_index: 0, item: { id: 'rs_1', type: 'reasoning', summary: [] } }) + hello + completed(),
  'a reasoning summary part done without its item': created + event('response.reasoning_summary_part.done', { item_id: 'rs_1', summary_index: 0 }) + hello + completed(),
  'a [DONE] line from a Chat-style gateway': created + hello + completed() + 'data: [DONE]\n\n',
  'only response.created': created,
  'nothing but comments': ': ping\n\n: ping\n\n',
  'CR line ends': (created + hello + completed()).replace(/\n/g, '\r'),
};

const ENDINGS = endingBodies({
  'a reset after response.completed': [created + hello + completed(), 'failed'],
  'left open after response.completed': [created + hello + completed(), 'open'],
  'a reset after only response.created': [created, 'failed'],
  'left open after only response.created': [created, 'open'],
  'a reset after text': [created + hello, 'failed'],
  'left open after an error event': [errorEvent, 'open'],
});

const bodies: NamedBody[] = [...fixtureBodies('responses'), ...recordedBodies('responses'), ...handBodies(HAND), ...ENDINGS];

describe('ai-sdk streamText() over OpenAI Responses', () => {
  it.each(bodies.map((body) => [body.name, body] as const))('%s', async (_name, body) => expectAgreement('responses', profile, body));
});
