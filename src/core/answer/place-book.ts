// The recorder the pipeline hands each assembler, and where the places it recorded are kept: beside the
// Reconstruction, in a WeakMap, never in its JSON.
import type { AnswerPlaces, ChoicePlaces, PlaceRecorder, PlaceRun } from './places.js';

/** Records where each part of the answer came from, as the assembler reads. One call per appended piece. */
export class PlaceBook implements PlaceRecorder {
  private readonly choices = new Map<number, ChoicePlaces>();
  private usageFrame: number | null = null;
  private errorFrame: number | null = null;

  appended(part: 'text' | 'reasoning' | 'refusal', choice: number, offset: number, frame: number): void {
    const runs = this.choice(choice)[part];
    const last = runs[runs.length - 1];
    // A run goes on while the same frame appends (a frame of several pieces), so the runs stay one per frame.
    if (last !== undefined && last.frame === frame) return;
    runs.push({ offset, frame });
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

  /** The places, with `frameCount` the stream's frames. */
  places(frameCount: number): AnswerPlaces {
    return { choices: this.choices, usage: this.usageFrame, error: this.errorFrame, last: frameCount > 0 ? frameCount - 1 : null };
  }

  private choice(index: number): ChoicePlaces {
    let found = this.choices.get(index);
    if (found === undefined) {
      found = { text: [], reasoning: [], refusal: [], toolCalls: [], finish: null };
      this.choices.set(index, found);
    }
    return found;
  }
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
