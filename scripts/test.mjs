// Runs every check `npm test` promises, then prints one plain line, "N passed, N failed, N skipped", from the runners'
// JSON reports (scripts/test-summary.mjs); a suite that must run and did not (the browser tests where chromium is
// installed) counts as failed. One fast-check seed serves the whole run: printed first, FC_SEED=<seed> replays it.
// Every step runs with a temp dir of its own (TMPDIR): at the end, any `sse-reconstruct-*` folder a step left in it
// fails the run, so a test or script that forgets to clean up is caught (other runs on the machine do not interfere).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseSeed, seedLine } from '../test/setup/seed.mjs';
import { lowerPriority } from './test-examples.mjs';
import { findChromium, summarize, summaryLine } from './test-summary.mjs';

const reports = 'reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const runStarted = performance.now();
const runTemp = mkdtempSync(join(tmpdir(), 'sse-reconstruct-test-run-'));
const seed = chooseSeed();
console.log(seedLine(seed, 'npm test'));
const chromium = findChromium();
console.log(chromium === null ? 'no chromium: the browser tests will be skipped' : `chromium at ${chromium}: the browser tests must run`);
// --deep (`npm run test:deep`): the costliest properties run their full budgets, twice what npm test gives them
// (test/setup/runs.ts).
const deep = process.argv.includes('--deep') ? { SSE_DEEP_PROPERTIES: '1' } : {};
if (deep.SSE_DEEP_PROPERTIES) console.log('--deep: the costliest properties run their full budgets');
const env = { ...process.env, ...deep, TMPDIR: runTemp, TMP: runTemp, TEMP: runTemp, FC_SEED: String(seed.seed) };

const failedSteps = [];
const stepTimes = [];

/** Runs one step, its output shown as it comes; resolves to whether it passed. */
function step(name, command, args, options = {}) {
  process.stdout.write(`\n── ${name}\n`);
  return timed(name, () => runProcess(command, args, { stdio: 'inherit', ...options }));
}

/** Shows held step results whole, each under its name, in the order given. */
function show(results) {
  for (const { name, output } of results) process.stdout.write(`\n── ${name}\n${output}`);
}

/** Runs a lane's steps one after another, each whatever the one before gave, output held; resolves to their results. */
async function inTurn(steps) {
  const results = [];
  for (const [name, command, args, options = {}] of steps) results.push(await timed(name, () => runProcess(command, args, { stdio: 'pipe', ...options })));
  return results;
}

async function timed(name, run) {
  const started = performance.now();
  const result = await run();
  stepTimes.push([name, (performance.now() - started) / 1000]);
  if (!result.passed) failedSteps.push(name);
  return result.stdio === 'inherit' ? result.passed : { ...result, name };
}

/** Runs a command; `nice` lowers its priority (as nice(1) does) and its children's (scripts/test-examples.mjs). */
function runProcess(command, args, { stdio, nice, ...options }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'], shell: false, env, ...options });
    if (nice !== undefined) lowerPriority(child.pid, nice);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => resolve({ passed: code === 0, output, stdio }));
  });
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsc = join('node_modules', 'typescript', 'bin', 'tsc');
// The build is what the tests wait for, so it comes first and checks only src: the check writes src's declarations
// (tsconfig.build.json) for tsup to bundle, then the page is built. Beside it, the core alone is type-checked, then the
// whole project (tests, bench, scripts), which nothing waits for: it goes on beside the tests.
rmSync('.tmp/declarations', { recursive: true, force: true });
const typechecks = inTurn([
  ['typecheck core (no Node types: runs in a browser)', process.execPath, [tsc, '-p', 'tsconfig.core.json']],
  ['typecheck the whole project (tests, bench, scripts)', process.execPath, [tsc, '-p', 'tsconfig.json']],
]);
const buildSteps = await inTurn([
  ['typecheck src (writes its declarations for the build)', process.execPath, [tsc, '-p', 'tsconfig.build.json']],
  ['build', npx, ['tsup']],
  ['build the page', process.execPath, ['scripts/build-page.mjs']],
]);
show(buildSteps);
const built = buildSteps.every((result) => result.passed) && (await packOnce());
// After a good build the CLI cases run the bin just built, one plain node process each (test/cli/cli-command.ts).
const vitestEnv = built ? { ...env, SSE_TEST_CLI: 'dist' } : env;
// The package and example checks and Jest run beside Vitest: most of their time is spent on child processes that
// start, link and wait on sockets, which fill the gaps Vitest leaves on two cores (its browser and socket tests wait
// too). Their output is held and shown after Vitest's.
// The package checks have no timing in them: they run at a lower priority, in the CPU the suites leave (the examples
// lower their own type checks).
const scripts = [
  ['scripts/test-package.mjs', { nice: 10 }],
  ['scripts/test-examples.mjs', {}],
].filter(([extra]) => existsSync(extra)).map(([extra, options]) => [extra, process.execPath, [extra], options]);
const jest = existsSync('jest.config.cjs') ? [['jest', npx, ['jest', '--config', 'jest.config.cjs', '--json', `--outputFile=${reports}/jest.json`]]] : [];
const extras = built ? [...scripts, ...jest] : [];
const [, held] = await Promise.all([
  step('vitest', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`], { env: vitestEnv }),
  Promise.all(extras.map(([name, command, args, options = {}]) => timed(name, () => runProcess(command, args, { stdio: 'pipe', ...options })))),
]);
show([...held, ...(await typechecks)]);

/** Packs the build once for the package and example checks (SSE_PACKED_TARBALL), in this run's temp dir. */
async function packOnce() {
  const into = mkdtempSync(join(runTemp, 'packed-'));
  const packed = await inTurn([['pack the build once', npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', into]]]);
  show(packed);
  const passed = packed[0].passed;
  const [tarball] = readdirSync(into).filter((name) => name.endsWith('.tgz'));
  if (passed && tarball !== undefined) env.SSE_PACKED_TARBALL = join(into, tarball);
  return passed;
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
console.log('\n── time per step (seconds; steps run side by side overlap)');
for (const [name, seconds] of stepTimes) console.log(`${seconds.toFixed(1).padStart(7)}  ${name}`);
console.log(`${((performance.now() - runStarted) / 1000).toFixed(1).padStart(7)}  npm test in all`);
for (const problem of counts.notRun) console.log(`✗ ${problem}`);
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(summaryLine(counts));
process.exit(failedSteps.length > 0 || counts.failed > 0 || counts.passed === 0 ? 1 : 0);
