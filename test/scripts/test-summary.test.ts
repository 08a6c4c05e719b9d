// `npm test`'s last line counts skipped tests, and a suite that must run fails the run when skipped (issue 20, item 27).
import { mkdtempSync, rmSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium, MUST_RUN, summarize, summaryLine, type RunnerReport } from '../../scripts/test-summary.mjs';

const root = '/repo';
const scratch = mkdtempSync(join(tmpdir(), 'sse-reconstruct-summary-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A vitest-shaped report: one suite per file, each test with the given status. */
function vitestReport(files: Record<string, string[]>): RunnerReport {
  const statuses = Object.values(files).flat();
  const count = (status: string) => statuses.filter((s) => s === status).length;
  return {
    success: count('failed') === 0,
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('pending') + count('skipped'),
    numTodoTests: count('todo'),
    testResults: Object.entries(files).map(([file, tests]) => ({ name: `${root}/${file}`, assertionResults: tests.map((status) => ({ status })) })),
  };
}

const everyMustRun = Object.fromEntries(MUST_RUN.flatMap((rule) => rule.files.map((file) => [file, ['passed']])));

describe('the last line of npm test', () => {
  it('counts passed, failed and skipped tests across every report', () => {
    const reports = [
      { file: 'vitest.json', report: vitestReport({ ...everyMustRun, 'test/a.test.ts': ['passed', 'pending', 'todo'], 'test/b.test.ts': ['failed'] }) },
      { file: 'jest.json', report: { success: true, numPassedTests: 4, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0 } },
      { file: 'package.json', report: { success: true, numPassedTests: 2, numFailedTests: 0 } },
    ];
    const counts = summarize(reports, { browser: true, built: true }, root);
    expect(summaryLine(counts)).toBe(`${Object.keys(everyMustRun).length + 1 + 4 + 2} passed, 1 failed, 3 skipped`);
  });

  it('counts a suite that failed to load once', () => {
    const counts = summarize([{ file: 'jest.json', report: { success: false, numPassedTests: 3, numFailedTests: 0, numFailedTestSuites: 1 } }], { browser: false, built: false }, root);
    expect(summaryLine(counts)).toBe('3 passed, 1 failed, 0 skipped');
  });
});

describe('a suite that must run', () => {
  const skippedBrowser = { ...everyMustRun, 'test/web/page.test.ts': ['pending', 'pending'], 'test/web/html-report.test.ts': ['passed', 'skipped'] };

  it('fails the run when the browser tests are skipped on a machine with chromium', () => {
    const counts = summarize([{ file: 'vitest.json', report: vitestReport(skippedBrowser) }], { browser: true, built: true }, root);
    expect(counts.failed).toBe(2);
    expect(counts.notRun).toEqual([
      'test/web/page.test.ts skipped 2 of 2 tests, and must run them all: chromium is installed',
      'test/web/html-report.test.ts skipped 1 of 2 tests, and must run them all: chromium is installed',
    ]);
  });

  it('is only skipped, not failed, where chromium is missing', () => {
    const counts = summarize([{ file: 'vitest.json', report: vitestReport(skippedBrowser) }], { browser: false, built: true }, root);
    expect(counts).toMatchObject({ failed: 0, skipped: 3, notRun: [] });
  });

  it('fails the run when it is missing from the report altogether', () => {
    const { 'test/core/inspect/package.test.ts': _gone, ...rest } = everyMustRun;
    const counts = summarize([{ file: 'vitest.json', report: vitestReport(rest) }], { browser: true, built: true }, root);
    expect(counts.notRun).toEqual(['test/core/inspect/package.test.ts did not run, and must: the build succeeded']);
  });
});

describe('finding chromium', () => {
  it('takes SSE_CHROMIUM, then chromium on the PATH', () => {
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'chromium'), '#!/bin/sh\n');
    chmodSync(join(bin, 'chromium'), 0o755);
    expect(findChromium({ SSE_CHROMIUM: join(bin, 'chromium') })).toBe(join(bin, 'chromium'));
    expect(findChromium({ SSE_CHROMIUM: join(scratch, 'none') })).toBeNull();
    const found = findChromium({ PATH: bin });
    expect(found === '/usr/bin/chromium' || found === join(bin, 'chromium')).toBe(true);
  });
});
