// Places a difference on one side's stream: a text offset to the frame that carried it (the places' runs), and the
// frame to its line. Without places (an answer that came through JSON) a difference has no place.
import type { AnswerPlace } from '../answer/types.js';
import { frameInColumn } from '../answer/place-book.js';
import type { AnswerPlaces, ChoicePlaces, PlaceRun } from '../answer/places.js';

/** One side's places, and the line each frame starts on (read only when a difference needs it). */
export interface SidePlaces {
  places: AnswerPlaces;
  /** The 1-based line each of `frames` starts on (a frame left out when its line is not known: no frames kept). */
  frameLines(frames: ReadonlySet<number>): ReadonlyMap<number, number>;
}

/** The upstream's and the downstream's places, each when known. */
export interface ComparePlaces {
  upstream?: SidePlaces | null;
  downstream?: SidePlaces | null;
}

/**
 * The place of frame `frame` on this side, or null. Its line is filled in by `withLines` once the differences are
 * known: a side's lines come from its frames, which are built on first read, so only a placed difference pays.
 */
export function placeOfFrame(side: SidePlaces | null | undefined, frame: number | null | undefined): AnswerPlace | null {
  if (side === null || side === undefined || frame === null || frame === undefined) return null;
  return { frame, line: 0, column: 0 };
}

/** Fills in the line of each place of `differences` from its side's frames, each side's lines read at once. */
export function withLines(differences: readonly { upstream: { at: AnswerPlace | null }; downstream: { at: AnswerPlace | null } }[], places: ComparePlaces): void {
  for (const side of ['upstream', 'downstream'] as const) {
    const reader = places[side];
    const placed = differences.map((difference) => difference[side].at).filter((at): at is AnswerPlace => at !== null);
    if (reader === null || reader === undefined || placed.length === 0) continue;
    const lines = reader.frameLines(new Set(placed.map((at) => at.frame)));
    for (const at of placed) {
      const line = lines.get(at.frame);
      if (line === undefined) continue;
      at.line = line;
      at.column = 1;
    }
  }
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

/**
 * The place of the character at `offset` of choice `choice`'s `part` on this side. Places a reconstruction recorded
 * are looked up in their run columns: a 10 MB answer's run objects are made only when someone reads them.
 */
export function placeOfPart(side: SidePlaces | null | undefined, choice: number, part: 'text' | 'reasoning' | 'refusal', offset: number): AnswerPlace | null {
  const places = choicePlaces(side, choice);
  if (places === null) return null;
  const frame = frameInColumn(places, part, offset);
  return frame === undefined ? placeOfOffset(side, places[part], offset) : placeOfFrame(side, frame);
}
