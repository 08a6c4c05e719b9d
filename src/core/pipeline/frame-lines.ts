// The line a frame starts on, read from a reconstruction's frame table without building its frame objects: kept
// beside the Reconstruction (never in its JSON), for placing a few frames of a large stream.

/** Reads the lines of some frames of one reconstruction: frame index → line (a frame not found is left out). */
export type FrameLines = (frames: ReadonlySet<number>) => Map<number, number>;

const KEPT = new WeakMap<object, FrameLines>();

/** Keeps the reader of `result`'s frame lines. */
export function keepFrameLines(result: object, lines: FrameLines): void {
  KEPT.set(result, lines);
}

/** The reader of a reconstruction's frame lines; null for one that came through JSON or kept no frames. */
export function frameLinesOf(reconstruction: object): FrameLines | null {
  return KEPT.get(reconstruction) ?? null;
}
