// The recorder the pipeline hands each assembler, and where the places it recorded are kept: beside the
// Reconstruction, in a WeakMap, never in its JSON.
import type { AnswerPlaces, ChoicePlaces, PlaceRecorder, PlaceRun } from './places.js';

const PARTS = ['text', 'reasoning', 'refusal'] as const;
type Part = (typeof PARTS)[number];
const partCode = (part: Part): number => (part === 'text' ? 0 : part === 'reasoning' ? 1 : 2);

/** What is recorded of one choice beside the log: its number in the log, and the last frame each part appended at. */
interface ChoiceColumns {
  key: number;
  lastFrame: [number, number, number];
  toolCalls: number[];
  finish: number | null;
}

// Why a log in a reused buffer: growing number arrays one piece at a time cost more than the read itself where fresh
// memory is slow to touch (a 10 MB stream records some 60 000 runs). Each book borrows a buffer from this pool while
// it records and copies out only what it used; buffers come back when the places are made.
const SPARE_LOGS: Int32Array[] = [];
const SPARE_LIMIT = 2;
const KEPT_LOG_LENGTH = 1 << 20;
const FIRST_LOG_LENGTH = 1 << 12;
/** One run in the log: the part's key (choice number × 3 + part), its offset, its frame. */
const RUN = 3;

/** Records where each part of the answer came from, as the assembler reads. One call per appended piece. */
export class PlaceBook implements PlaceRecorder {
  private readonly choices = new Map<number, ChoiceColumns>();
  private usageFrame: number | null = null;
  private errorFrame: number | null = null;
  private last: ChoiceColumns | null = null;
  private lastIndex = -1;
  private log: Int32Array | null = null;
  private logLength = 0;
  /** The runs' columns as of the last `places()`, split from the log when first read (see `LazyColumns`). */
  private earlier: LazyColumns = NO_COLUMNS;

  appended(part: Part, choice: number, offset: number, frame: number): void {
    // Called once a piece: the last choice is kept at hand (no keyed lookup).
    const columns = this.last !== null && this.lastIndex === choice ? this.last : this.choice(choice);
    const code = partCode(part);
    // A run goes on while the same frame appends (a frame of several pieces), so the runs stay one per frame.
    if (columns.lastFrame[code] === frame) return;
    columns.lastFrame[code] = frame;
    let log = this.log;
    const at = this.logLength;
    if (log === null || at + RUN > log.length) log = this.grow();
    log[at] = columns.key * 3 + code;
    log[at + 1] = offset;
    log[at + 2] = frame;
    this.logLength = at + RUN;
  }

  toolCall(choice: number, frame: number): void {
    this.choice(choice).toolCalls.push(frame);
  }

  finish(choice: number, frame: number): void {
    this.choice(choice).finish = frame;
  }

  usage(frame: number): void {
    this.usageFrame = frame;
  }

  error(frame: number): void {
    this.errorFrame ??= frame;
  }

  /** The places, with `frameCount` the stream's frames; each part's runs are made into objects when first read. */
  places(frameCount: number): AnswerPlaces {
    // The columns so far are kept: a live read may ask again later, and the log starts over in a borrowed buffer.
    // The log's used part is copied out (one native copy) and split into columns only when places are read: most
    // reconstructions never read them, and a split run once per read is a loop V8 has not optimised yet.
    const columns = this.log === null ? this.earlier : new LazyColumns(this.earlier, this.log.slice(0, this.logLength), this.choices.size * 3);
    this.earlier = columns;
    if (this.log !== null && this.log.length <= KEPT_LOG_LENGTH && SPARE_LOGS.length < SPARE_LIMIT) SPARE_LOGS.push(this.log);
    this.log = null;
    this.logLength = 0;
    const choices = new Map<number, ChoicePlaces>();
    for (const [index, choice] of this.choices) choices.set(index, choicePlaces(choice, columns));
    return { choices, usage: this.usageFrame, error: this.errorFrame, last: frameCount > 0 ? frameCount - 1 : null };
  }

  private grow(): Int32Array {
    const old = this.log;
    const needed = old === null ? FIRST_LOG_LENGTH : old.length * 2;
    const spare = SPARE_LOGS.pop();
    const log = spare !== undefined && spare.length >= needed ? spare : new Int32Array(Math.max(needed, spare?.length ?? 0));
    if (old !== null) log.set(old.subarray(0, this.logLength));
    this.log = log;
    return log;
  }

  private choice(index: number): ChoiceColumns {
    let found = this.choices.get(index);
    if (found === undefined) {
      found = { key: this.choices.size, lastFrame: [-1, -1, -1], toolCalls: [], finish: null };
      this.choices.set(index, found);
    }
    this.last = found;
    this.lastIndex = index;
    return found;
  }
}

/** The columns of the runs logged up to one `places()`: split from its log (after the earlier ones) when first asked. */
class LazyColumns {
  private split: readonly Int32Array[] | null = null;

  constructor(
    private earlier: LazyColumns | null,
    private log: Int32Array,
    private readonly keys: number,
  ) {}

  get columns(): readonly Int32Array[] {
    if (this.split === null) {
      this.split = columnsOf(this.earlier?.columns ?? [], this.log, this.log.length, this.keys);
      // Split once: neither the log nor the earlier columns are needed again.
      this.earlier = null;
      this.log = EMPTY_COLUMN;
    }
    return this.split;
  }
}

const EMPTY_COLUMN = new Int32Array(0);
const NO_COLUMNS = new LazyColumns(null, EMPTY_COLUMN, 0);

/**
 * The log split by part key: for each, its runs as [offset, frame, offset, frame, …] in one exact-size array, after
 * the runs `earlier` columns hold.
 */
function columnsOf(earlier: readonly Int32Array[], log: Int32Array, length: number, keys: number): Int32Array[] {
  const counts = new Int32Array(keys);
  earlier.forEach((column, key) => (counts[key] = column.length / 2));
  for (let at = 0; at < length; at += RUN) {
    const key = log[at] as number;
    counts[key] = (counts[key] as number) + 1;
  }
  const columns = Array.from(counts, (count) => new Int32Array(count * 2));
  const filled = new Int32Array(keys);
  earlier.forEach((column, key) => {
    columns[key]?.set(column);
    filled[key] = column.length;
  });
  for (let at = 0; at < length; at += RUN) {
    const key = log[at] as number;
    const column = columns[key] as Int32Array;
    const next = filled[key] as number;
    column[next] = log[at + 1] as number;
    column[next + 1] = log[at + 2] as number;
    filled[key] = next + 2;
  }
  return columns;
}

/** Each recorded ChoicePlaces' run columns, so a lookup needs no run objects (see `frameInColumn`). */
const COLUMNS = new WeakMap<ChoicePlaces, { columns: LazyColumns; key: number }>();

/** The column of `part` in `choice`'s runs. */
function columnOf(from: { columns: LazyColumns; key: number }, code: number): Int32Array {
  return from.columns.columns[from.key * 3 + code] ?? EMPTY_COLUMN;
}

function choicePlaces(choice: ChoiceColumns, columns: LazyColumns): ChoicePlaces {
  const places = { toolCalls: choice.toolCalls, finish: choice.finish } as ChoicePlaces;
  const own = { columns, key: choice.key };
  PARTS.forEach((part, code) => {
    Object.defineProperty(places, part, {
      enumerable: true,
      configurable: true,
      get(this: ChoicePlaces) {
        const column = columnOf(own, code);
        const runs: PlaceRun[] = [];
        for (let at = 0; at < column.length; at += 2) runs.push({ offset: column[at] as number, frame: column[at + 1] as number });
        Object.defineProperty(this, part, { value: runs, enumerable: true, writable: true, configurable: true });
        return runs;
      },
    });
  });
  COLUMNS.set(places, own);
  return places;
}

/**
 * The run of `part` that holds `offset` in places a reconstruction recorded, without making the run objects:
 * its frame, the first run's frame before the first run, null when the part has no runs; undefined for places
 * made another way (read their runs then).
 */
export function frameInColumn(places: ChoicePlaces, part: Part, offset: number): number | null | undefined {
  const own = COLUMNS.get(places);
  if (own === undefined) return undefined;
  const column = columnOf(own, partCode(part));
  if (column.length === 0) return null;
  let low = 0;
  let high = column.length / 2 - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((column[middle * 2] as number) <= offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return column[found * 2 + 1] as number;
}

/** The frame a run of `runs` says `offset` came from; null before the first run. */
export function frameAt(runs: readonly PlaceRun[], offset: number): number | null {
  let low = 0;
  let high = runs.length - 1;
  let found: number | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const run = runs[middle] as PlaceRun;
    if (run.offset <= offset) {
      found = run.frame;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

const KEPT = new WeakMap<object, AnswerPlaces>();

/** Keeps `places` beside `result`. */
export function keepPlaces(result: object, places: AnswerPlaces): void {
  KEPT.set(result, places);
}

/**
 * Where each part of a reconstruction's answer came from in its stream (frame indexes into `frames`), for
 * `compareStreams` and reports. Null for a reconstruction that went through JSON (or was made by hand).
 */
export function placesOf(reconstruction: object): AnswerPlaces | null {
  return KEPT.get(reconstruction) ?? null;
}

/**
 * For an assembler whose parts grow one after another (blocks, items, parts in order): the answer's length so far
 * per choice and part is where the next piece goes.
 */
export class RunningPlaces {
  private readonly lengths = new Map<number, number>();

  constructor(readonly recorder: PlaceRecorder) {}

  /** Frame `frame` appended `piece` to choice `choice`'s `part`. */
  append(part: 'text' | 'reasoning' | 'refusal', choice: number, piece: string, frame: number): void {
    if (piece === '') return;
    // A number key, not a string made per piece.
    const key = choice * 3 + partCode(part);
    const offset = this.lengths.get(key) ?? 0;
    this.recorder.appended(part, choice, offset, frame);
    this.lengths.set(key, offset + piece.length);
  }
}
