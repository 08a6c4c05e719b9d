import { readScript, scriptText, type Fault, type ExpectedReading, type ScriptSource, type StreamScript } from '../../src/faults/index.js';
import { piecesOf } from '../../src/faults/work.js';
import { faultedScript, faultedWork, type FaultedWork } from '../../src/faults/faults.js';
import { oracleOfWork, type OracleReading } from '../oracle/expect.js';

/**
 * Applies `faults` to `source` and reads the script at its pace; throws, saying what differs, unless the library
 * reports what the oracle (test/oracle) states for it: the same verdict and outcome, and exactly its findings (at
 * least them, where the oracle is not exact).
 */
export function expectStatedReading(source: ScriptSource, faults: readonly Fault[] = []): void {
  const made = faultedWork(source, faults);
  expectStated(made, oracleOfWork(made), faults);
}

/**
 * applyFaults()'s script of the work (its format, pieces, end and deadlines), without the `expected` reading
 * applyFaults() works out with two more readings: readScript() reads a script by those four alone. For a property
 * that reads the script itself and checks nothing of `expected` (test/faults/faults.test.ts checks that).
 */
export function scriptToRead({ work, deadlines }: FaultedWork): StreamScript {
  // The placeholder reading expectedOf() reads a script with; only the deadlines are read.
  const expected: ExpectedReading = { verdict: 'complete', outcome: 'ok', findings: [] };
  if (deadlines) expected.deadlines = deadlines;
  return { format: work.format, pieces: piecesOf(work), end: work.end, expected };
}

/**
 * `expectStatedReading()` on what `faultedWork()` made of the faults and the oracle's reading of it, for a property
 * that has both already: the script is `applyFaults()`'s (the same work turned into a script, or that script when given), read at its pace.
 */
export function expectStated(made: FaultedWork, expected: OracleReading, faults: readonly Fault[], script = faultedScript(made)): void {
  const reading = readScript(script);
  const codes = Object.keys(reading.findingCounts).sort();
  const findingsAgree = expected.exact ? codes.join() === expected.findings.join() : expected.findings.every((code) => codes.includes(code));
  if (reading.verdict === expected.verdict && reading.outcome === expected.outcome && findingsAgree) return;
  const text = scriptText(script);
  throw new Error(
    [
      `faults: ${faults.map((f) => f.name).join(', ') || 'none'}`,
      `expected: ${expected.verdict} / ${expected.outcome} / ${expected.findings.join(', ')}${expected.exact ? ' (exact)' : ' (at least)'}`,
      `read:     ${reading.verdict} / ${reading.outcome} / ${codes.join(', ')}`,
      ...reading.findings.map((f) => `  ${f.code} @${f.frame ?? '-'}: ${f.message.slice(0, 160)}`),
      `stream (${text.length} chars): ${JSON.stringify(text.length > 1500 ? `${text.slice(0, 700)} … ${text.slice(-700)}` : text)}`,
    ].join('\n'),
  );
}
