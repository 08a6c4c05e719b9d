// Runs every check `npm test` promises, then prints one plain line, "N passed, N failed, N skipped", from the runners'
// JSON reports (scripts/test-summary.mjs); a suite that must run and did not (the browser tests where chromium is
// installed) counts as failed. One fast-check seed serves the whole run: printed first, FC_SEED=<seed> replays it.
// Every step runs with a temp dir of its own (TMPDIR): at the end, any `sse-reconstruct-*` folder a step left in it
// fails the run, so a test or script that forgets to clean up is caught (other runs on the machine do not interfere).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseSeed, seedLine } from '../test/setup/seed.mjs';
import { findChromium, summarize, summaryLine } from './test-summary.mjs';

const reports = 'reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const runTemp = mkdtempSync(join(tmpdir(), 'sse-reconstruct-test-run-'));
const seed = chooseSeed();
console.log(seedLine(seed, 'npm test'));
const chromium = findChromium();
console.log(chromium === null ? 'no chromium: the browser tests will be skipped' : `chromium at ${chromium}: the browser tests must run`);
const env = { ...process.env, TMPDIR: runTemp, TMP: runTemp, TEMP: runTemp, FC_SEED: String(seed.seed) };

const failedSteps = [];
function step(name, command, args, options = {}) {
  process.stdout.write(`\n── ${name}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false, env, ...options });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
step('typecheck', npx, ['tsc', '-p', 'tsconfig.json']);
step('typecheck core (no Node types: runs in a browser)', npx, ['tsc', '-p', 'tsconfig.core.json']);
const built = step('build', npx, ['tsup']) && step('build the page', process.execPath, ['scripts/build-page.mjs']);
// After a good build the CLI cases run the bin just built, one plain node process each (test/cli-command.ts).
const vitestEnv = built ? { ...env, SSE_TEST_CLI: 'dist' } : env;
step('vitest', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`], { env: vitestEnv });
if (existsSync('jest.config.cjs') && built) {
  step('jest', npx, ['jest', '--config', 'jest.config.cjs', '--json', `--outputFile=${reports}/jest.json`]);
}
for (const extra of ['scripts/test-package.mjs', 'scripts/test-examples.mjs']) {
  if (existsSync(extra) && built) step(extra, process.execPath, [extra]);
}

checkTempLeftovers();

/** Fails the run for every `sse-reconstruct-*` folder a step left in its temp dir, then removes that dir. */
function checkTempLeftovers() {
  process.stdout.write('\n── temp folders left behind\n');
  const left = readdirSync(runTemp).filter((name) => name.startsWith('sse-reconstruct-'));
  rmSync(runTemp, { recursive: true, force: true, maxRetries: 3 });
  console.log(left.length === 0 ? '✓ no sse-reconstruct-* folder left in the temp dir' : `✗ left in the temp dir: ${left.join(', ')}`);
  const report = { success: left.length === 0, numPassedTests: left.length === 0 ? 1 : 0, numFailedTests: left.length === 0 ? 0 : 1 };
  writeFileSync(join(reports, 'temp-folders.json'), `${JSON.stringify({ ...report, left }, null, 2)}\n`);
}

const reportFiles = readdirSync(reports).filter((name) => name.endsWith('.json'));
const counts = summarize(
  reportFiles.map((file) => ({ file, report: JSON.parse(readFileSync(join(reports, file), 'utf8')) })),
  { browser: chromium !== null, built },
);
for (const problem of counts.notRun) console.log(`✗ ${problem}`);
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(summaryLine(counts));
process.exit(failedSteps.length > 0 || counts.failed > 0 || counts.passed === 0 ? 1 : 0);
