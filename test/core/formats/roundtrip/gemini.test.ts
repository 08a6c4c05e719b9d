import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../../../src/index.js';
import { gemini, GEMINI_BLOCK_REASONS, GEMINI_FINISH_REASONS } from '../../../../src/core/formats/gemini/index.js';

type Json = Record<string, unknown>;

/** JSON as the wire carries it: what cannot cross (undefined, -0, a `__proto__` made a prototype) is gone. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Random fragmenting: piece sizes drawn from a recorded list of numbers. */
const fragmenting = fc.record({ pieceSize: fc.integer({ min: 1, max: 12 }), draws: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }) }).map(({ pieceSize, draws }) => {
  let at = 0;
  const random = (max: number) => 1 + ((draws[at++ % draws.length] ?? 0) % max);
  return { pieceSize, random };
});

/** Characters a stream must carry intact: ASCII, non-BMP, a lone surrogate, U+2028, newlines, quotes. (The
 * 'binary' unit covers the same ground but is slow to generate.) */
const character = fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), fc.constantFrom('é', '😀', '中', '\u2028', '\ud83d', '\n', '\r', '"', '\\'));
const text = fc.string({ unit: character, maxLength: 40 });
const word = fc.string({ minLength: 1, maxLength: 12 });
const signature = fc.base64String({ minLength: 4, maxLength: 16 });
/** JSON as it travels: what JSON.stringify writes and JSON.parse reads back (-0 arrives as 0). */
const args = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown), { maxKeys: 4 });

const textPart = fc.record({ text, thought: fc.constant(true), thoughtSignature: signature }, { requiredKeys: ['text'] });
const callPart = fc.record(
  { functionCall: fc.record({ name: word, args, id: word }, { requiredKeys: ['name', 'args'] }), thoughtSignature: signature },
  { requiredKeys: ['functionCall'] },
);

/**
 * The documented merge joins an unsigned text part into a text part of the same kind before it, so a response
 * in its merged form never has one there: such a part gets a signature of its own.
 */
function merged(parts: Json[]): Json[] {
  return parts.map((part, i) => {
    const before = parts[i - 1];
    const sameKind = before && typeof before.text === 'string' && typeof part.text === 'string' && (before.thought === true) === (part.thought === true);
    return sameKind && !('thoughtSignature' in part) ? { ...part, thoughtSignature: 'c2lnbg==' } : part;
  });
}

const finishReason = fc.constantFrom(...Object.keys(GEMINI_FINISH_REASONS.reasons).filter((name) => name !== 'FINISH_REASON_UNSPECIFIED'));
const rating = fc.record({ category: fc.constantFrom('HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH'), probability: fc.constantFrom('NEGLIGIBLE', 'HIGH') });

const candidate = (index: number) =>
  fc
    .record(
      {
        parts: fc.array(fc.oneof(textPart, callPart), { minLength: 1, maxLength: 6 }),
        finishReason,
        finishMessage: word,
        safetyRatings: fc.array(rating, { minLength: 1, maxLength: 2 }),
        citationMetadata: fc.record({ citationSources: fc.array(fc.record({ startIndex: fc.nat(), uri: word }), { minLength: 1, maxLength: 2 }) }),
        tokenCount: fc.nat(),
        withContent: fc.boolean(),
      },
      { requiredKeys: ['parts', 'finishReason', 'withContent'] },
    )
    .map(({ parts, withContent, ...rest }) => {
      const out: Json = { ...rest, index };
      if (withContent || parts.length > 0) out.content = { parts: merged(parts as Json[]), role: 'model' };
      return out;
    });

const usageMetadata = fc.record({ promptTokenCount: fc.nat(), candidatesTokenCount: fc.nat(), totalTokenCount: fc.nat() });

const response = fc
  .record(
    {
      indexes: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }),
      usageMetadata,
      modelVersion: word,
      responseId: word,
      createTime: word,
      promptFeedback: fc.record({ safetyRatings: fc.array(rating, { minLength: 1, maxLength: 2 }) }),
    },
    { requiredKeys: ['indexes'] },
  )
  .chain(({ indexes, ...top }) =>
    fc.tuple(...indexes.sort((a, b) => a - b).map(candidate)).map((candidates) => wire({ candidates, ...top, ...emptyTurnUsage(candidates, top.usageMetadata) } as Json)),
  );

/** Candidates with no part but empty text count no more than an empty turn's few tokens (`usage without content`). */
function emptyTurnUsage(candidates: Json[], usage: Json | undefined): Json {
  if (usage === undefined) return {};
  const parts = candidates.flatMap((candidate) => ((candidate.content as Json | undefined)?.parts as Json[] | undefined) ?? []);
  const empty = parts.every((part) => Object.keys(part).every((key) => key === 'text' || key === 'thoughtSignature') && !part.text);
  return { usageMetadata: empty ? { ...usage, candidatesTokenCount: Math.min(usage.candidatesTokenCount as number, 3) } : usage };
}

const textOf = (candidateJson: Json, thought: boolean) =>
  (((candidateJson.content as Json | undefined)?.parts as Json[] | undefined) ?? [])
    .filter((part) => typeof part.text === 'string' && (part.thought === true) === thought)
    .map((part) => part.text)
    .join('');

describe('Gemini round trip: response → synthesize (random fragmenting) → reconstruct', () => {
  it('gives back the same response, complete, with only the crlf of Gemini\'s framing', () => {
    fc.assert(
      fc.property(response, fragmenting, (original, options) => {
        const stream = gemini.synthesize(original, options);
        expect(stream.endsWith('\r\n\r\n')).toBe(true);
        const result = reconstruct(stream);
        expect(result.format).toBe('gemini');
        expect(result.response).toEqual(original);
        const candidates = original.candidates as Json[];
        // A response whose tokens count output it does not show (only empty parts) is rightly `usage without content`.
        const shown = candidates.some((c) => textOf(c, false) !== '' || textOf(c, true) !== '' || (((c.content as Json | undefined)?.parts as Json[] | undefined) ?? []).some((part) => part.functionCall !== undefined));
        expect(result.findings.map((finding) => finding.code).filter((code) => shown || code !== 'usage without content')).toEqual(['crlf']);
        expect(result.verdict).toBe('complete');
        expect(result.choices.map((choice) => choice.text)).toEqual(candidates.map((c) => textOf(c, false)));
        expect(result.choices.map((choice) => choice.reasoning ?? '')).toEqual(candidates.map((c) => textOf(c, true)));
      }),
      { numRuns: 200 },
    );
  });

  it('gives back a blocked prompt: no candidates, prompt blocked, filtered', () => {
    const blocked = fc
      .record(
        { blockReason: fc.constantFrom(...Object.keys(GEMINI_BLOCK_REASONS)), safetyRatings: fc.array(rating, { minLength: 1, maxLength: 3 }), usageMetadata, modelVersion: word },
        { requiredKeys: ['blockReason'] },
      )
      .map(({ blockReason, safetyRatings, ...top }) => wire({ promptFeedback: { blockReason, safetyRatings }, ...top } as Json));
    fc.assert(
      fc.property(blocked, fragmenting, (original, options) => {
        const result = reconstruct(gemini.synthesize(original, options));
        expect(result.response).toEqual(original);
        expect(result.findings.map((finding) => finding.code).sort()).toEqual(['crlf', 'prompt blocked']);
        expect(result.verdict).toBe('complete');
        expect(result.outcome).toBe('filtered');
      }),
      { numRuns: 100 },
    );
  });
});

/** Payloads built from Gemini's own field names, so random frames reach deep into the assembly. */
const geminiish = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 1 }), tie('object'), fc.array(tie('value'), { maxLength: 3 })),
  object: fc.dictionary(
    fc.constantFrom('candidates', 'content', 'parts', 'text', 'thought', 'thoughtSignature', 'functionCall', 'name', 'args', 'id', 'partialArgs', 'jsonPath', 'stringValue', 'numberValue', 'willContinue', 'index', 'finishReason', 'usageMetadata', 'promptFeedback', 'blockReason', 'error', 'citationMetadata', 'citationSources', 'executableCode'),
    tie('value'),
    { maxKeys: 5 },
  ),
}));

describe('Gemini never throws', () => {
  it('on random frames, read as Gemini', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(geminiish.object, fc.jsonValue()), { minLength: 1, maxLength: 8 }), (payloads) => {
        const stream = payloads.map((payload) => `data: ${JSON.stringify(payload)}\r\n\r\n`).join('');
        const result = reconstruct(stream, { format: 'gemini' });
        expect(result.format).toBe('gemini');
        expect(Array.isArray(result.choices)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('on random frames, detected', () => {
    fc.assert(
      fc.property(fc.array(geminiish.object, { minLength: 1, maxLength: 8 }), (payloads) => {
        expect(() => reconstruct(payloads.map((payload) => `data: ${JSON.stringify(payload)}\n\n`).join(''))).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('synthesize on random input', () => {
    fc.assert(
      fc.property(fc.oneof(geminiish.value, geminiish.object), fragmenting, (value, options) => {
        expect(typeof gemini.synthesize(value, options)).toBe('string');
      }),
      { numRuns: 200 },
    );
  });
});
