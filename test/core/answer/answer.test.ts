// The answer model: every fixture of every format reads to the answer its response holds, with the finish class and
// usage its format's tables give; random responses of every format read back through their streams to the same answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responses } from '../../../src/arbitraries/index.js';
import { FIXTURES } from '../../../src/fixtures/index.js';
import { answerOf, FINISH_CLASSES, FORMAT_MODULES, formatModule, placesOf, reconstruct, synthesize, type FinishClass } from '../../../src/index.js';

/** The finish class each fixture kind ends with (a format's own exceptions below). */
const FINISH_BY_KIND: Record<string, FinishClass> = {
  text: 'stop',
  'tool-call': 'tool_use',
  'parallel-tool-calls': 'tool_use',
  reasoning: 'stop',
  refusal: 'stop',
  'content-filter': 'content_filter',
  usage: 'stop',
  'length-limit': 'length',
  'error-mid-stream': 'error',
  'prompt-blocked': 'content_filter',
  'tool-failed': 'stop',
};
const FINISH_EXCEPTIONS: Record<string, FinishClass> = {
  // Anthropic says a refusal with its own stop reason; the others put it in the text or a refusal field.
  'anthropic/refusal': 'refusal',
  // A Behavior Run's steps are tools Salyro ran itself: the run still ends with `completed`.
  'behavior-run/tool-call': 'stop',
};

/** The usage fixtures' counts in the shared vocabulary, worked out by hand from each format's documented rule. */
const USAGE: Record<string, unknown> = {
  'chat-completions/usage': { input: 9, output: 3, total: 12, cacheRead: null, cacheWrite: null, reasoning: null },
  'responses/usage': { input: 9, output: 3, total: 12, cacheRead: 0, cacheWrite: null, reasoning: 0 },
  // input_tokens 9 excludes the 4 cache reads (and 0 writes): 13 in all.
  'anthropic/usage': { input: 13, output: 3, total: 16, cacheRead: 4, cacheWrite: 0, reasoning: null },
  // candidatesTokenCount 3 leaves out the 5 thoughts: 8 out.
  'gemini/usage': { input: 9, output: 8, total: 17, cacheRead: 4, cacheWrite: null, reasoning: 5 },
  'behavior-run/usage': { input: 9, output: 3, total: 12, cacheRead: null, cacheWrite: null, reasoning: null },
  'ag-ui/usage': { input: 40, output: 18, total: 58, cacheRead: null, cacheWrite: null, reasoning: null },
  // From `tokens` (500 read, 480 of them from the cache), not `billed_units` (263 billed).
  'cohere/usage': { input: 500, output: 3, total: 503, cacheRead: 480, cacheWrite: null, reasoning: null },
  // prompt_eval_count 9, eval_count 3; no total of its own: their sum.
  'ollama/usage': { input: 9, output: 3, total: 12, cacheRead: null, cacheWrite: null, reasoning: null },
  // Bedrock: inputTokens 9 + cacheReadInputTokens 4 + cacheWriteInputTokens 0; totalTokens as sent.
  'bedrock/usage': { input: 13, output: 3, total: 16, cacheRead: 4, cacheWrite: 0, reasoning: null },
};

describe('answerOf on every fixture', () => {
  it.each(FIXTURES.map((fixture) => [fixture.name, fixture] as const))('%s', (name, fixture) => {
    const result = reconstruct(fixture.stream);
    const answer = answerOf(result);
    expect(result.answer).toEqual(answer);
    expect(answer.format).toBe(fixture.format);
    expect(answer.whole).toBe(fixture.expected.verdict === 'complete' && fixture.expected.outcome !== 'error_event');
    const choice = answer.choices[0];
    expect(choice?.finish.class).toBe(FINISH_EXCEPTIONS[name] ?? FINISH_BY_KIND[fixture.kind]);
    expect(FINISH_CLASSES).toContain(choice?.finish.class);
    // The text and calls are the reconstruction's, in the answer's words.
    for (const assembled of result.choices) {
      const same = answer.choices.find((candidate) => candidate.index === assembled.index);
      expect(same?.text).toBe(assembled.text);
      expect(same?.toolCalls.filter((call) => call.kind !== 'server').map((call) => [call.name, call.input])).toEqual(assembled.toolCalls.map((call) => [call.name, call.input]));
    }
    if (fixture.expected.verdict === 'complete') {
      // A whole stream's answer is the answer its non-streamed response holds.
      const read = formatModule(fixture.format).answer.read(fixture.response);
      expect({ choices: answer.choices, usage: answer.usage }).toEqual(read);
    } else {
      expect(answer.error?.message).toEqual(expect.any(String));
      expect(answer.error?.retry).not.toBe('never');
    }
    if (fixture.kind === 'usage') expect(answer.usage).toEqual(USAGE[name]);
  });

  it('reads tool calls by kind, with their input parsed', () => {
    const calls = FIXTURES.filter((fixture) => fixture.kind === 'parallel-tool-calls').map((fixture) => reconstruct(fixture.stream).answer.choices[0]?.toolCalls);
    for (const list of calls) expect(list?.map((call) => [call.kind, call.name, call.input])).toEqual([['function', 'get_weather', { city: 'Paris' }], ['function', 'get_weather', { city: 'Tokyo' }]]);
  });

  it('keeps the thinking signature (Anthropic)', () => {
    const answer = reconstruct(FIXTURES.find((fixture) => fixture.name === 'anthropic/reasoning')?.stream ?? '').answer;
    expect(answer.choices[0]?.signatures).toEqual(['c2lnbmF0dXJl']);
    expect(answer.choices[0]?.reasoning).toBe('Recall the well-known answer.');
  });
});

describe('the answer on a Reconstruction', () => {
  const fixture = FIXTURES.find((entry) => entry.name === 'chat-completions/tool-call');
  const result = reconstruct(fixture?.stream ?? '');

  it('is in its JSON, and reads the same from it', () => {
    const copy = JSON.parse(JSON.stringify(result)) as typeof result;
    expect(copy.answer).toEqual(result.answer);
    expect(answerOf(copy)).toEqual(result.answer);
  });

  it('keeps its places beside it, not in its JSON', () => {
    expect(placesOf(result)?.choices.get(0)?.toolCalls).toEqual([1]);
    expect(placesOf(JSON.parse(JSON.stringify(result)) as object)).toBeNull();
    expect(JSON.stringify(result)).not.toContain('"places"');
  });

  it('says an error ended a choice that gave no reason, with whether to retry', () => {
    const broken = reconstruct(FIXTURES.find((entry) => entry.name === 'anthropic/error-mid-stream')?.stream ?? '');
    expect(broken.answer.choices[0]?.finish).toEqual({ class: 'error', reason: null, source: 'the stream ended in an error' });
    expect(broken.answer.error).toEqual({ message: 'Overloaded', type: 'overloaded_error', http: 529, retry: 'with backoff' });
    expect(broken.answer.whole).toBe(false);
  });

  it('reads a stream no format named as text with an unknown finish', () => {
    const answer = reconstruct('data: {"hello": "world"}\n\n').answer;
    expect(answer).toMatchObject({ format: null, choices: [], usage: null, whole: false });
  });
});

describe('every finish-reason table gives an answer class to every reason', () => {
  it.each(FORMAT_MODULES.map((module) => [module.name, module] as const))('%s', (_name, module) => {
    for (const entry of Object.values(module.finishReasons.reasons)) expect(FINISH_CLASSES).toContain(entry.finish);
  });
});

describe('property: a random response read back through its stream gives the answer the response holds', () => {
  it.each(FORMAT_MODULES.map((module) => [module.name, module] as const))('%s', (name, module) => {
    fc.assert(
      fc.property(responses(name), fc.integer({ min: 1, max: 12 }), (response, pieceSize) => {
        const answer = reconstruct(synthesize(name, response, { pieceSize }), { format: name }).answer;
        expect({ choices: answer.choices, usage: answer.usage }).toEqual(module.answer.read(response));
      }),
      { numRuns: 60 },
    );
  });
});
