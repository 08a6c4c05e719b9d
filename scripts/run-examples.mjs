// The examples for a reader: pack this package, install it as a user would next to Vitest and Jest, run the relay
// suites in examples/, and print what each test showed. Exits 1 if any failed. The temp folders go at the end.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES, install, pack, removeTempDirs, runSuite, tempDir } from './test-examples.mjs';

/** Packs, installs and runs every example; resolves to how many tests (or suites) failed. */
async function runExamples() {
  const started = Date.now();
  const tarball = pack();
  const names = Object.keys(EXAMPLES);
  console.log(`Packed ${tarball.split(/[\\/]/).pop()}; installing it with ${names.join(' and ')} in temp folders…`);
  const dirs = await Promise.all(names.map((name) => install(name, tarball)));
  const out = tempDir('run');
  let failed = 0;
  for (const [index, name] of names.entries()) {
    const file = join(out, `${name}.json`);
    const { output } = await runSuite(name, dirs[index], file);
    let report;
    try {
      report = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      console.log(`\nexamples/${name}: the suite did not run\n${output}`);
      failed += 1;
      continue;
    }
    failed += printReport(name, report);
  }
  console.log(`\nExamples ${failed === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return failed;
}

/** Prints every test of one example's report; returns how many failed (a suite that did not run counts once). */
function printReport(name, report) {
  console.log(`\nexamples/${name} — a relay in front of a replayed upstream, tested with the matchers:`);
  for (const suite of report.testResults) {
    for (const test of suite.assertionResults) {
      const ok = test.status === 'passed';
      console.log(`  ${ok ? '✓' : '✗'} ${[...test.ancestorTitles, test.title].join(' › ')}`);
      if (!ok) console.log(indent(strip(test.failureMessages.join('\n')).split('\n').slice(0, 12).join('\n')));
    }
  }
  console.log(`  ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  const brokenSuite = (report.numFailedTestSuites ?? 0) > 0 && report.numFailedTests === 0;
  return report.numFailedTests + (brokenSuite ? 1 : 0);
}

function strip(text) {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

function indent(text) {
  return text.replace(/^/gm, '      ');
}

let failed = 1;
try {
  failed = await runExamples();
} finally {
  removeTempDirs();
}
process.exitCode = failed === 0 ? 0 : 1;
