// The answer checked against an oracle we did not write: the AI SDK (ai 6 with its OpenAI, Anthropic and Google
// providers) reads the same stream bytes through a fetch that answers with them. Text, reasoning, tool calls, the
// finish class and usage must agree, except where a difference is listed below with its reason.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { streamText, type LanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../src/fixtures/index.js';
import { reconstruct, type AnswerUsage, type FinishClass } from '../../../src/index.js';

const fetchOf = (body: string): typeof fetch => (async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })) as typeof fetch;

/** The SDK's model for each format it speaks (Behavior Run is Salyro's own: the SDK has no provider for it). */
const MODELS: Record<string, (body: string) => LanguageModel> = {
  'chat-completions': (body) => createOpenAI({ apiKey: 'test', fetch: fetchOf(body) }).chat('gpt-4o'),
  responses: (body) => createOpenAI({ apiKey: 'test', fetch: fetchOf(body) }).responses('gpt-4o'),
  anthropic: (body) => createAnthropic({ apiKey: 'test', fetch: fetchOf(body) })('claude-sonnet-4-5'),
  gemini: (body) => createGoogleGenerativeAI({ apiKey: 'test', fetch: fetchOf(body) })('gemini-2.5-flash'),
};

/** The SDK's finish reasons in our classes. */
const SDK_FINISH: Record<string, FinishClass> = { stop: 'stop', length: 'length', 'content-filter': 'content_filter', 'tool-calls': 'tool_use', error: 'error', other: 'unknown' };

/**
 * Where the SDK and we read the same bytes differently, and why. Each entry names the fixture and what differs; a
 * difference not listed fails the test, and a listed one that no longer differs fails it too.
 */
const ORACLE_DIFFERENCES: Record<string, string> = {
  'chat-completions/refusal text':
    "The SDK puts the model's `refusal` into the text; the answer keeps the refusal apart (AnswerChoice.refusal), as the API sends it.",
  'chat-completions/refusal finish':
    "The SDK calls a choice with a refusal a content-filter finish; the answer takes the finish_reason as sent (`stop`), and the refusal is its own field.",
  'responses/refusal text': 'As for Chat Completions: the SDK puts the refusal part into the text; the answer keeps it apart.',
  'responses/refusal finish': 'As for Chat Completions: the SDK calls it content-filter; the status is `completed`, so the answer says stop.',
  'chat-completions/reasoning reasoning':
    "The SDK's OpenAI provider does not read the providers' `reasoning_content`/`reasoning` delta fields (DeepSeek, xAI, OpenRouter); the answer does.",
  'anthropic/refusal finish':
    'The SDK has no refusal class and maps `refusal` to content-filter; the answer keeps Anthropic\'s own meaning: the model declined.',
};

interface SdkReading {
  text: string;
  reasoning: string;
  finish: FinishClass;
  calls: unknown[];
  usage: AnswerUsage;
}

async function readWithSdk(model: LanguageModel): Promise<SdkReading> {
  const result = streamText({ model, prompt: 'the same request', onError: () => {} });
  const usage = await result.usage;
  return {
    text: await result.text,
    reasoning: (await result.reasoningText) ?? '',
    finish: SDK_FINISH[await result.finishReason] ?? 'unknown',
    calls: (await result.toolCalls).map((call) => [call.toolName, call.input]),
    usage: {
      input: usage.inputTokens ?? null,
      output: usage.outputTokens ?? null,
      total: usage.totalTokens ?? null,
      cacheRead: usage.inputTokenDetails.cacheReadTokens ?? null,
      cacheWrite: usage.inputTokenDetails.cacheWriteTokens ?? null,
      reasoning: usage.outputTokenDetails.reasoningTokens ?? null,
    },
  };
}

/**
 * The SDK fills a count the stream did not carry with 0 (no cache read, no reasoning, no output on a blocked prompt);
 * the answer says null: nothing was said. A null of ours matches the SDK's 0; every count carried must be equal.
 */
function usageAgrees(ours: AnswerUsage | null, sdk: AnswerUsage): boolean {
  if (ours === null) return sdk.input === null && sdk.output === null;
  return (Object.keys(sdk) as Array<keyof AnswerUsage>).every((key) => ours[key] === sdk[key] || (ours[key] === null && (sdk[key] === 0 || sdk[key] === null)));
}

const CASES = FIXTURES.filter((fixture) => MODELS[fixture.format] !== undefined);

describe('the answer agrees with the AI SDK on the same bytes', () => {
  it.each(CASES.map((fixture) => [fixture.name, fixture] as const))('%s', async (name, fixture) => {
    const sdk = await readWithSdk((MODELS[fixture.format] as (body: string) => LanguageModel)(fixture.stream));
    const answer = reconstruct(fixture.stream).answer;
    const choice = answer.choices[0];
    const agrees: Record<string, boolean> = {
      text: sdk.text === choice?.text,
      reasoning: sdk.reasoning === choice?.reasoning,
      finish: sdk.finish === choice?.finish.class,
      calls: JSON.stringify(sdk.calls) === JSON.stringify(choice?.toolCalls.map((call) => [call.name, call.input])),
      // An errored stream: the SDK reports no usage at all, whatever arrived before the error.
      usage: answer.error !== null || usageAgrees(answer.usage, sdk.usage),
    };
    const differing = Object.keys(agrees).filter((aspect) => !agrees[aspect]).map((aspect) => `${name} ${aspect}`);
    const listed = Object.keys(ORACLE_DIFFERENCES).filter((key) => key.startsWith(`${name} `));
    expect(differing.sort()).toEqual(listed.sort());
  });

  it('lists only differences of fixtures it reads', () => {
    for (const key of Object.keys(ORACLE_DIFFERENCES)) expect(CASES.map((fixture) => fixture.name)).toContain(key.split(' ')[0]);
  });
});
