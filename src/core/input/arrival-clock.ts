import type { Deadlines } from '../model.js';

/** What the frames table counts as frames come: all the clock reads of them, once a chunk is read. */
export interface FrameCounts {
  readonly length: number;
  readonly lastLine: number;
  readonly lastType: string;
  readonly progressRow: number;
  readonly progressLine: number;
  readonly progressType: string;
}

/** The deadline a stream went past, or the signal that ended its read. */
export type StallCause = keyof Deadlines | 'signal';

/** The frame read last, as a stall message names it. */
export interface LastFrame {
  index: number;
  line: number;
  /** The JSON `type` the assembly read, else the `event:` name. */
  type: string;
  /** Milliseconds from the origin to the chunk that completed it. */
  atMs: number;
}

/** Why a live read was stopped: the deadline (or signal), how long it had waited, and what came last. */
export interface Stall {
  cause: StallCause;
  /** The deadline's limit in ms (null for a signal). */
  limitMs: number | null;
  /** Milliseconds from the origin to the moment the read was stopped. */
  atMs: number;
  /** How long it had waited for what did not come: since the origin, or since the last content. */
  waitedMs: number;
  /** The last frame that carried content, when one did. */
  lastContent: LastFrame | null;
  lastFrame: LastFrame | null;
  /** The signal's reason, for a signal. */
  reason?: string;
}

/** UTF-8 bytes of a chunk: its length for bytes, counted for text. */
export function byteLength(chunk: string | Uint8Array): number {
  if (typeof chunk !== 'string') return chunk.length;
  let bytes = chunk.length;
  for (let i = 0; i < chunk.length; i += 1) {
    const code = chunk.charCodeAt(i);
    if (code >= 0x80) bytes += code >= 0x800 && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
  }
  return bytes;
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
 * The arrival facts of a live stream, kept as a few numbers while it is read: when reading began (the origin every
 * limit counts from), when the first byte, the first frame and each content frame came, the longest wait between
 * content, and the deadline that was passed. Each chunk's arrival time stands for every frame the chunk completes,
 * and the clock looks at the frames once a chunk (not once a frame): frames need no time of their own, so the
 * frames the fast lane takes whole stay on it.
 */
const NO_FRAMES: FrameCounts = { length: 0, lastLine: 0, lastType: '', progressRow: -1, progressLine: 0, progressType: '' };

export class ArrivalClock {
  /** Arrival of the chunk being read (ms on the origin's clock). */
  now: number;
  firstByteAt: number | null = null;
  firstFrameAt: number | null = null;
  firstContentAt: number | null = null;
  lastContentAt: number | null = null;
  /** The longest gap between two content frames. */
  maxContentGap = 0;
  endedAt: number | null = null;
  chunks = 0;
  bytes = 0;
  stall: Stall | null = null;
  /** The assembly saw the frame that ends the stream (set when it is judged). */
  terminalSeen = false;
  /** A promise of a Response is being awaited: no status line or headers yet (true still when they never came). */
  awaitingHeaders = false;
  /** The status of the Response read, once its headers are in; null for other sources. */
  headersStatus: number | null = null;
  /** The frames so far (the frames table), read when a chunk has been read. */
  frames: FrameCounts = NO_FRAMES;
  private contentRow = -1;
  private readonly arrivals = new ChunkArrivals();

  /**
   * `origin`: when reading began (or the caller's `startedAt`); `live`: true for a read this library drives, where
   * the origin is the start of reading (false when a caller pushes arrival times: the origin is the first chunk).
   */
  constructor(
    readonly origin: number,
    readonly deadlines: Required<Deadlines>,
    readonly live: boolean,
  ) {
    this.now = origin;
  }

  /** A chunk of `bytes` bytes arrived at `now` (a live read checks `passed(now)` first, and stops if it did). */
  chunk(now: number, bytes: number): void {
    this.now = now;
    this.chunks += 1;
    this.bytes += bytes;
    this.firstByteAt ??= now;
    // Frames from the next row on complete in this chunk (or a later one): they arrived at `now`.
    this.arrivals.add(this.frames.length, now);
  }

  /** The chunk was read: the frames it completed arrived at `now`, content among them moves the content times. */
  settle(): void {
    const frames = this.frames;
    if (frames.length > 0) this.firstFrameAt ??= this.arrivals.timeOf(0);
    if (frames.progressRow > this.contentRow) {
      this.contentRow = frames.progressRow;
      this.contentAt(this.arrivals.timeOf(frames.progressRow));
    }
  }

  /** A frame read late (it waited for the format) turned out to carry content. */
  lateContent(row: number): void {
    const at = this.arrivals.timeOf(row);
    if (this.firstContentAt === null || at < this.firstContentAt) this.firstContentAt = at;
    if (this.lastContentAt === null || at > this.lastContentAt) this.contentAt(at);
    this.contentRow = Math.max(this.contentRow, row);
  }

  /** The last frame's JSON `type` (or `event:` name), null before any frame. */
  lastFrameType(): string | null {
    return this.frames.length === 0 ? null : this.frames.lastType;
  }

  /** The frame read last, null before any. */
  private lastFrame(): LastFrame | null {
    const { length, lastLine, lastType } = this.frames;
    return length === 0 ? null : { index: length - 1, line: lastLine, type: lastType, atMs: this.elapsedOf(length - 1) };
  }

  /** The last frame that carried content, null before any. */
  private lastContent(): LastFrame | null {
    const { progressRow, progressLine, progressType } = this.frames;
    return progressRow === -1 ? null : { index: progressRow, line: progressLine, type: progressType, atMs: this.elapsedOf(progressRow) };
  }

  /** Milliseconds from the origin to the arrival of the chunk that completed frame `row`. */
  elapsedOf(row: number): number {
    return this.arrivals.timeOf(row) - this.origin;
  }

  /** The stream ended (or was stopped) at `now`: a deadline passed by then is a stall. */
  end(now: number): void {
    if (this.endedAt !== null) return;
    if (this.stall === null) this.passed(now);
    // A live read ended where it was stopped; chunks pushed by a caller after a deadline still count.
    this.endedAt = this.stall === null || !this.live ? now : this.origin + this.stall.atMs;
  }

  /** The signal ended the read at `now`. */
  abort(now: number, reason: string): void {
    if (this.stall !== null) return;
    const waitedFrom = this.lastContentAt ?? this.origin;
    this.stall = { cause: 'signal', limitMs: null, atMs: now - this.origin, waitedMs: now - waitedFrom, lastContent: this.lastContent(), lastFrame: this.lastFrame(), reason };
  }

  /** When the next deadline falls, as things stand (ms on the origin's clock). */
  nextDeadline(): number {
    const { firstByteMs, firstContentMs, idleMs, totalMs } = this.deadlines;
    let next = this.origin + totalMs;
    if (this.firstByteAt === null) next = Math.min(next, this.origin + firstByteMs);
    if (this.lastContentAt === null) next = Math.min(next, this.origin + firstContentMs);
    else next = Math.min(next, this.lastContentAt + idleMs);
    return next;
  }

  /** Sets `stall` when a deadline had passed by `now` (the earliest one that did); true when one had. */
  passed(now: number): boolean {
    if (this.stall !== null) return true;
    const { firstByteMs, firstContentMs, idleMs, totalMs } = this.deadlines;
    const candidates: Array<[StallCause, number, number, number]> = [['totalMs', this.origin + totalMs, totalMs, this.origin]];
    if (this.firstByteAt === null) candidates.push(['firstByteMs', this.origin + firstByteMs, firstByteMs, this.origin]);
    if (this.lastContentAt === null) candidates.push(['firstContentMs', this.origin + firstContentMs, firstContentMs, this.origin]);
    else candidates.push(['idleMs', this.lastContentAt + idleMs, idleMs, this.lastContentAt]);
    let earliest: [StallCause, number, number, number] | null = null;
    for (const candidate of candidates) {
      if (now > candidate[1] && (earliest === null || candidate[1] < earliest[1] || (candidate[1] === earliest[1] && candidate[0] === 'firstByteMs'))) earliest = candidate;
    }
    if (earliest === null) return false;
    const [cause, expiry, limitMs, from] = earliest;
    // Named at the deadline: a late chunk or a late timer does not change what was waited for.
    this.stall = { cause, limitMs, atMs: expiry - this.origin, waitedMs: expiry - from, lastContent: this.lastContent(), lastFrame: this.lastFrame() };
    return true;
  }

  private contentAt(at: number): void {
    if (this.lastContentAt !== null) this.maxContentGap = Math.max(this.maxContentGap, at - this.lastContentAt);
    this.firstContentAt ??= at;
    this.lastContentAt = at;
  }
}
