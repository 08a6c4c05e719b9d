// The pipeline's times of a timed stream: when each frame arrived, and when content came. The pipeline alone writes
// them, as chunks are read; the input stage's clock follows them for its idle deadline, and the judge reads them.
import type { ContentProgress, LastFrame } from '../input/arrival-clock.js';

/** What the frames table counts as frames come: all the times read of it, once a chunk is read. */
export interface FrameCounts {
  readonly length: number;
  readonly lastLine: number;
  readonly lastType: string;
  readonly progressRow: number;
  readonly progressLine: number;
  readonly progressType: string;
}

/** Frame index and arrival of the chunks that completed frames, grown as needed (numbers, no object a chunk). */
class ChunkArrivals {
  private firstRows: Float64Array<ArrayBuffer> = new Float64Array(64);
  private times: Float64Array<ArrayBuffer> = new Float64Array(64);
  length = 0;

  add(firstRow: number, at: number): void {
    if (this.length === this.times.length) {
      this.firstRows = grown(this.firstRows);
      this.times = grown(this.times);
    }
    this.firstRows[this.length] = firstRow;
    this.times[this.length] = at;
    this.length += 1;
  }

  /** When the chunk that completed frame `row` arrived: the last chunk that began at or before it. */
  timeOf(row: number): number {
    let low = 0;
    let high = this.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.firstRows[middle] as number) <= row) low = middle;
      else high = middle - 1;
    }
    return this.times[low] ?? 0;
  }
}

function grown(array: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const next = new Float64Array(array.length * 2);
  next.set(array);
  return next;
}

/**
 * Each chunk's arrival time stands for every frame the chunk completes, and the frames are looked at once a chunk
 * (not once a frame): frames need no time of their own, so the frames the fast lane takes whole stay on it.
 */
export class FrameTimes implements ContentProgress {
  firstContentAt: number | null = null;
  lastContentAt: number | null = null;
  /** The longest gap between two content frames. */
  maxContentGap = 0;
  private contentRow = -1;
  private readonly arrivals = new ChunkArrivals();

  /** `frames`: the frames table; `origin`: the moment every elapsed time counts from (the read's). */
  constructor(
    private readonly frames: FrameCounts,
    readonly origin: number,
  ) {}

  /** A chunk arrived at `at`: frames from the next row on complete in it (or a later one). */
  chunk(at: number): void {
    this.arrivals.add(this.frames.length, at);
  }

  /** The chunk was read: content among the frames it completed moves the content times. */
  settle(): void {
    const row = this.frames.progressRow;
    if (row > this.contentRow) {
      this.contentRow = row;
      this.contentAt(this.arrivals.timeOf(row));
    }
  }

  /** A frame read late (it waited for the format) turned out to carry content. */
  lateContent(row: number): void {
    const at = this.arrivals.timeOf(row);
    if (this.firstContentAt === null || at < this.firstContentAt) this.firstContentAt = at;
    if (this.lastContentAt === null || at > this.lastContentAt) this.contentAt(at);
    this.contentRow = Math.max(this.contentRow, row);
  }

  /** Milliseconds from the origin to the arrival of the chunk that completed frame `row`. */
  elapsedOf(row: number): number {
    return this.arrivals.timeOf(row) - this.origin;
  }

  lastFrame(): LastFrame | null {
    const { length, lastLine, lastType } = this.frames;
    return length === 0 ? null : { index: length - 1, line: lastLine, type: lastType, atMs: this.elapsedOf(length - 1) };
  }

  lastContent(): LastFrame | null {
    const { progressRow, progressLine, progressType } = this.frames;
    return progressRow === -1 ? null : { index: progressRow, line: progressLine, type: progressType, atMs: this.elapsedOf(progressRow) };
  }

  private contentAt(at: number): void {
    if (this.lastContentAt !== null) this.maxContentGap = Math.max(this.maxContentGap, at - this.lastContentAt);
    this.firstContentAt ??= at;
    this.lastContentAt = at;
  }
}
