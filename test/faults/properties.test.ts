// Random fault lists on fixtures, generated streams and the recorded corpus: the library must report exactly the
// reading the oracle (test/oracle) states for the faulted stream.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ciRuns } from '../setup/runs.js';
import { FORMAT_NAMES } from '../../src/core/index.js';
import { faults, streams } from '../../src/arbitraries/index.js';
import { appendError, dropStart, joinDataLines, renameEvent, scriptOf, type Fault, type StreamScript } from '../../src/faults/index.js';
import { faultsOnSource, sourceRead, type SourceRead } from '../../src/faults/faults.js';
import { FIXTURES, fixture, type Fixture } from '../../src/fixtures/index.js';
import { oracleOfWork } from '../oracle/expect.js';
import { statesRules } from '../oracle/oracle.js';
import { expectStated, expectStatedReading, scriptToRead } from './reading.js';

const recorded = join(__dirname, '../../fixtures/recorded');
const corpus = readdirSync(recorded)
  .filter((folder) => !folder.endsWith('.md'))
  .flatMap((folder) => readdirSync(join(recorded, folder)).filter((f) => f.endsWith('.sse')).map((f) => join(recorded, folder, f)))
  .concat(readdirSync(join(__dirname, '../../fixtures/captures')).filter((f) => f.endsWith('.sse')).map((f) => join(__dirname, '../../fixtures/captures', f)))
  .map((path) => ({ path, script: scriptOf(readFileSync(path, 'utf8')) }));

/** Generated-stream property runs in all, shared out among the formats the oracle covers. */
const GENERATED_RUNS = 1050;

/** Each source's script and reading, read once for all the fault lists it meets (fixtures and recordings come again and again). */
const reads = new WeakMap<object, SourceRead>();

function readOnce(source: Fixture | StreamScript): SourceRead {
  let read = reads.get(source);
  if (read === undefined) reads.set(source, (read = sourceRead(scriptOf(source))));
  return read;
}

function check(source: Fixture | StreamScript, list: readonly Fault[]): void {
  // The faults apply once (what `faultedWork()` and `applyFaults()` do): the precondition, the oracle and the script
  // read all come from this one work.
  const made = faultsOnSource(readOnce(source), list);
  // A stall after the last frame shows only to a live reader (`applyFaults()`'s script ends as the work does).
  fc.pre(made.work.end.kind === 'close');
  // The oracle's rules do not cover a few recorded streams (it says so in `unstated`).
  const expected = oracleOfWork(made);
  fc.pre(expected.unstated === undefined);
  expectStated(made, expected, list, scriptToRead(made));
}

describe('faults state the reading they cause', () => {
  test('on every fixture', () => {
    fc.assert(fc.property(fc.constantFrom(...FIXTURES), faults({ maxLength: 3 }), (fixture, list) => check(fixture, list)), { numRuns: ciRuns(600) });
  });

  // A format the oracle states no rules for has every reading unstated: its property would only skip (its faults are
  // checked against its official reader in test/differential instead). The runs are shared out among the formats:
  // the 1,050 the first seven had in all (150 each), whatever their number (each run's seed is fresh and printed).
  const covered = FORMAT_NAMES.filter(statesRules);
  test.each(covered)('on generated %s streams', (format) => {
    fc.assert(fc.property(streams(format), faults({ maxLength: 3 }), (stream, list) => check(stream, list)), { numRuns: ciRuns(Math.ceil(GENERATED_RUNS / covered.length)) });
  });

  test('the oracle states rules for every format', () => {
    expect(FORMAT_NAMES.filter((format) => !statesRules(format))).toEqual([]);
  });

  test(`on the ${corpus.length} recorded streams and captures`, () => {
    fc.assert(fc.property(fc.constantFrom(...corpus), faults({ maxLength: 2 }), ({ script }, list) => check(script, list)), { numRuns: ciRuns(600) });
  });

  test('the recorded streams the rules do not cover are few and say why', () => {
    const outside = corpus.filter(({ script }) => oracleOfWork(faultsOnSource(readOnce(script), [])).unstated !== undefined);
    if (outside.length > 8) throw new Error(`${outside.length} recorded streams are outside the rules: ${outside.map((c) => c.path).join(', ')}`);
  });
});

test('an event left unassembled in the source reads as unstarted once a fault drops its item start', () => {
  const source = corpus.find(({ path }) => path.endsWith('vercel--apply-patch-tool.sse'));
  if (source === undefined) throw new Error('the recorded apply_patch stream is missing');
  const list = [dropStart(), joinDataLines(0)];
  expectStatedReading(source.script, list);
});

test('a Bedrock exception after messageStop, where metadata should come, fails the stream (FC_SEED=1299956023)', () => {
  // The last frame, metadata, renamed away; the SDK throws the exception after it as it would anywhere.
  const source = fixture('bedrock/reasoning');
  const made = faultsOnSource(readOnce(source), [renameEvent(source.stream.split('\n\n').length - 2, 'message'), appendError()]);
  const expected = oracleOfWork(made);
  expect([expected.verdict, expected.outcome]).toEqual(['did not finish', 'error_event']);
  expectStated(made, expected, [], scriptToRead(made));
});
