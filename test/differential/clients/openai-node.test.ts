// The openai-node profiles against openai@6.49.0 itself: every Chat Completions fixture, each under the standard
// faults, and every recorded stream goes to the real SDK (its fetch answers with the body) and to the profile; they
// must agree on how the call ends (returns, throws and with which class, hangs), the text and the tool calls.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/index.js';
import { classOf, fixtureBodies, recordedBodies, runReal, type NamedBody, type RealRun } from './bodies.js';

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

const bodies: NamedBody[] = [...fixtureBodies('chat-completions'), ...recordedBodies('chat-completions')];

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
