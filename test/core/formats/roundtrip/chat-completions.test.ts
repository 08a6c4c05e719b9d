// Round trip: a random chat.completion → synthesize() with random fragmenting → reconstruct() gives back the same
// response, with no findings and a complete verdict. Content and refusal are either null or non-empty: an empty
// string streams as nothing and reads back as null, as it does in the official SDK.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatCompletions } from '../../../../src/core/formats/chat-completions/index.js';
import { reconstruct } from '../../../../src/index.js';

const emoji = fc.constantFrom('😊', '👍🏽', '☀️', '1️⃣', '👩‍👩‍👧', '🇫🇷', 'é', 'ß', '中文', '°', '\n', '"', '\\', ' ');
const text = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.string({ unit: emoji, minLength: 1, maxLength: 20 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
);
const orNull = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const toolCall = fc.record({
  id: fc.stringMatching(/^call_[A-Za-z0-9]{1,24}$/),
  type: fc.constant('function'),
  function: fc.record({
    name: fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,30}$/),
    arguments: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  }),
});

const token = fc.record({ token: fc.string({ maxLength: 6 }), logprob: fc.double({ min: -20, max: 0, noNaN: true }), bytes: fc.array(fc.nat(255), { maxLength: 4 }), top_logprobs: fc.constant([]) });

const message = fc
  .record({
    content: orNull(text),
    refusal: orNull(text),
    tool_calls: fc.option(fc.array(toolCall, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  })
  .map(({ content, refusal, tool_calls }) => ({ role: 'assistant', content, refusal, ...(tool_calls ? { tool_calls } : {}) }));

// The reason agrees with the message (`tool_calls` exactly when it has calls): anything else is `finish mismatch`.
const choiceBody = fc.record({
  message,
  logprobs: orNull(fc.record({ content: fc.array(token, { maxLength: 3 }), refusal: fc.constant(null) })),
  finish: fc.constantFrom('end', 'length', 'content_filter'),
}).map(({ message: body, logprobs, finish }) => ({
  message: body,
  logprobs,
  finish_reason: finish === 'end' ? (body.tool_calls ? 'tool_calls' : 'stop') : finish,
}));

const usage = fc.record({ prompt_tokens: fc.nat(10_000), completion_tokens: fc.nat(10_000) }).map((counts) => ({ ...counts, total_tokens: counts.prompt_tokens + counts.completion_tokens }));

/** No choice holds anything: such an answer counts no more than an empty turn's few tokens (`usage without content`). */
function emptyTurn(choices: Array<{ message: { content: unknown; refusal: unknown; tool_calls?: unknown } }>): boolean {
  return choices.every(({ message }) => !message.content && !message.refusal && message.tool_calls === undefined);
}

function withCompletion(counts: { prompt_tokens: number; completion_tokens: number }, completion: number) {
  return { ...counts, completion_tokens: completion, total_tokens: counts.prompt_tokens + completion };
}

const completion = fc
  .record({
    id: fc.stringMatching(/^chatcmpl-[A-Za-z0-9]{1,29}$/),
    created: fc.integer({ min: 1, max: 2_000_000_000 }),
    model: fc.constantFrom('gpt-4o-2024-08-06', 'grok-4', 'deepseek-chat'),
    choices: fc.array(choiceBody, { minLength: 1, maxLength: 3 }),
    usage: fc.option(usage, { nil: undefined }),
    system_fingerprint: fc.option(fc.stringMatching(/^fp_[a-f0-9]{1,12}$/), { nil: undefined }),
    service_tier: fc.option(fc.constantFrom('default', 'priority', 'flex'), { nil: undefined }),
  })
  .map(({ choices, usage: counts, system_fingerprint, service_tier, ...rest }) => ({
    ...rest,
    object: 'chat.completion',
    choices: choices.map((choice, index) => ({ index, ...choice })),
    ...(counts ? { usage: emptyTurn(choices) ? withCompletion(counts, Math.min(counts.completion_tokens, 3)) : counts } : {}),
    ...(system_fingerprint ? { system_fingerprint } : {}),
    ...(service_tier ? { service_tier } : {}),
  }));

/** A seeded source of piece sizes, so every run cuts the text its own way and can be replayed. */
function seeded(seed: number): (max: number) => number {
  let state = seed >>> 0 || 1;
  return (max) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return 1 + (state % max);
  };
}

const CLASS_OUTCOME = { ok: 'ok', length_limit: 'length_limit', filtered: 'filtered' } as const;

describe('Chat Completions round trip', () => {
  it('synthesize → reconstruct gives back the response, complete and without findings', () => {
    fc.assert(
      fc.property(completion, fc.integer({ min: 1, max: 16 }), fc.integer(), (response, pieceSize, seed) => {
        const stream = chatCompletions.synthesize(response, { pieceSize, random: seeded(seed) });
        const result = reconstruct(stream);
        expect(result.format).toBe('chat-completions');
        // JSON has no -0: what crosses the wire is the response as JSON writes it.
        expect(result.response).toEqual(JSON.parse(JSON.stringify(response)));
        expect(result.findings).toEqual([]);
        expect(result.verdict).toBe('complete');
        result.choices.forEach((choice, position) => {
          const original = response.choices[position]!;
          expect(choice.text).toBe(original.message.content ?? '');
          expect(choice.toolCalls.map((call) => call.input)).toEqual((original.message.tool_calls ?? []).map((call) => JSON.parse(call.function.arguments)));
        });
        const classes = new Set(response.choices.map((choice) => chatCompletions.finishReasons.reasons[choice.finish_reason]!.class));
        const expected = classes.has('length_limit') ? 'length_limit' : classes.has('filtered') ? 'filtered' : 'ok';
        expect(result.outcome).toBe(CLASS_OUTCOME[expected]);
      }),
      { numRuns: 200 },
    );
  });

  it('cuts text into pieces no longer than pieceSize, whole code points each', () => {
    fc.assert(
      fc.property(fc.string({ unit: emoji, minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 5 }), fc.integer(), (content, pieceSize, seed) => {
        const response = { id: 'chatcmpl-p', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }] };
        const stream = chatCompletions.synthesize(response, { pieceSize, random: seeded(seed) });
        const pieces = stream
          .split('\n\n')
          .filter((frame) => frame.startsWith('data: {'))
          .map((frame) => (JSON.parse(frame.slice(6)) as { choices: Array<{ delta: { content?: unknown } }> }).choices[0]?.delta.content)
          .filter((piece): piece is string => typeof piece === 'string' && piece !== '');
        expect(pieces.join('')).toBe(content);
        for (const piece of pieces) {
          expect(Array.from(piece).length).toBeLessThanOrEqual(pieceSize);
          expect(piece).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
        }
      }),
      { numRuns: 100 },
    );
  });
});
