// What one frame can make is bounded by the bytes that carried it (issue 13, item 3): a Gemini partialArgs path with
// many list gaps once made 1.4 GB of result from a 235 KB frame.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../../src/index.js';
import { MAX_GROWTH } from '../../../src/core/formats/gemini/index.js';

type Json = Record<string, unknown>;

const callFrame = (functionCall: Json, extra: Json = {}) => `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ functionCall }] }, ...extra }] })}\n\n`;

/** The result's size against the input's: what the property and the examples bound. */
function growth(stream: string): { ratio: number; result: ReturnType<typeof reconstruct> } {
  const result = reconstruct(stream);
  return { ratio: JSON.stringify(result).length / stream.length, result };
}

describe('Gemini partialArgs', () => {
  it('do not amplify a deep path of list gaps: a finding, and the rest left as it arrived', () => {
    const deep = `$.k${'[1024]'.repeat(254)}`;
    const items = Array.from({ length: 150 }, () => ({ jsonPath: deep, stringValue: 'x' }));
    const stream = callFrame({ name: 'f', partialArgs: [{ jsonPath: '$.a', stringValue: 'ok' }, ...items], willContinue: true }) + callFrame({ partialArgs: [{ jsonPath: '$.z', numberValue: 1 }] }, { finishReason: 'STOP' });
    const { ratio, result } = growth(stream);
    expect(ratio).toBeLessThan(3);
    expect(result.findingCounts['arguments too large']).toBe(1);
    expect(result.choices[0]?.toolCalls[0]?.input).toEqual({ a: 'ok' });
    const part = ((result.response as Json).candidates as Array<{ content: { parts: Json[] } }>)[0]?.content.parts[0] as { functionCall: Json };
    expect(part.functionCall.partialArgs).toEqual([...items, { jsonPath: '$.z', numberValue: 1 }]);
  });

  it('do not amplify many wide gaps in one list', () => {
    const wide = Array.from({ length: 3000 }, (_, i) => ({ jsonPath: `$.list[${(i + 1) * 1024}]`, numberValue: 1 }));
    const { ratio, result } = growth(callFrame({ name: 'g', partialArgs: wide }, { finishReason: 'STOP' }));
    expect(ratio).toBeLessThan(MAX_GROWTH + 2);
    expect(result.findingCounts['arguments too large']).toBe(1);
  });

  it('do not let a short call make thousands of nulls from one path (the 218-byte counterexample of issue 20)', () => {
    // `$.a[391][417]`: 13 characters of path asked for 808 gap-filling nulls, which a flat allowance of 4,096
    // characters per call let through: the result, which shows the arguments three times, grew to 62 times its input.
    const stream = callFrame({ name: 'f', partialArgs: [{ jsonPath: '$.a[391][417]', stringValue: 'r', willContinue: true }], willContinue: true }, { finishReason: 'STOP' });
    expect(stream.length).toBe(218);
    const { ratio, result } = growth(stream);
    expect(ratio).toBeLessThan(2 * MAX_GROWTH + 4096 / 100);
    expect(result.findingCounts['arguments too large']).toBe(1);
  });

  it('build the arguments a model streams, gaps of a few elements included', () => {
    const parts = [
      { jsonPath: '$.location', stringValue: 'Flo', willContinue: true },
      { jsonPath: '$.location', stringValue: 'rence' },
      { jsonPath: '$.days[0]', numberValue: 1 },
      { jsonPath: '$.days[3]', numberValue: 4 },
      { jsonPath: '$.deep.a.b.c[1].d', boolValue: true },
    ];
    const result = reconstruct(callFrame({ name: 'w', partialArgs: parts }, { finishReason: 'STOP' }));
    expect(result.findings.map((f) => f.code)).toEqual([]);
    expect(result.choices[0]?.toolCalls[0]?.input).toEqual({ location: 'Florence', days: [1, null, null, 4], deep: { a: { b: { c: [null, { d: true }] } } } });
  });

  it('keep any stream of paths within a constant times the input (property)', () => {
    const segment = fc.oneof(fc.integer({ min: 0, max: 1100 }).map((n) => `[${n}]`), fc.constantFrom('.a', '.b', "['__proto__']", '.constructor', '.toString'));
    const path = fc.array(segment, { minLength: 1, maxLength: 60 }).map((segments) => `$${segments.join('')}`);
    const item = fc.record({ jsonPath: path, value: fc.oneof(fc.string({ maxLength: 4 }).map((stringValue) => ({ stringValue })), fc.integer().map((numberValue) => ({ numberValue }))), willContinue: fc.boolean() });
    const frames = fc.array(fc.array(item, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(frames, (list) => {
        const stream = list
          .map((items, i) => {
            const partialArgs = items.map(({ jsonPath, value, willContinue }) => ({ jsonPath, ...value, willContinue }));
            const call = i === 0 ? { name: 'f', partialArgs, willContinue: true } : { partialArgs, willContinue: i < list.length - 1 };
            return callFrame(call, i === list.length - 1 ? { finishReason: 'STOP' } : {});
          })
          .join('');
        const { ratio, result } = growth(stream);
        expect(ratio).toBeLessThan(2 * MAX_GROWTH + 4096 / 100);
        expect(Object.getPrototypeOf(result.choices[0]?.toolCalls[0]?.input ?? {})).toBe(Object.prototype);
      }),
      { numRuns: 150 },
    );
  });
});

describe('a streamed argument that does not fit', () => {
  it('makes nothing on its way: no lists left behind by a path refused halfway', () => {
    const parts = [
      { jsonPath: '$.a[3][5][2000].b', stringValue: 'x' },
      { jsonPath: '$.s', stringValue: 'text' },
      { jsonPath: '$.s[1][2]', numberValue: 1 },
    ];
    const result = reconstruct(callFrame({ name: 'f', partialArgs: parts }, { finishReason: 'STOP' }));
    expect(result.choices[0]?.toolCalls[0]?.input).toEqual({ s: 'text' });
    expect(result.findingCounts['not assembled']).toBe(2);
  });
});
