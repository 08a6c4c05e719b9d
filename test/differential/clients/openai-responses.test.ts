// The openai-node Responses profiles against openai@6.49.0 itself: every Responses fixture, each under the standard
// faults, every recorded Responses stream and hand-made gateway mistakes go to the real SDK (its fetch answers with the
// body) and to the profile; they must agree on how the call ends (returns, throws and with which class, hangs), the
// text and the function calls, and (for finalResponse) on the status the response resolved with.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/core/index.js';
import { classOf, fixtureBodies, handBodies, recordedBodies, runReal, type NamedBody, type RealRun } from './bodies.js';

const profiles = FORMAT_MODULES.find((module) => module.name === 'responses')!.clients!;
const profile = (reader: string): ClientProfile => profiles.find((candidate) => candidate.client === 'openai-node' && candidate.reader.startsWith(reader))!;

function clientFor(response: Response): OpenAI {
  return new OpenAI({ apiKey: 'test', maxRetries: 0, fetch: async () => response });
}

type Call = { call_id?: unknown; name?: unknown; arguments?: unknown };
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const handed = (call: Call) => ({ id: text(call.call_id), name: text(call.name) ?? '', arguments: text(call.arguments) ?? '' });

/** The loop of OpenAI's function-calling guide: text from output_text deltas, calls by output_index. */
async function loop(response: Response, run: RealRun): Promise<void> {
  const stream = await clientFor(response).responses.create({ model: 'x', input: 'hi', stream: true });
  const finalToolCalls: Record<string, Call & { arguments: unknown }> = {};
  for await (const event of stream) {
    if (event.type === 'response.output_text.delta') run.text += event.delta;
    else if (event.type === 'response.output_item.added' && event.item.type === 'function_call') finalToolCalls[event.output_index] = event.item;
    else if (event.type === 'response.function_call_arguments.delta') {
      const call = finalToolCalls[event.output_index];
      if (call) call.arguments = (call.arguments as string) + event.delta;
    }
    run.toolCalls = Object.values(finalToolCalls).map(handed);
  }
}

/** The status finalResponse() resolved with, by body name (checked against the profile's note). */
const statuses = new Map<string, unknown>();

async function final(response: Response, run: RealRun, name: string): Promise<void> {
  const result = await clientFor(response).responses.stream({ model: 'x', input: 'hi' }).finalResponse();
  statuses.set(name, result.status);
  run.text = text(result.output_text) ?? '';
  run.toolCalls = result.output.filter((item) => item.type === 'function_call').map((item) => handed(item as Call));
}

const event = (type: string, fields: object, sequence: number) => `event: ${type}\ndata: ${JSON.stringify({ type, ...fields, sequence_number: sequence })}\n\n`;
const response = (status: string, output: unknown[] = []) => ({ id: 'resp_1', object: 'response', created_at: 1, status, model: 'm', output });
const message = (content: unknown[] = []) => ({ id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content });
const part = (text = '') => ({ type: 'output_text', text, annotations: [] });
const fnCall = (args: string | undefined = '') => ({ id: 'fc_1', type: 'function_call', status: 'in_progress', call_id: 'call_1', name: 'get_weather', arguments: args });
const created = event('response.created', { response: response('in_progress') }, 0);
const textStart = event('response.output_item.added', { output_index: 0, item: message() }, 1) + event('response.content_part.added', { item_id: 'msg_1', output_index: 0, content_index: 0, part: part() }, 2);
const delta = (value: string, sequence: number, output_index = 0) => event('response.output_text.delta', { item_id: 'msg_1', output_index, content_index: 0, delta: value }, sequence);
const completed = (sequence: number, output: unknown[] = [{ ...message([part('Hi there')]), status: 'completed' }]) => event('response.completed', { response: response('completed', output) }, sequence);
const callStart = event('response.output_item.added', { output_index: 0, item: fnCall() }, 1);
const argDelta = (value: string, sequence: number) => event('response.function_call_arguments.delta', { item_id: 'fc_1', output_index: 0, delta: value }, sequence);
const HAND = {
  'no response.completed': created + textStart + delta('Hi', 3) + delta(' there', 4),
  'a delta for an output item never added': created + textStart + delta('Hi', 3) + delta(' there', 4, 5) + completed(5),
  'function call done arguments differ from the deltas':
    created + callStart + argDelta('{"city":', 2) + argDelta('"Paris"}', 3) + event('response.function_call_arguments.done', { item_id: 'fc_1', output_index: 0, arguments: '{"city":"Rome"}' }, 4) +
    event('response.output_item.done', { output_index: 0, item: { ...fnCall('{"city":"Rome"}'), status: 'completed' } }, 5) + completed(6, [{ ...fnCall('{"city":"Rome"}'), status: 'completed' }]),
  'sequence numbers out of order': created + textStart + delta(' there', 4) + delta('Hi', 3) + completed(5),
  'an error event mid-stream, then the body closes': created + textStart + delta('Hi', 3) + event('error', { code: 'server_error', message: 'boom', param: null }, 4),
  'an error event mid-stream, then more text and completed': created + textStart + delta('Hi', 3) + event('error', { code: 'server_error', message: 'boom', param: null }, 4) + delta(' there', 5) + completed(6),
  'an error event with an error member': created + textStart + delta('Hi', 3) + `event: error\ndata: ${JSON.stringify({ type: 'error', error: { message: 'boom' } })}\n\n`,
  'response.failed mid-stream': created + textStart + delta('Hi', 3) + event('response.failed', { response: { ...response('failed'), error: { code: 'server_error', message: 'boom' } } }, 4),
  'an event type the SDK does not list': created + textStart + delta('Hi', 3) + event('response.gateway.heartbeat', {}, 4) + delta(' there', 5) + completed(6),
  'no response.created first': event('response.in_progress', { response: response('in_progress') }, 0) + textStart + delta('Hi', 3) + completed(4),
  'a text delta before its content part': created + event('response.output_item.added', { output_index: 0, item: message() }, 1) + delta('Hi', 2) + completed(3),
  'a function call item without arguments': created + event('response.output_item.added', { output_index: 0, item: { ...fnCall(), arguments: undefined } }, 1) + argDelta('{}', 2) + completed(3, [{ ...fnCall('{}'), status: 'completed' }]),
  'completed with an empty output': created + textStart + delta('Hi', 3) + completed(4, []),
  'a ping comment after an id line': 'id: 1\n: ping\n\n' + created + textStart + delta('Hi', 3) + completed(4),
  'an event line with no data': 'event: ping\n\n' + created + textStart + delta('Hi', 3) + completed(4),
  '[DONE] after completed': created + textStart + delta('Hi', 3) + completed(4) + 'data: [DONE]\n\n',
  'frames without event lines': (created + textStart + delta('Hi', 3) + completed(4)).replace(/^event: .*\n/gm, ''),
  'a data line that is not JSON': created + textStart + delta('Hi', 3) + 'data: {"type":\n\n' + completed(4),
};

const bodies: NamedBody[] = [...fixtureBodies('responses'), ...recordedBodies('responses'), ...handBodies(HAND)];

describe.each([
  ['for await', (response: Response, run: RealRun) => loop(response, run)],
  ['responses.stream().finalResponse()', final],
] as const)('openai-node Responses %s', (reader, real) => {
  const modelled = profile(reader);
  it.each(bodies.map((body) => [body.name, body] as const))('%s', async (name, body) => {
    const actual = await runReal(body, (response, run) => real(response, run, name));
    const predicted = modelled.read(body.body);
    expect({ ends: predicted.ends, thrown: classOf(predicted.thrown) }).toEqual({ ends: actual.ends, thrown: classOf(actual.thrown) });
    expect(predicted.text).toBe(actual.text);
    expect(predicted.toolCalls).toEqual(actual.toolCalls);
    if (reader !== 'for await' && actual.ends === 'returns') {
      const status = statuses.get(name);
      const note = predicted.notes.find((line) => line.startsWith('finalResponse() resolved with status'));
      expect(note ?? null).toBe(status === 'completed' ? null : `finalResponse() resolved with status ${JSON.stringify(status)}: the stream did not say it completed`);
    }
  });
});
