// The openai-node profiles against openai@6.49.0 itself: every Chat Completions fixture, each under the standard
// faults, and every recorded stream goes to the real SDK (its fetch answers with the body) and to the profile; they
// must agree on how the call ends (returns, throws and with which class, hangs), the text and the tool calls.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/index.js';
import { classOf, fixtureBodies, handBodies, recordedBodies, runReal, type NamedBody, type RealRun } from './bodies.js';

const profiles = FORMAT_MODULES.find((module) => module.name === 'chat-completions')!.clients!;
const profile = (reader: string): ClientProfile => profiles.find((candidate) => candidate.client === 'openai-node' && candidate.reader.startsWith(reader))!;

function clientFor(response: Response): OpenAI {
  return new OpenAI({ apiKey: 'test', maxRetries: 0, fetch: async () => response });
}

/** The README's loop, and tool calls joined by index as the SDK's own snapshot joins them. */
async function loop(response: Response, handed: RealRun): Promise<void> {
  const stream = await clientFor(response).chat.completions.create({ model: 'x', messages: [], stream: true });
  const calls = new Map<string, { id: string | null; name: string; arguments: string }>();
  for await (const chunk of stream) {
    handed.text += chunk.choices[0]?.delta?.content || '';
    for (const fragment of chunk.choices[0]?.delta?.tool_calls ?? []) {
      const key = String(fragment.index);
      const call = calls.get(key) ?? { id: null, name: '', arguments: '' };
      calls.set(key, call);
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name = fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
    }
    handed.toolCalls = [...calls.entries()].filter(([key]) => /^(0|[1-9]\d*)$/.test(key)).sort(([a], [b]) => Number(a) - Number(b)).map(([, call]) => ({ ...call }));
  }
}

async function final(response: Response, handed: RealRun): Promise<void> {
  const completion = await clientFor(response).chat.completions.stream({ model: 'x', messages: [] }).finalChatCompletion();
  const message = completion.choices[0]?.message;
  handed.text = message?.content ?? '';
  handed.toolCalls = (message?.tool_calls ?? []).map((call) => ({ id: call.id, name: call.type === 'function' ? call.function.name : '', arguments: call.type === 'function' ? call.function.arguments : '' }));
}

const chunk = (delta: object, finish: string | null = null, index: number | undefined = 0) => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index, delta, finish_reason: finish }] })}\n\n`;
const call = (index: number | undefined, id: string | undefined, name: string | undefined, args: string, type: string | undefined = 'function') => ({ tool_calls: [{ index, id, type, function: { name, arguments: args } }] });
const HAND = {
  'parallel calls sharing index 0': chunk({ role: 'assistant' }) + chunk(call(0, 'a', 'f', '{"x":1}')) + chunk(call(0, 'b', 'g', '{"y":2}')) + chunk({}, 'tool_calls') + 'data: [DONE]\n\n',
  'no role in any delta': chunk({ content: 'Hi' }) + chunk({}, 'stop') + 'data: [DONE]\n\n',
  'tool call without type': chunk({ role: 'assistant' }) + chunk(call(0, 'a', 'f', '{}', undefined)) + chunk({}, 'tool_calls') + 'data: [DONE]\n\n',
  'choice without index': chunk({ role: 'assistant', content: 'Hi' }, null, undefined) + chunk({}, 'stop', undefined) + 'data: [DONE]\n\n',
  'a ping comment after an id line': 'id: 1\n: ping\n\n' + chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + 'data: [DONE]\n\n',
  'an event line with no data': 'event: ping\n\n' + chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + 'data: [DONE]\n\n',
  'keepalive written as data': 'data: : keepalive\n\n' + chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + 'data: [DONE]\n\n',
  'a usage chunk with no choices field': chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', usage: { prompt_tokens: 1 } })}\n\n` + 'data: [DONE]\n\n',
  'frames after [DONE]': chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + 'data: [DONE]\n\n' + chunk({ content: ' more' }),
  'no [DONE]': chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop'),
};

const bodies: NamedBody[] = [...fixtureBodies('chat-completions'), ...recordedBodies('chat-completions'), ...handBodies(HAND)];

describe.each([
  ['for await', loop],
  ['chat.completions.stream().finalChatCompletion()', final],
] as const)('openai-node %s', (reader, real) => {
  const modelled = profile(reader);
  it.each(bodies.map((body) => [body.name, body] as const))('%s', async (_name, body) => {
    const actual = await runReal(body, real);
    const predicted = modelled.read(body.body);
    expect({ ends: predicted.ends, thrown: classOf(predicted.thrown) }).toEqual({ ends: actual.ends, thrown: classOf(actual.thrown) });
    expect(predicted.text).toBe(actual.text);
    // A call without an id gets a made-up one from the SDK; the profile says so in a note.
    const ids = actual.toolCalls.map((call, at) => (predicted.toolCalls[at]?.id === null && /^call_/.test(call.id ?? '') ? null : call.id));
    expect(predicted.toolCalls).toEqual(actual.toolCalls.map((call, at) => ({ ...call, id: ids[at] })));
  });
});
