import { describe } from '../decode/decoder.js';
import type { Reconstruction, ReconstructOptions } from '../model.js';
import { reconstruct } from '../reconstruct.js';
import { type StreamText, isAsyncSource } from './chunks.js';
import { checkStreamOptions } from './stream-options.js';
import { readLive, type LiveRead } from './live-read.js';
import { rereadAs, shapeOf, type StreamSourceFacts, type StreamTrace } from './live-result.js';

export type { StreamSourceFacts, StreamTrace } from './live-result.js';

/** A live stream: a fetch `Response`, a `ReadableStream`, an async iterable (a Node `Readable` is one), or a promise of one. */
export type StreamSource =
  | Response
  | ReadableStream<Uint8Array | string>
  | AsyncIterable<Uint8Array | string | ArrayBuffer>
  | PromiseLike<Response | ReadableStream<Uint8Array | string> | AsyncIterable<Uint8Array | string | ArrayBuffer>>;

/** Everything `reconstructStream()` reads: a live stream or what `reconstruct()` takes. */
export type StreamInput = StreamSource | StreamText;

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
  source: StreamSourceFacts | null;
  trace: StreamTrace | null;
}

/**
 * Reads a live stream as it arrives and reconstructs it: each chunk goes into the reconstruction when it comes
 * (nothing else is kept), and the deadlines stop a stream that hangs. A stream is read once: later calls with the
 * same `Response` or stream get that read (read again from its kept text when they ask for another format).
 */
export async function reconstructStream(input: StreamInput, options: StreamOptions = {}): Promise<StreamReconstruction> {
  checkStreamOptions(options);
  if (!isStreamSource(input)) {
    const { startedAt: _startedAt, signal: _signal, ...rest } = options;
    return Object.assign(reconstruct(input, rest), { source: null, trace: null });
  }
  const first = await readOnce(input, options);
  return first.options === shapeOf(options) ? first.result : rereadAs(first.result, first.options, options);
}

/** True for what must be read asynchronously: a `Response`, a `ReadableStream`, an async iterable or a promise. */
export function isStreamSource(value: unknown): value is StreamSource {
  return isAsyncSource(value) || isThenable(value);
}

/**
 * The one cache of live reads, by the identity of what was read (a promise and what it resolved to alike). On
 * globalThis under a registered symbol: each entry point of the package is its own bundle (CommonJS), and a stream
 * a matcher read must be the same read for `reconstructStream()` imported from the main entry.
 */
const READS = Symbol.for('sse-reconstruct.live-reads');
const reads: WeakMap<object, Promise<LiveRead>> = ((globalThis as { [READS]?: WeakMap<object, Promise<LiveRead>> })[READS] ??= new WeakMap());

function readOnce(source: StreamSource, options: StreamOptions): Promise<LiveRead> {
  const cached = reads.get(source);
  if (cached) return cached;
  const reading = isThenable(source)
    ? Promise.resolve(source).then((value) => {
        if (!isAsyncSource(value)) {
          throw new TypeError(`sse-reconstruct: the promise resolved to ${describe(value)}, not a Response, ReadableStream or async iterable.`);
        }
        return readOnce(value as StreamSource, options);
      })
    : readLive(source, options, shapeOf(options));
  reads.set(source, reading);
  return reading;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}
