// Every matcher under Jest, from the built package through the preset: passing, failing, `.not`, and matcher
// errors, with the failure messages pinned (ANSI stripped). Jest shows only the message, so the diff is in it.
const { describe, expect, test } = require('@jest/globals');
const { cases, run } = require('../matchers/cases.cjs');

const named = (filter) => cases.filter(filter).map((c) => [c.title, c]);

describe('passes', () => {
  test.each(named((c) => c.pass === true))('%s', async (_title, testCase) => {
    const result = await run(expect, testCase);
    expect(result.message).toBe('');
    expect(result.passed).toBe(true);
  });
});

describe('fails with the why', () => {
  test.each(named((c) => c.pass === false))('%s', async (_title, testCase) => {
    const result = await run(expect, testCase);
    expect(result.passed).toBe(false);
    expect(result.message).not.toContain('Matcher error');
    expect(result.message).toContain('Stream: ');
    expect(result.message).toMatchSnapshot();
  });
});

describe('matcher errors fail whatever .not says', () => {
  test.each(named((c) => c.usage === true))('%s', async (_title, testCase) => {
    const plain = await run(expect, { ...testCase, not: false });
    const negated = await run(expect, { ...testCase, not: true });
    expect(plain.message).toContain('Matcher error');
    expect(negated.message).toContain('Matcher error');
    expect(plain.message).toMatchSnapshot();
  });
});

test('a positive failure carries the diff in the message, and the values for reporters', async () => {
  const failing = cases.find((c) => c.title === 'toHaveText: a different text fails with a diff');
  const result = await run(expect, failing);
  expect(result.message).toContain('Expected: "Hello there."\nReceived: "Hello there!"');
  expect(result.error.matcherResult).toMatchObject({ actual: 'Hello there!', expected: 'Hello there.' });
});

test('sync matchers work asymmetrically inside toEqual', () => {
  const { cut, tools } = require('../matchers/cases.cjs');
  expect({ run: cut }).toEqual({ run: expect.toHaveFinding('no end') });
  expect({ run: tools }).toEqual({ run: expect.not.toHaveFinding('no end') });
  expect(() => expect({ run: tools }).toEqual({ run: expect.toBeFormat('anthropic') })).toThrow(/toBeFormat/);
});

test('an asymmetric matcher on a live Response is a matcher error that says to read the stream first', async () => {
  const { tools } = require('../matchers/cases.cjs');
  expect(() => expect({ run: new Response(tools) }).toEqual({ run: expect.toBeComplete() })).toThrow(
    /expect\.toBeComplete\(…\) inside toEqual \(or another matcher\) cannot read a live stream.*await reconstructStream\(response\)/,
  );
  await expect(new Response(tools)).toBeComplete();
});

test('severity and other new options type-check and run in the built package', () => {
  const { tools } = require('../matchers/cases.cjs');
  expect(tools.replace(/\n/g, '\r\n')).toHaveNoFindings({ severity: 'warning' });
  expect(() => expect(tools).toHaveNoFindings({ severity: 'warn' })).toThrow(/options\.severity must be one of 'error', 'warning', 'info'; received "warn"/);
  expect(require('../../dist/matchers.cjs').ASYNC_MATCHERS).toContain('toReconstructAs');
});
