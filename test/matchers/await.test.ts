// A missing `await` on a matcher that reads a stream fails the test that forgot it (Vitest on its own passes it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

interface Assertion {
  title: string;
  status: string;
  failureMessages: string[];
}

function runFixture(): { assertions: Assertion[]; report: { numFailedTests: number; numPassedTests: number } } {
  const root = fileURLToPath(new URL('./fixtures/await/', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-await-'));
  try {
    const output = join(dir, 'report.json');
    const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [vitest, 'run', '--root', root, '--reporter=json', `--outputFile=${output}`], { encoding: 'utf8', timeout: 120_000 });
    expect(run.status, run.stderr).toBe(1);
    const report = JSON.parse(readFileSync(output, 'utf8')) as { numFailedTests: number; numPassedTests: number; testResults: Array<{ assertionResults: Assertion[] }> };
    return { assertions: report.testResults.flatMap((file) => file.assertionResults), report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('only the tests that forgot `await` fail, each saying which matcher and whether it passed', () => {
  const { assertions, report } = runFixture();
  const status = Object.fromEntries(assertions.map((a) => [a.title, a.status]));
  expect(status).toEqual({
    awaited: 'passed',
    returned: 'passed',
    'in Promise.all': 'passed',
    'sync input needs no await': 'passed',
    'forgot await on a passing check': 'failed',
    'forgot await on a failing check': 'failed',
    'the next test is not blamed': 'passed',
    'an awaited failing check points at its line': 'failed',
  });
  expect(report.numFailedTests).toBe(3);
  const message = (title: string) => assertions.find((a) => a.title === title)?.failureMessages.join('\n') ?? '';
  expect(message('forgot await on a passing check')).toMatch(/expect\(…\)\.toBeComplete\(\) was not awaited at .*forgot\.fixture\.ts:\d+:\d+\..*\nThe check itself passed\./);
  expect(message('forgot await on a failing check')).toContain('The check itself failed:');
  expect(message('forgot await on a failing check')).toContain('Expected the stream to be complete; it is "did not finish"');
  // Vitest builds an async matcher's error with no trace of the test; the guard points it at the test's line.
  expect(message('an awaited failing check points at its line')).toMatch(/Expected the verdict "complete"[\s\S]*\n\s+at .*forgot\.fixture\.ts:36:\d+/);
});
