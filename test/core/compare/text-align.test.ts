import { describe, expect, it } from 'vitest';
import { alignTexts, commonPrefix } from '../../../src/core/compare/text-align.js';

describe('alignTexts: one span told apart in linear time', () => {
  it('says nothing for equal texts', () => {
    expect(alignTexts('same', 'same')).toBeNull();
  });

  it.each([
    ['Hello, world.', 'lo, world.', 'dropped at start', { offset: 0, length: 3 }, { offset: 0, length: 0 }],
    ['Hello, world.', 'Hello, wor', 'dropped at end', { offset: 10, length: 3 }, { offset: 10, length: 0 }],
    ['Hello, world.', 'Hello world.', 'missing inside', { offset: 5, length: 1 }, { offset: 5, length: 0 }],
    ['Hello, world.', 'Hello, big world.', 'added', { offset: 7, length: 0 }, { offset: 7, length: 4 }],
    ['Hello.', 'Hello.Hello.', 'duplicated', { offset: 6, length: 0 }, { offset: 6, length: 6 }],
    ['The answer is 6666.', 'The answer is 666.', 'collapsed', { offset: 17, length: 1 }, { offset: 17, length: 0 }],
    ['ha ha ha!', 'ha ha!', 'collapsed', { offset: 5, length: 3 }, { offset: 5, length: 0 }],
    ['alpha beta gamma', 'alpha gamma beta', 'reordered', { offset: 6, length: 9 }, { offset: 6, length: 9 }],
    ['Hello, world.', 'Hello, there.', 'changed', { offset: 7, length: 5 }, { offset: 7, length: 5 }],
  ])('%j → %j is %s', (up, down, kind, upstream, downstream) => {
    expect(alignTexts(up, down)).toEqual({ kind, upstream, downstream });
  });

  it('tells runs shortened at several places (11 22 → 1 2) from a change', () => {
    expect(alignTexts('a 11 b 22 c', 'a 1 b 2 c')?.kind).toBe('collapsed');
    expect(alignTexts('a 11 b 22 c', 'a 1 b 3 c')?.kind).toBe('changed');
  });

  it('tells pieces moved whatever their common start and end (the same characters in another order)', () => {
    expect(alignTexts('AAA-BBB-CCC-', 'CCC-BBB-AAA-')?.kind).toBe('reordered');
    expect(alignTexts('one two three ', 'one three two ')?.kind).toBe('reordered');
  });

  it('calls all of the text missing a drop at the end, and text where there was none added', () => {
    expect(alignTexts('abc', '')?.kind).toBe('dropped at end');
    expect(alignTexts('', 'abc')?.kind).toBe('added');
  });

  it('stays linear on long texts with one difference (a quadratic diff would take minutes)', () => {
    const up = 'x'.repeat(2_000_000) + 'ab'.repeat(1_000_000);
    const down = 'x'.repeat(2_000_000) + 'b' + 'ab'.repeat(999_999);
    const shape = alignTexts(up, down);
    expect(shape).toEqual({ kind: 'missing inside', upstream: { offset: 2_000_000, length: 1 }, downstream: { offset: 2_000_000, length: 0 } });
    expect(commonPrefix(up, up.slice(0, 3_000_001) + 'z')).toBe(3_000_001);
  });
});
