import type { Deadlines } from '../model.js';

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

/**
 * What the pipeline tells of the frames read so far, which the clock reads (and never writes): when content last
 * came, for the idle deadline, and the frames a stall names.
 */
export interface ContentProgress {
  /** When the chunk that completed the last content frame arrived (ms on the origin's clock); null before any. */
  readonly lastContentAt: number | null;
  /** The frame read last, null before any. */
  lastFrame(): LastFrame | null;
  /** The last frame that carried content, null before any. */
  lastContent(): LastFrame | null;
}

/** Before a session is followed: nothing read. */
const NOTHING_READ: ContentProgress = { lastContentAt: null, lastFrame: () => null, lastContent: () => null };

/**
 * The input stage's clock of a live read, kept as a few numbers while it is read: when reading began (the origin every
 * limit counts from), when the first byte came, how many chunks and bytes, when the read ended, and the deadline it
 * passed (or the signal that ended it). Only the reader of the stream writes it; the pipeline times its frames in its
 * own FrameTimes (which the clock follows for content), and the judge only reads both.
 */
export class ArrivalClock {
  /** Arrival of the chunk being read (ms on the origin's clock). */
  now: number;
  firstByteAt: number | null = null;
  endedAt: number | null = null;
  chunks = 0;
  bytes = 0;
  stall: Stall | null = null;
  /** A promise of a Response is being awaited: no status line or headers yet (true still when they never came). */
  awaitingHeaders = false;
  /** The status of the Response read, once its headers are in; null for other sources. */
  headersStatus: number | null = null;
  /** What the pipeline read of the frames so far (see `follow`). */
  private progress: ContentProgress = NOTHING_READ;

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

  /** Reads the content times of `progress` (the session the chunks go into) from now on. */
  follow(progress: ContentProgress): void {
    this.progress = progress;
  }

  /** A chunk arrived at `now` (a live read checks `passed(now)` first, and stops if it did). */
  chunk(now: number, chunk: string | Uint8Array): void {
    this.now = now;
    this.chunks += 1;
    this.bytes += byteLength(chunk);
    this.firstByteAt ??= now;
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
    const waitedFrom = this.progress.lastContentAt ?? this.origin;
    const { progress } = this;
    this.stall = { cause: 'signal', limitMs: null, atMs: now - this.origin, waitedMs: now - waitedFrom, lastContent: progress.lastContent(), lastFrame: progress.lastFrame(), reason };
  }

  /** When the next deadline falls, as things stand (ms on the origin's clock). */
  nextDeadline(): number {
    const { firstByteMs, firstContentMs, idleMs, totalMs } = this.deadlines;
    const lastContentAt = this.progress.lastContentAt;
    let next = this.origin + totalMs;
    if (this.firstByteAt === null) next = Math.min(next, this.origin + firstByteMs);
    if (lastContentAt === null) next = Math.min(next, this.origin + firstContentMs);
    else next = Math.min(next, lastContentAt + idleMs);
    return next;
  }

  /** Sets `stall` when a deadline had passed by `now` (the earliest one that did); true when one had. */
  passed(now: number): boolean {
    if (this.stall !== null) return true;
    const { firstByteMs, firstContentMs, idleMs, totalMs } = this.deadlines;
    const lastContentAt = this.progress.lastContentAt;
    const candidates: Array<[StallCause, number, number, number]> = [['totalMs', this.origin + totalMs, totalMs, this.origin]];
    if (this.firstByteAt === null) candidates.push(['firstByteMs', this.origin + firstByteMs, firstByteMs, this.origin]);
    if (lastContentAt === null) candidates.push(['firstContentMs', this.origin + firstContentMs, firstContentMs, this.origin]);
    else candidates.push(['idleMs', lastContentAt + idleMs, idleMs, lastContentAt]);
    let earliest: [StallCause, number, number, number] | null = null;
    for (const candidate of candidates) {
      if (now > candidate[1] && (earliest === null || candidate[1] < earliest[1] || (candidate[1] === earliest[1] && candidate[0] === 'firstByteMs'))) earliest = candidate;
    }
    if (earliest === null) return false;
    const [cause, expiry, limitMs, from] = earliest;
    // Named at the deadline: a late chunk or a late timer does not change what was waited for.
    this.stall = { cause, limitMs, atMs: expiry - this.origin, waitedMs: expiry - from, lastContent: this.progress.lastContent(), lastFrame: this.progress.lastFrame() };
    return true;
  }
}
