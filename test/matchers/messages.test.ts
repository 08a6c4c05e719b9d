// Every matcher under Vitest (from src): passing, failing, `.not`, and matcher errors, with the failure messages
// pinned (ANSI stripped). Vitest draws the diff from `actual`/`expected`, so they are checked too.
import { describe, expect, test } from 'vitest';
import '../../src/runners/vitest.js';
import { cases, run } from './cases.cjs';

describe('passes', () => {
  test.each(cases.filter((c) => c.pass === true).map((c) => [c.title, c] as const))('%s', async (_title, testCase) => {
    const result = await run(expect, testCase);
    expect(result.message).toBe('');
    expect(result.passed).toBe(true);
  });
});

describe('fails with the why', () => {
  test.each(cases.filter((c) => c.pass === false).map((c) => [c.title, c] as const))('%s', async (_title, testCase) => {
    const result = await run(expect, testCase);
    expect(result.passed).toBe(false);
    expect(result.message).not.toContain('Matcher error');
    expect(result.message).toContain('Stream: ');
    expect(result.message).toMatchSnapshot();
  });
});

describe('matcher errors fail whatever .not says', () => {
  test.each(cases.filter((c) => c.usage === true).map((c) => [c.title, c] as const))('%s', async (_title, testCase) => {
    const plain = await run(expect, { ...testCase, not: false });
    const negated = await run(expect, { ...testCase, not: true });
    expect(plain.message).toContain('Matcher error');
    expect(negated.message).toContain('Matcher error');
    expect(plain.message).toMatchSnapshot();
  });
});

test('every matcher has passing, failing and .not cases', () => {
  const names = [...new Set(cases.map((c) => c.matcher))].sort();
  expect(names).toHaveLength(13);
  for (const name of names) {
    const mine = cases.filter((c) => c.matcher === name);
    expect(mine.some((c) => c.pass === true), name).toBe(true);
    expect(mine.some((c) => c.pass === false && !c.not), name).toBe(true);
    expect(mine.some((c) => c.pass === false && c.not), name).toBe(true);
  }
});

test('Vitest gets actual and expected for its diff, and none on a .not failure', async () => {
  const failing = cases.find((c) => c.title === 'toHaveText: a different text fails with a diff');
  const negated = cases.find((c) => c.title === 'toHaveText: .not on a matching RegExp fails');
  const plain = await run(expect, failing!);
  expect(plain.error?.actual).toBe('Hello there!');
  expect(plain.error?.expected).toBe('Hello there.');
  expect(plain.message).not.toContain('Expected:');
  const not = await run(expect, negated!);
  expect(not.error?.actual).toBeUndefined();
});

test('sync matchers work asymmetrically inside toEqual', async () => {
  const { cut, tools } = await import('./cases.cjs');
  expect({ run: cut }).toEqual({ run: expect.toHaveFinding('no end') });
  expect({ run: tools }).toEqual({ run: expect.not.toHaveFinding('no end') });
  expect(() => expect({ run: tools }).toEqual({ run: expect.toBeFormat('anthropic') })).toThrow(/toBeFormat/);
});

test('an asymmetric matcher on a live Response is a matcher error that says to read the stream first', async () => {
  const { tools } = await import('./cases.cjs');
  expect(() => expect({ run: new Response(tools) }).toEqual({ run: expect.toBeComplete() })).toThrow(
    /expect\.toBeComplete\(…\) inside toEqual \(or another matcher\) cannot read a live stream.*await reconstructStream\(response\)/,
  );
  await expect(new Response(tools)).toBeComplete();
});
