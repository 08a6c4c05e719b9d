// The run budget of a property that loops over the registry. Such a property once ran its runs for each of five
// formats; with every new format the suite's CPU grew by one more share. Its runs per format are now the five-format
// total shared among the formats listed, so the total stays the same however many formats there are (the seed
// changes every run, so across runs every format still meets many more streams).
import { FORMAT_NAMES } from '../../src/core/index.js';

/** The formats a property's budget was set for. */
const BUDGETED_FORMATS = 5;

/** Below this a format's property draws too few cases to shrink toward anything or reach its rare branches. */
const FLOOR = 20;

/**
 * The runs for one format of a property that runs once per listed format, given the runs per format it had when five
 * formats were listed: `runsPerFormat(150)` is 75 with ten formats. `FC_RUNS` (when set) raises it.
 */
export function runsPerFormat(runsWithFiveFormats: number, formats: number = FORMAT_NAMES.length): number {
  const shared = Math.ceil((runsWithFiveFormats * BUDGETED_FORMATS) / Math.max(formats, 1));
  return Math.max(Math.min(runsWithFiveFormats, Math.max(shared, FLOOR)), Number(process.env.FC_RUNS ?? 0));
}

/**
 * The runs `npm test` gives one of the costliest properties (the fast path against the slow one, the faults against
 * the oracle, the accelerators, the arbitraries, the decoder), given its full budget: half of it, at least FLOOR, so a
 * push's CI stays within its minutes. Every run draws a fresh seed, so the halves of two pushes meet more streams than
 * one full run. `npm run test:deep` (SSE_DEEP_PROPERTIES=1) gives the full budget; `FC_RUNS` raises either.
 */
export function ciRuns(full: number): number {
  const runs = process.env.SSE_DEEP_PROPERTIES === '1' ? full : Math.max(Math.ceil(full / 2), Math.min(full, FLOOR));
  return Math.max(runs, Number(process.env.FC_RUNS ?? 0));
}
