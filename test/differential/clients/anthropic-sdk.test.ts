// The @anthropic-ai/sdk profiles against @anthropic-ai/sdk@1.14.0 itself: every Anthropic fixture, each under the
// standard faults, and every recorded stream goes to the real SDK (its fetch answers with the body) and to the
// profile; they must agree on how the call ends, the text and the tool calls.
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile, type ClientRun } from '../../../src/index.js';
import { classOf, fixtureBodies, handBodies, recordedBodies, runReal, type NamedBody, type RealRun } from './bodies.js';

const profiles = FORMAT_MODULES.find((module) => module.name === 'anthropic')!.clients!;
const profile = (reader: string): ClientProfile => profiles.find((candidate) => candidate.reader.startsWith(reader))!;
const params = { model: 'x', max_tokens: 10, messages: [] };

function clientFor(response: Response): Anthropic {
  return new Anthropic({ apiKey: 'test', maxRetries: 0, fetch: async () => response });
}

/** The docs' loop: text from text deltas, tool input joined per tool_use block. */
async function loop(response: Response, handed: RealRun): Promise<void> {
  const stream = await clientFor(response).messages.create({ ...params, stream: true });
  const calls = new Map<number, { id: string | null; name: string; arguments: string }>();
  for await (const event of stream) {
    if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') calls.set(event.index, { id: event.content_block.id, name: event.content_block.name, arguments: '' });
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') handed.text += event.delta.text;
    if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
      const call = calls.get(event.index);
      if (call) call.arguments += event.delta.partial_json;
    }
    handed.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => ({ ...call }));
  }
}

async function final(response: Response, handed: RealRun): Promise<void> {
  const message = await clientFor(response).messages.stream(params).finalMessage();
  handed.text = message.content.filter((block) => block.type === 'text').map((block) => block.text).join('');
  handed.toolCalls = message.content.flatMap((block) => (block.type === 'tool_use' ? [{ id: block.id, name: block.name, arguments: JSON.stringify(block.input) }] : []));
}

/** The profile's tool input as the SDK hands it: parsed (the real client's is an object), where it is JSON. */
function asHanded(run: ClientRun): RealRun['toolCalls'] {
  return run.toolCalls.map((call) => {
    try {
      return { ...call, arguments: JSON.stringify(JSON.parse(call.arguments)) };
    } catch {
      return call;
    }
  });
}

const frame = (value: { type: string } & Record<string, unknown>, named = true) => `${named ? `event: ${value.type}\n` : ''}data: ${JSON.stringify(value)}\n\n`;
const start = frame({ type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', model: 'x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 0 } } });
const text = (index: number, words: string) => frame({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }) + frame({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: words } }) + frame({ type: 'content_block_stop', index });
const tool = (index: number, json: string[]) => frame({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: `t${index}`, name: 'f', input: {} } }) + json.map((partial_json) => frame({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } })).join('') + frame({ type: 'content_block_stop', index });
const end = frame({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }) + frame({ type: 'message_stop' });
const HAND = {
  'frames without event lines': [start, text(0, 'Hi'), end].join('').replace(/^event: .*\n/gm, ''),
  'two tool inputs joined in one block': start + tool(0, ['{"a":1}', '{"b":2}']) + end,
  'a tool input cut short, then closed': start + tool(0, ['{"a": "lon']) + end,
  'a second message_start': start + text(0, 'Hi') + start + end,
  'a delta before any block': start + frame({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }) + end,
  'message_delta without usage': start + text(0, 'Hi') + frame({ type: 'message_delta', delta: { stop_reason: 'end_turn' } }) + frame({ type: 'message_stop' }),
  'an error event mid-stream': start + text(0, 'Hi') + 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
  'two text blocks': start + text(0, 'Hello') + text(1, ' world') + end,
  'no message_stop': start + text(0, 'Hi') + frame({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }),
};

const bodies: NamedBody[] = [...fixtureBodies('anthropic'), ...recordedBodies('anthropic'), ...handBodies(HAND)];

describe.each([
  ['for await', loop, false],
  ['messages.stream().finalMessage()', final, true],
] as const)('@anthropic-ai/sdk %s', (reader, real, parsed) => {
  const modelled = profile(reader === 'for await' ? 'for await' : 'messages.stream()');
  it.each(bodies.map((body) => [body.name, body] as const))('%s', async (_name, body) => {
    const actual = await runReal(body, real);
    const predicted = modelled.read(body.body);
    expect({ ends: predicted.ends, thrown: classOf(predicted.thrown) }).toEqual({ ends: actual.ends, thrown: classOf(actual.thrown) });
    expect(predicted.text).toBe(actual.text);
    expect(parsed ? asHanded(predicted) : predicted.toolCalls).toEqual(actual.toolCalls);
  });
});
