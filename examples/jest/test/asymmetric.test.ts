// The same matchers through `@jest/globals`, as a suite that imports its globals does; `expect.toHaveFinding(…)`
// is the asymmetric form, for a reconstruction inside a larger object.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reconstruct, type FindingCode } from 'sse-reconstruct';

const capture = readFileSync(join(__dirname, '..', 'fixtures', 'parallel-tool-calls.sse'), 'utf8');
const cut = capture.slice(0, capture.indexOf('data: [DONE]'));

describe('with @jest/globals', () => {
  test('a capture is checked synchronously, and a finding code is typed', () => {
    const code: FindingCode = 'no end';
    expect(cut).toHaveFinding(code);
    expect(cut).not.toBeComplete();
    expect(capture).toHaveNoFindings({ severity: 'warning' });
  });

  test('asymmetric matchers inside toEqual', () => {
    const runs = { clean: reconstruct(capture), cut: reconstruct(cut) };
    expect(runs).toEqual({ clean: expect.toBeComplete(), cut: expect.toHaveFinding('no end') });
    expect(runs).toEqual({ clean: expect.not.toHaveFinding('no end'), cut: expect.toHaveVerdict('did not finish') });
  });
});
