// The recorder the pipeline hands each assembler, and where the places it recorded are kept: beside the
// Reconstruction, in a WeakMap, never in its JSON.
import type { AnswerPlaces, ChoicePlaces, PlaceRecorder, PlaceRun } from './places.js';

/** A part's runs as two plain number arrays while recording (no object per run), made into PlaceRun[] when read. */
interface RunColumns {
  offsets: number[];
  frames: number[];
}

/** What is recorded of one choice. */
interface ChoiceColumns {
  text: RunColumns;
  reasoning: RunColumns;
  refusal: RunColumns;
  toolCalls: number[];
  finish: number | null;
}

const newColumns = (): RunColumns => ({ offsets: [], frames: [] });

/** Records where each part of the answer came from, as the assembler reads. One call per appended piece. */
export class PlaceBook implements PlaceRecorder {
  private readonly choices = new Map<number, ChoiceColumns>();
  private usageFrame: number | null = null;
  private errorFrame: number | null = null;
  private last: ChoiceColumns | null = null;
  private lastIndex = -1;

  appended(part: 'text' | 'reasoning' | 'refusal', choice: number, offset: number, frame: number): void {
    // Called once a piece: the last choice is kept at hand, and each part named outright (no keyed lookup).
    const columns = this.last !== null && this.lastIndex === choice ? this.last : this.choice(choice);
    const runs = part === 'text' ? columns.text : part === 'reasoning' ? columns.reasoning : columns.refusal;
    const frames = runs.frames;
    // A run goes on while the same frame appends (a frame of several pieces), so the runs stay one per frame.
    if (frames.length > 0 && frames[frames.length - 1] === frame) return;
    frames.push(frame);
    runs.offsets.push(offset);
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
    const choices = new Map<number, ChoicePlaces>();
    for (const [index, columns] of this.choices) choices.set(index, choicePlaces(columns));
    return { choices, usage: this.usageFrame, error: this.errorFrame, last: frameCount > 0 ? frameCount - 1 : null };
  }

  private choice(index: number): ChoiceColumns {
    let found = this.choices.get(index);
    if (found === undefined) {
      found = { text: newColumns(), reasoning: newColumns(), refusal: newColumns(), toolCalls: [], finish: null };
      this.choices.set(index, found);
    }
    this.last = found;
    this.lastIndex = index;
    return found;
  }
}

function choicePlaces(columns: ChoiceColumns): ChoicePlaces {
  const places = { toolCalls: columns.toolCalls, finish: columns.finish } as ChoicePlaces;
  for (const part of ['text', 'reasoning', 'refusal'] as const) {
    const { offsets, frames } = columns[part];
    Object.defineProperty(places, part, {
      enumerable: true,
      configurable: true,
      get(this: ChoicePlaces) {
        const runs: PlaceRun[] = offsets.map((offset, i) => ({ offset, frame: frames[i] as number }));
        Object.defineProperty(this, part, { value: runs, enumerable: true, writable: true, configurable: true });
        return runs;
      },
    });
  }
  return places;
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
  private readonly lengths = new Map<string, number>();

  constructor(readonly recorder: PlaceRecorder) {}

  /** Frame `frame` appended `piece` to choice `choice`'s `part`. */
  append(part: 'text' | 'reasoning' | 'refusal', choice: number, piece: string, frame: number): void {
    if (piece === '') return;
    const key = `${choice} ${part}`;
    const offset = this.lengths.get(key) ?? 0;
    this.recorder.appended(part, choice, offset, frame);
    this.lengths.set(key, offset + piece.length);
  }
}
