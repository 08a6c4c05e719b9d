// `relayConformance()`: one test per route × case inside `describe`, under Vitest or Jest. The runner's functions
// are found where each runner puts them (Jest's globals, Vitest's globals or its module namespace), or passed in.
import { SseReconstructError } from '../core/index.js';
import { matrixText, writeMatrix } from './matrix-text.js';
import { checkOptions } from './options.js';
import { ConformanceSession, matrixOf, planOf, skippedCell, type PlannedCase } from './run.js';
import type { ConformanceCell, ConformanceRunner, RelayConformanceOptions } from './types.js';

/** The environment variable naming a file to write the matrix to, when the `report` option is left out. */
export const REPORT_ENV = 'SSE_RECONSTRUCT_CONFORMANCE_REPORT';

type Test = ((name: string, run: () => Promise<void>, timeout?: number) => unknown) & {
  concurrent?: (name: string, run: () => Promise<void>, timeout?: number) => unknown;
  skip?: (name: string, run: () => void) => unknown;
};
type Hook = (run: () => unknown, timeout?: number) => unknown;
interface Runner {
  describe: (name: string, body: () => void) => unknown;
  it: Test;
  beforeAll: Hook;
  afterAll: Hook;
}

const NAMES = ['describe', 'it', 'beforeAll', 'afterAll'] as const;

function complete(candidate: unknown): candidate is ConformanceRunner {
  return candidate !== null && typeof candidate === 'object' && NAMES.every((name) => typeof (candidate as Record<string, unknown>)[name] === 'function');
}

/** The runner's functions: passed in, globals (Jest; Vitest with `globals: true`), or Vitest's module namespace. */
function runnerOf(given: ConformanceRunner | undefined): Runner {
  if (given !== undefined) {
    if (!complete(given)) throw new SseReconstructError('ERR_SSE_OPTION', 'sse-reconstruct: relayConformance: runner must hold describe, it, beforeAll and afterAll (import them from vitest or @jest/globals).');
    return given as unknown as Runner;
  }
  const globals = globalThis as unknown as Record<string, unknown>;
  if (complete(globals)) return globals as unknown as Runner;
  // Vitest keeps its module namespace here for in-source tests, with or without `globals: true`.
  const vitest = globals.__vitest_index__;
  if (complete(vitest)) return vitest as unknown as Runner;
  throw new SseReconstructError(
    'ERR_SSE_STATE',
    "sse-reconstruct: relayConformance registers tests, so call it in a test file; no describe/it/beforeAll/afterAll were found. Pass them: relayConformance({ ..., runner: { describe, it, beforeAll, afterAll } }) imported from 'vitest' or '@jest/globals'; or use runRelayConformance() outside a runner.",
  );
}

/** The message a failing cell's test throws: why, then what shows it. */
function failureMessage(cell: ConformanceCell): string {
  const lines = [`${cell.case} (${cell.rule}): ${cell.why}`, `Why the rule holds: ${cell.reason}`];
  const details = cell.details;
  for (const difference of details?.differences ?? []) lines.push(`  ${difference.code} (${difference.severity}) at ${difference.path}: ${difference.message}`);
  if (details?.upstream) lines.push(`Upstream: ${details.upstream.summary}`);
  if (details?.downstream) {
    const down = details.downstream;
    lines.push(`Downstream: ${down.summary}`, ...down.findings.slice(0, 8).map((finding) => `  ${finding.code} (${finding.severity})${finding.line === null ? '' : ` at line ${finding.line}`}: ${finding.message}`));
    lines.push(`Downstream bytes (status ${down.status ?? 'none'}, ${down.byteLength} bytes${down.truncated ? ', cut to its first and last KiBs' : ''}):`, down.text);
  }
  return lines.join('\n');
}

/**
 * Registers, inside `describe`, one test per route × case of the kit (skipped cases as skipped tests). The upstream
 * starts and the relay opens in `beforeAll`; `afterAll` closes them, prints the matrix and writes it as JSON when
 * `report` (or the `SSE_RECONSTRUCT_CONFORMANCE_REPORT` environment variable) names a file. Cases run concurrently,
 * up to `concurrency`, where the runner has `it.concurrent`.
 */
export function relayConformance(options: RelayConformanceOptions): void {
  const checked = checkOptions(options);
  const runner = runnerOf(options.runner);
  const plan = planOf(checked);
  const report = options.report ?? readEnv(REPORT_ENV);
  const cells = new Map<PlannedCase, ConformanceCell>();
  // Opened on first demand: Jest starts concurrent tests before the describe block's beforeAll has run.
  let opening: Promise<ConformanceSession> | null = null;
  let startedAt = new Date();
  let started = 0;
  const session = (): Promise<ConformanceSession> => {
    if (opening === null) {
      startedAt = new Date();
      started = performance.now();
      opening = ConformanceSession.open(checked);
    }
    return opening;
  };
  const running = plan.filter((planned) => planned.skip === null).length;
  const timeout = (Math.ceil(running / checked.concurrency) + 2) * checked.bounds.caseMs;
  runner.describe(options.title ?? 'relay conformance', () => {
    runner.beforeAll(() => session(), 30_000);
    runner.afterAll(async () => {
      if (opening !== null) await (await opening.catch(() => null))?.close();
      const matrix = matrixOf(checked, plan.flatMap((planned) => cells.get(planned) ?? []), startedAt, performance.now() - started);
      if (options.print !== false) console.log(matrixText(matrix));
      if (report !== undefined && report !== '') await writeMatrix(report, matrix);
    }, 30_000);
    for (const planned of plan) registerCase(runner, planned, cells, session, timeout);
  });
}

function registerCase(runner: Runner, planned: PlannedCase, cells: Map<PlannedCase, ConformanceCell>, session: () => Promise<ConformanceSession>, timeout: number): void {
  const name = `${planned.route.name} › ${planned.definition.name} [${planned.definition.rule}]`;
  if (planned.skip !== null) {
    cells.set(planned, skippedCell(planned));
    if (typeof runner.it.skip === 'function') runner.it.skip(`${name} (${planned.skip})`, () => {});
    return;
  }
  const register = typeof runner.it.concurrent === 'function' ? runner.it.concurrent.bind(runner.it) : runner.it;
  register(
    name,
    async () => {
      const cell = await (await session()).runCase(planned);
      cells.set(planned, cell);
      if (cell.status === 'fail') throw new Error(failureMessage(cell));
    },
    timeout,
  );
}

function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name];
}

