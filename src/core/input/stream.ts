import type { FindingCode } from '../findings.js';
import type { Reconstruction, ReconstructOptions } from '../model.js';
import type { ArrivalClock, ContentProgress } from './arrival-clock.js';
import { type StreamText, isAsyncSource } from './chunks.js';
import type { LiveStreamFacts, StreamTrace } from './live-result.js';

export type { LiveStreamFacts, StreamTrace } from './live-result.js';

/** What a live read drives: pushes chunks with their arrival times, then ends it. The pipeline makes one. */
export interface LiveSession {
  push(chunk: string | Uint8Array, arrivedMs?: number): void;
  end(): Reconstruction;
  /** The reader stopped at the held bound: nothing more will be read. */
  stopped(): boolean;
  /** Raises a finding about the whole stream (the HTTP facts of a Response). */
  note(code: FindingCode, message: string): void;
  /** The input's text as kept for the frames table, and whether it is all of it; null with `frames: false`. */
  keptText(): KeptInput | null;
  /** What the frames read so far say of content, for the reader's clock to follow (nothing before a timed chunk). */
  progress(): ContentProgress;
  /** The assembly saw the frame that ends the stream (known once the session ended). */
  terminalSeen(): boolean;
  /**
   * The media types a server sends this stream with: the one of the framing it is read with (`text/event-stream`,
   * `application/vnd.amazon.eventstream`), or, before the first bytes told it, those of every framing it may be read with.
   */
  mediaTypes(): readonly string[];
}

/** The input kept: its text, whether that is all of it, and a timed stream's chunks with their arrival times. */
export interface KeptInput {
  text: string;
  whole: boolean;
  /** Each timed chunk's text and when it arrived, in order (none when no chunk was timed). */
  pieces: Array<[string, number]>;
}

/** Opens a session for a live read; `clock`: the read's arrival clock. */
export type OpenLiveSession = (options: ReconstructOptions, clock?: ArrivalClock) => LiveSession;

/** A live stream: a fetch `Response`, a `ReadableStream`, an async iterable (a Node `Readable` is one), or a promise of one. */
export type LiveStream =
  | Response
  | ReadableStream<Uint8Array | string>
  | AsyncIterable<Uint8Array | string | ArrayBuffer>
  | PromiseLike<Response | ReadableStream<Uint8Array | string> | AsyncIterable<Uint8Array | string | ArrayBuffer>>;

/** Everything `reconstructStream()` reads: a live stream or what `reconstruct()` takes. */
export type StreamInput = LiveStream | StreamText;

/** Options of `reconstructStream()`: those of `reconstruct()`, plus when the request was sent and a signal to end the read. */
export interface StreamOptions extends ReconstructOptions {
  /**
   * `performance.now()` taken when the request was sent: every limit and time (first byte, first content, total,
   * the deadlines) then counts from it instead of from the start of reading.
   */
  startedAt?: number;
  /** Ends the read when it aborts, as a deadline does: the body is cancelled and the outcome is `stalled`. */
  signal?: AbortSignal;
}

/** A reconstruction of a live stream, with what was read and how. `source` and `trace` are null for text and bytes. */
export interface StreamReconstruction extends Reconstruction {
  source: LiveStreamFacts | null;
  trace: StreamTrace | null;
}

/** True for what must be read asynchronously: a `Response`, a `ReadableStream`, an async iterable or a promise. */
export function isLiveStream(value: unknown): value is LiveStream {
  return isAsyncSource(value) || isThenable(value);
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}
