// Counts in our words are grouped by thousands as `toLocaleString('en-US')` groups them, without Intl (whose first
// call costs a process 7.5 MiB of locale data): the same text for every integer, checked against Intl itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grouped, plural } from '../../src/core/words.js';

describe('grouped counts', () => {
  it('writes every integer as en-US toLocaleString does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.constantFrom(0, -0, 999, 1000, -1000, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER)), (count) => {
        expect(grouped(count)).toBe(count.toLocaleString('en-US'));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves numbers that are not safe integers to Intl', () => {
    for (const value of [1.5, 1234.5678, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) expect(grouped(value)).toBe(value.toLocaleString('en-US'));
    expect(plural(1200, 'character')).toBe('1,200 characters');
    expect(plural(1, 'finding')).toBe('1 finding');
  });
});
