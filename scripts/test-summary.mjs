// The last line of `npm test` ("N passed, N failed, N skipped") from the runners' JSON reports, and the suites that
// must not be skipped: a browser suite skipped on a machine that has chromium, or a built-package suite skipped after
// a good build, would let a run pass without checking what it promises, so each counts as a failure.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Suites that must run, and when. Paths are relative to the repo, as in the vitest report. */
export const MUST_RUN = [
  { when: 'browser', because: 'chromium is installed', files: ['test/web/page.test.ts', 'test/web/performance.test.ts', 'test/web/html-report.test.ts'] },
  { when: 'built', because: 'the build succeeded', files: ['test/web/package.test.ts', 'test/core/inspect/package.test.ts', 'test/types/public-surface.test.ts'] },
];

const SKIPPED = new Set(['pending', 'skipped', 'todo', 'disabled']);

/** Debian's chromium, as test/web/browser.ts finds it: SSE_CHROMIUM, /usr/bin/chromium, or `chromium` on the PATH. */
export function findChromium(env = process.env) {
  if (env.SSE_CHROMIUM) return existsSync(env.SSE_CHROMIUM) ? env.SSE_CHROMIUM : null;
  const candidates = ['/usr/bin/chromium', ...(env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'chromium'))];
  return candidates.find((path) => existsSync(path)) ?? null;
}

/**
 * Adds up the reports (`{ file, report }`, each report in the Jest/Vitest JSON shape) and checks the must-run suites
 * (`conditions`: which of MUST_RUN's `when` hold). Returns the counts and one sentence per must-run suite not run.
 */
export function summarize(reports, conditions, root = process.cwd()) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const { report } of reports) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A suite that failed to load has no failed test; count it once.
    if (!report.success && (report.numFailedTests ?? 0) === 0) failed += report.numFailedTestSuites ?? 0;
  }
  const notRun = mustRunProblems(reports.find(({ file }) => file === 'vitest.json')?.report, conditions, root);
  return { passed, failed: failed + notRun.length, skipped, notRun };
}

function mustRunProblems(vitest, conditions, root) {
  const problems = [];
  const suites = new Map((vitest?.testResults ?? []).map((suite) => [relativeName(suite.name, root), suite]));
  for (const rule of MUST_RUN.filter(({ when }) => conditions[when])) {
    for (const file of rule.files) {
      const tests = suites.get(file)?.assertionResults ?? [];
      const skippedHere = tests.filter((test) => SKIPPED.has(test.status)).length;
      if (tests.length === 0) problems.push(`${file} did not run, and must: ${rule.because}`);
      else if (skippedHere > 0) problems.push(`${file} skipped ${skippedHere} of ${tests.length} tests, and must run them all: ${rule.because}`);
    }
  }
  return problems;
}

function relativeName(name, root) {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return (name.startsWith(prefix) ? name.slice(prefix.length) : name).replaceAll('\\', '/');
}

/** The run's last line. */
export function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}
