// A missing `await` on a matcher that reads a stream fails the test that forgot it (Jest on its own crashes).
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { expect, test } = require('@jest/globals');

function runFixture() {
  const dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-await-'));
  try {
    const output = join(dir, 'report.json');
    const jest = join(__dirname, '../../node_modules/jest/bin/jest.js');
    const config = join(__dirname, 'fixtures/await/jest.config.cjs');
    const run = spawnSync(process.execPath, [jest, '--config', config, '--ci', '--json', `--outputFile=${output}`], { encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(1);
    const report = JSON.parse(readFileSync(output, 'utf8'));
    return { report, assertions: report.testResults.flatMap((file) => file.assertionResults) };
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
  });
  expect(report.numFailedTests).toBe(2);
  expect(report.numRuntimeErrorTestSuites).toBe(0);
  const message = (title) => assertions.find((a) => a.title === title).failureMessages.join('\n');
  expect(message('forgot await on a passing check')).toMatch(/expect\(…\)\.toBeComplete\(\) was not awaited at .*forgot\.fixture\.cjs:\d+:\d+\..*\nThe check itself passed\./);
  expect(message('forgot await on a failing check')).toContain('The check itself failed:');
  expect(message('forgot await on a failing check')).toContain('Expected the stream to be complete; it is "did not finish"');
});
