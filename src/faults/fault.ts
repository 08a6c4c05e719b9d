// What a fault is, and applying faults: frame-aware transforms of a stream script, each keeping every byte it does not
// touch; applyFaults() states the library's reading of the result. The faults themselves: frame-faults.ts (which
// frames come), framing-faults.ts (how frames are written), timing-faults.ts (when they come).
import { describeArgument, DEFAULT_DEADLINES, type Deadlines, type Reconstruction } from '../core/index.js';
import { expectedOf } from './expected.js';
import type { StreamScript } from './script.js';
import { readScript, scriptOf, type ScriptSource } from './script-of.js';
import { frameUnits, piecesOf, unitText, workOf, type Unit, type Work } from './work.js';
import { SseReconstructError } from '../core/index.js';

/** A way a stream breaks. Pass faults to `applyFaults()`, or call `apply()` on a stream. */
export interface Fault {
  /** How it was made: `drop(3)`, `pace({"tokensPerSec":20})`. */
  readonly name: string;
  /** What it does to the stream, in a few words. */
  readonly description: string;
  /** `applyFaults(source, this)`. */
  apply(source: ScriptSource): StreamScript;
}

/** What a fault's transform may ask of the source: whether a unit carried content in the source's reading. */
export interface Context {
  progressOf(unit: Unit): boolean;
}

/** A fault's change to a work, in place. */
export type Transform = (work: Work, context: Context) => void;

/** Where a fault keeps its transform: a registered symbol, so faults made by another copy of this module apply too. */
const TRANSFORM = Symbol.for('sse-reconstruct.fault');

/** A fault named `name`, doing `transform`. */
export function fault(name: string, description: string, transform: Transform): Fault {
  const made: Fault = { name, description, apply: (source) => applyFaults(source, made) };
  Object.defineProperty(made, TRANSFORM, { value: transform });
  // Shown by name in test output and in fast-check's counterexamples.
  const show = () => name;
  Object.defineProperty(made, 'toString', { value: show });
  Object.defineProperty(made, Symbol.for('fast-check/toStringMethod'), { value: show });
  return Object.freeze(made);
}

function transformOf(value: unknown): Transform | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const transform = (value as Record<symbol, unknown>)[TRANSFORM];
  return typeof transform === 'function' ? (transform as Transform) : undefined;
}

/**
 * For arbitraries: a fault whose frame positions are shares (0 to 1) of the stream it meets, made by `make` once the
 * frame count is known; one that cannot apply to that stream leaves it unchanged.
 */
export function relativeFault(name: string, make: (frameLengths: number[]) => Fault): Fault {
  return fault(name, `${name}, placed by the stream's length`, (work, context) => {
    try {
      transformOf(make(frameUnits(work).map((unit) => unitText(unit).length)))!(work, context);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  });
}

/**
 * Applies faults in order to a stream (a string, bytes, a timestamped capture, a fixture or a script) and returns the
 * script they make, with `expected` the library's own reading of it (at its pace, under the deadlines its stalls set).
 */
export function applyFaults(source: ScriptSource, ...faults: Fault[]): StreamScript {
  return faultedScript(faultedWork(source, faults));
}

/** The script faults made (what `applyFaults()` returns), from their work: the tests' oracle reads the same work. */
export function faultedScript({ work, deadlines }: Pick<FaultedWork, 'work' | 'deadlines'>): StreamScript {
  const script = { format: work.format, pieces: piecesOf(work), end: work.end };
  return { ...script, expected: expectedOf(script, deadlines) };
}

/** What faults made of a source: the source's script, reading and work, the faulted work, and the deadlines to read it with. */
export interface FaultedWork {
  script: StreamScript;
  reading: Reconstruction;
  sourceWork: Work;
  work: Work;
  deadlines: Deadlines | undefined;
}

/** The faults applied to a source's work (for `applyFaults()`, and for the tests' independent reading of the result). */
export function faultedWork(source: ScriptSource, faults: readonly Fault[]): FaultedWork {
  return faultsOnSource(sourceRead(scriptOf(source)), faults);
}

/** A source's script and its reading at its pace: what faults are applied to. */
export interface SourceRead {
  script: StreamScript;
  reading: Reconstruction;
}

/** The source's script read: for a caller that applies many fault lists to one source (neither is changed by them). */
export function sourceRead(script: StreamScript): SourceRead {
  return { script, reading: readScript(script) };
}

/** `faultedWork()` on a source already read. */
export function faultsOnSource({ script, reading }: SourceRead, faults: readonly Fault[]): FaultedWork {
  faults.forEach((entry, index) => {
    if (transformOf(entry) === undefined) {
      throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: applyFaults(source, ...faults) takes faults made by this module (drop(2), truncateAfter(5), …); argument ${index + 1} is ${describeArgument(entry)}.`);
    }
  });
  const work = workOf(script);
  const context: Context = { progressOf: (unit) => unit.origin !== null && reading.frames[unit.origin]?.progress === true };
  for (const entry of faults) transformOf(entry)!(work, context);
  const stall = work.smallestStallMs;
  const previous = script.expected.deadlines;
  const deadlines = stall === null ? previous : stallDeadlines(stall, previous);
  return { script, reading, sourceWork: workOf(script), work, deadlines };
}

/** The text faults make of a source read: `scriptText(applyFaults(source, ...faults))`, without reading the result. */
export function faultedText(read: SourceRead, faults: readonly Fault[]): string {
  let text = '';
  for (const piece of piecesOf(faultsOnSource(read, faults).work)) text += piece.text;
  return text;
}

/** Deadlines just below a stall, so reading with them sees it. */
function stallDeadlines(stallMs: number, previous: StreamScript['expected']['deadlines']) {
  const below = Number.isFinite(stallMs) ? Math.max(1, stallMs - 1) : DEFAULT_DEADLINES.idleMs;
  return {
    firstContentMs: Math.min(below, previous?.firstContentMs ?? Infinity),
    idleMs: Math.min(below, previous?.idleMs ?? Infinity),
    totalMs: previous?.totalMs ?? DEFAULT_DEADLINES.totalMs,
  };
}
