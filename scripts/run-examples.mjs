// The examples for a reader: pack this package, install it as a user would next to Vitest and Jest, run the relay
// suites in examples/, and print what each test showed. Exits 1 if any failed.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLES, install, pack, runSuite } from './test-examples.mjs';

const started = Date.now();
const tarball = pack();
const names = Object.keys(EXAMPLES);
console.log(`Packed ${tarball.split(/[\\/]/).pop()}; installing it with ${names.join(' and ')} in temp folders…`);
const dirs = await Promise.all(names.map((name) => install(name, tarball)));
const out = mkdtempSync(join(tmpdir(), 'sse-reconstruct-run-'));

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
  failed += report.numFailedTests + (brokenSuite ? 1 : 0);
}
console.log(`\nExamples ${failed === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
process.exit(failed === 0 ? 0 : 1);

function strip(text) {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

function indent(text) {
  return text.replace(/^/gm, '      ');
}
