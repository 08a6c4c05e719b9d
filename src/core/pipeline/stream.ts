import { readLive, type LiveRead } from '../input/live-read.js';
import { rereadAs, shapeOf } from '../input/live-result.js';
import { checkStreamOptions, withConfiguredDeadlines } from '../input/stream-options.js';
import { isLiveStream, type LiveSession, type StreamInput, type StreamOptions, type StreamReconstruction, type LiveStream } from '../input/stream.js';
import { openSession, reconstruct } from './session.js';
import type { ReconstructOptions } from '../model.js';

/**
 * Reads a live stream as it arrives and reconstructs it: each chunk goes into the reconstruction when it comes
 * (nothing else is kept), and the deadlines stop a stream that hangs. A stream is read once: later calls with the
 * same `Response` or stream get that read (read again from its kept text when they ask for another format).
 */
export async function reconstructStream(input: StreamInput, options: StreamOptions = {}): Promise<StreamReconstruction> {
  checkStreamOptions(options);
  if (!isLiveStream(input)) {
    const { startedAt: _startedAt, signal: _signal, ...rest } = options;
    return Object.assign(reconstruct(input, rest), { source: null, trace: null });
  }
  // Inside a test runner, configure({ deadlines }) holds here too; the deadlines given name only what they change.
  const deadlines = withConfiguredDeadlines(options.deadlines);
  const live = deadlines === undefined ? options : { ...options, deadlines };
  const first = await readOnce(input, live);
  return first.options === shapeOf(options) ? first.result : rereadAs(first.result, first.options, options, openLiveSession);
}

/** A session for bytes a live read took: judged as a spec client reads them (see `not dispatched`). */
function openLiveSession(options: ReconstructOptions): LiveSession {
  return openSession(options, undefined, undefined, true);
}

/**
 * The one cache of live reads, by the identity of what was read (a promise and what it resolved to alike). On
 * globalThis under a registered symbol: each entry point of the package is its own bundle (CommonJS), and a stream
 * a matcher read must be the same read for `reconstructStream()` imported from the main entry.
 */
const READS = Symbol.for('sse-reconstruct.live-reads');
const reads: WeakMap<object, Promise<LiveRead>> = ((globalThis as { [READS]?: WeakMap<object, Promise<LiveRead>> })[READS] ??= new WeakMap());

function readOnce(source: LiveStream, options: StreamOptions): Promise<LiveRead> {
  const cached = reads.get(source);
  if (cached) return cached;
  // A promise is read under the deadlines from the call on; what it resolves to is the same read, by its identity too.
  const reading: Promise<LiveRead> = readLive(source, options, shapeOf(options), openSession, (value) => {
    const earlier = reads.get(value);
    if (earlier) return earlier;
    reads.set(value, reading);
    return null;
  });
  reads.set(source, reading);
  return reading;
}
