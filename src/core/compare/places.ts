// Places a difference on one side's stream: a text offset to the frame that carried it (the places' runs), and the
// frame to its line. Without places (an answer that came through JSON) a difference has no place.
import type { AnswerPlace } from '../answer/types.js';
import type { AnswerPlaces, ChoicePlaces, PlaceRun } from '../answer/places.js';

/** One side's places, and the line each frame starts on (read only when a difference needs it). */
export interface SidePlaces {
  places: AnswerPlaces;
  /** The 1-based line frame `frame` starts on, or null when the frames were not kept. */
  frameLine(frame: number): number | null;
}

/** The upstream's and the downstream's places, each when known. */
export interface ComparePlaces {
  upstream?: SidePlaces | null;
  downstream?: SidePlaces | null;
}

/** The place of frame `frame` on this side, or null. */
export function placeOfFrame(side: SidePlaces | null | undefined, frame: number | null | undefined): AnswerPlace | null {
  if (side === null || side === undefined || frame === null || frame === undefined) return null;
  const line = side.frameLine(frame);
  return { frame, line: line ?? 0, column: line === null ? 0 : 1 };
}

/** The places of choice `index` on this side, or null. */
export function choicePlaces(side: SidePlaces | null | undefined, index: number): ChoicePlaces | null {
  return side?.places.choices.get(index) ?? null;
}

/** The frame that carried the character at `offset` (the last frame when `offset` is the text's end), or null. */
export function frameAtOffset(runs: readonly PlaceRun[], offset: number): number | null {
  let low = 0;
  let high = runs.length - 1;
  let found: PlaceRun | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const run = runs[middle];
    if (run === undefined) break;
    if (run.offset <= offset) {
      found = run;
      low = middle + 1;
    } else high = middle - 1;
  }
  return (found ?? runs[0])?.frame ?? null;
}

/** The place of the character at `offset` of a choice's part on this side. */
export function placeOfOffset(side: SidePlaces | null | undefined, runs: readonly PlaceRun[] | undefined, offset: number): AnswerPlace | null {
  if (runs === undefined || runs.length === 0) return null;
  return placeOfFrame(side, frameAtOffset(runs, offset));
}
