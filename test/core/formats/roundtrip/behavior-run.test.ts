import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../../../src/index.js';
import type { FindingCode } from '../../../../src/index.js';
import { behaviorRun } from '../../../../src/core/formats/behavior-run/index.js';

type Json = Record<string, unknown>;

/** JSON as the wire carries it: undefined keys and -0 do not cross. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const fragmenting = fc.record({ pieceSize: fc.integer({ min: 1, max: 12 }), draws: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }) }).map(({ pieceSize, draws }) => {
  let at = 0;
  const random = (max: number) => 1 + ((draws[at++ % draws.length] ?? 0) % max);
  return { pieceSize, random };
});

/** Characters a stream must carry intact: ASCII, non-BMP, a lone surrogate, U+2028, newlines, quotes. (The
 * 'binary' unit covers the same ground but is slow to generate.) */
const character = fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), fc.constantFrom('é', '😀', '中', '\u2028', '\ud83d', '\n', '\r', '"', '\\'));
const word = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value !== 'unknown');
const error = fc.record({ message: fc.string({ maxLength: 30 }), code: word }, { requiredKeys: ['message'] });

const step = (number: number) =>
  fc.oneof(
    fc.record({ step: fc.constant(number), tool: word, status: fc.constant('completed'), input: fc.jsonValue({ maxDepth: 2 }), output: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: ['step', 'tool', 'status'] }),
    fc.record({ step: fc.constant(number), tool: word, status: fc.constant('failed'), input: fc.jsonValue({ maxDepth: 2 }), error }, { requiredKeys: ['step', 'tool', 'status', 'error'] }),
  );

const count = fc.nat({ max: 1_000_000 });

/** A behavior.run object as salyro.md defines it, ending as `status` says. */
const run = (status: 'completed' | 'failed' | 'in_progress') =>
  fc
    .record(
      {
        id: word,
        behavior: word,
        version: fc.oneof(fc.nat(), fc.constant(null)),
        created: fc.nat(),
        output_text: fc.string({ unit: character, maxLength: 60 }),
        numbers: fc.uniqueArray(fc.nat({ max: 50 }), { maxLength: 5 }),
        usage: fc.record({ inputTokens: count, outputTokens: count, totalTokens: count }),
        error,
      },
      { requiredKeys: ['id', 'behavior', 'version', 'output_text', 'numbers', 'usage', 'error'] },
    )
    .chain(({ numbers, usage, error: failure, created, ...rest }) =>
      fc.tuple(...numbers.map(step)).map((steps) =>
        wire({
          object: 'behavior.run',
          ...rest,
          ...(created === undefined ? {} : { created }),
          status,
          steps,
          usage: status === 'completed' ? usage : null,
          error: status === 'failed' ? failure : null,
        } as Json),
      ),
    );

const failedSteps = (response: Json) => (response.steps as Json[]).filter((s) => s.status === 'failed').length;

describe('Behavior Run round trip: behavior.run → synthesize (random fragmenting) → reconstruct', () => {
  it('a completed run comes back whole; the only findings are its failed tools (info)', () => {
    fc.assert(
      fc.property(run('completed'), fragmenting, (original, options) => {
        const result = reconstruct(behaviorRun.synthesize(original, options));
        expect(result.format).toBe('behavior-run');
        expect(result.response).toEqual(original);
        expect(result.steps).toEqual(original.steps);
        expect(result.choices[0]?.text).toBe(original.output_text);
        expect(result.findings.map((finding) => finding.code)).toEqual(Array<FindingCode>(failedSteps(original)).fill('tool failed'));
        expect(result.verdict).toBe('complete');
        expect(result.outcome).toBe('ok');
      }),
      { numRuns: 200 },
    );
  });

  it('a failed run comes back whole, ending in its error event', () => {
    fc.assert(
      fc.property(run('failed'), fragmenting, (original, options) => {
        const result = reconstruct(behaviorRun.synthesize(original, options));
        expect(result.response).toEqual(original);
        expect(result.error).toEqual(original.error);
        const found = result.findings.map((finding) => finding.code);
        expect(found.filter((code) => code !== 'tool failed')).toEqual(['error event']);
        expect(found.length).toBe(failedSteps(original) + 1);
        expect(result.verdict).toBe('did not finish');
        expect(result.outcome).toBe('error_event');
      }),
      { numRuns: 100 },
    );
  });

  it('a run still in progress comes back whole, without its end', () => {
    fc.assert(
      fc.property(run('in_progress'), fragmenting, (original, options) => {
        const result = reconstruct(behaviorRun.synthesize(original, options));
        expect(result.response).toEqual(original);
        expect(result.findings.map((finding) => finding.code).filter((code) => code !== 'tool failed')).toEqual(['no end']);
        expect(result.verdict).toBe('did not finish');
      }),
      { numRuns: 100 },
    );
  });
});

const TYPES = ['response.started', 'output_text.delta', 'tool.started', 'tool.completed', 'tool.failed', 'response.completed', 'error', 'other'];
const FIELDS = ['id', 'behavior', 'version', 'created', 'delta', 'step', 'tool', 'input', 'output', 'error', 'usage', 'message'];

/** Frames with Behavior Run's own types and field names, and random values in them. */
const runish = fc
  .record({
    type: fc.constantFrom(...TYPES),
    fields: fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.nat({ max: 3 })), { maxKeys: 4 }),
    named: fc.boolean(),
  })
  .map(({ type, fields, named }) => `${named ? `event: ${type}\n` : ''}data: ${JSON.stringify({ ...fields, type })}\n\n`);

describe('Behavior Run never throws', () => {
  it('on random frames, read as Behavior Run', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(runish, fc.jsonValue().map((value) => `data: ${JSON.stringify(value)}\n\n`)), { minLength: 1, maxLength: 10 }), (frames) => {
        const result = reconstruct(frames.join(''), { format: 'behavior-run' });
        expect(result.format).toBe('behavior-run');
        expect(result.choices).toHaveLength(1);
        expect((result.response as Json).object).toBe('behavior.run');
      }),
      { numRuns: 300 },
    );
  });

  it('on random frames, detected', () => {
    fc.assert(
      fc.property(fc.array(runish, { minLength: 1, maxLength: 10 }), (frames) => {
        expect(() => reconstruct(frames.join(''))).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('synthesize on random input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom('id', 'steps', 'status', 'output_text', 'usage', 'error', 'version'), fc.jsonValue({ maxDepth: 2 }))), fragmenting, (value, options) => {
        expect(typeof behaviorRun.synthesize(value, options)).toBe('string');
      }),
      { numRuns: 200 },
    );
  });
});
