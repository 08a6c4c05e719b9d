// The real `streamText()` of ai@6 over one provider whose fetch answers with a body, as a RealRun plus the finish
// reason it resolved with: what every AI SDK profile is held against.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { streamText, type LanguageModel } from 'ai';
import { expect } from 'vitest';
import type { ClientProfile } from '../../../src/index.js';
import { classOf, runReal, type NamedBody, type RealRun } from './bodies.js';

/** The providers the profiles model, each a model over a fetch that answers with the served response. */
export const PROVIDERS = {
  chat: (fetch: () => Promise<Response>): LanguageModel => createOpenAI({ apiKey: 'test', fetch }).chat('m'),
  anthropic: (fetch: () => Promise<Response>): LanguageModel => createAnthropic({ apiKey: 'test', fetch }).messages('claude-x'),
  google: (fetch: () => Promise<Response>): LanguageModel => createGoogleGenerativeAI({ apiKey: 'test', fetch })('gemini-x'),
  responses: (fetch: () => Promise<Response>): LanguageModel => createOpenAI({ apiKey: 'test', fetch }).responses('gpt-x'),
};

/** With no tools given, a call's input is its arguments parsed when they are JSON, else the raw text. */
const inputText = (input: unknown): string => (typeof input === 'string' ? input : JSON.stringify(input));
export const asInput = (args: string): string => {
  try {
    return inputText(JSON.parse(args));
  } catch {
    return args;
  }
};

/** What the real client did with the body, and the finish reason it resolved with (null when it did not). */
export async function realStreamText(provider: keyof typeof PROVIDERS, named: NamedBody): Promise<RealRun & { finish: string | null }> {
  let finish: string | null = null;
  const run = await runReal(named, async (response: Response, handed: RealRun) => {
    const result = streamText({ model: PROVIDERS[provider](async () => response), prompt: 'x', maxRetries: 0, onError: () => {} });
    handed.text = await result.text;
    handed.toolCalls = (await result.toolCalls).map((call) => ({ id: call.toolCallId, name: call.toolName, arguments: inputText(call.input) }));
    finish = await result.finishReason;
  });
  return { ...run, finish };
}

/** Profile and real client agree on how the awaits end, the text, the tool calls and the finish reason. */
export async function expectAgreement(provider: keyof typeof PROVIDERS, profile: ClientProfile, named: NamedBody): Promise<void> {
  const actual = await realStreamText(provider, named);
  const predicted = profile.read(named.body);
  expect({ ends: predicted.ends, thrown: classOf(predicted.thrown) }).toEqual({ ends: actual.ends, thrown: classOf(actual.thrown) });
  expect(predicted.text).toBe(actual.text);
  // A call whose id the SDK made up has a null id in the profile (and a note).
  const expectedCalls = actual.toolCalls.map((real, at) => ({ ...real, id: predicted.toolCalls[at]?.id === null ? null : real.id }));
  expect(predicted.toolCalls.map((modelled) => ({ ...modelled, arguments: asInput(modelled.arguments) }))).toEqual(expectedCalls);
  if (actual.ends === 'returns') expect(predicted.notes).toContain(`finishReason: ${actual.finish}`);
}
