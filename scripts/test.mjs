// Runs every check `npm test` promises, then prints one plain line: "N passed, N failed" from the runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const reports = 'reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const failedSteps = [];
function step(name, command, args, options = {}) {
  process.stdout.write(`\n── ${name}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false, ...options });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
step('typecheck', npx, ['tsc', '-p', 'tsconfig.json']);
step('typecheck core (no Node types: runs in a browser)', npx, ['tsc', '-p', 'tsconfig.core.json']);
const built = step('build', npx, ['tsup']) && step('build the page', process.execPath, ['scripts/build-page.mjs']);
step('vitest', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`]);
if (existsSync('jest.config.cjs') && built) {
  step('jest', npx, ['jest', '--config', 'jest.config.cjs', '--json', `--outputFile=${reports}/jest.json`]);
}
for (const extra of ['scripts/test-package.mjs', 'scripts/test-examples.mjs']) {
  if (existsSync(extra) && built) step(extra, process.execPath, [extra]);
}

let passed = 0;
let failed = 0;
for (const file of readdirSync(reports).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(reports, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  if (!report.success && (report.numFailedTests ?? 0) === 0 && (report.numFailedTestSuites ?? 0) > 0) {
    failed += report.numFailedTestSuites;
  }
}
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 || failed > 0 || passed === 0 ? 1 : 0);
