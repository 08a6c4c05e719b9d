import { readLive, rereadAs, type LiveRead } from '../input/live-read.js';
import { shapeOf } from '../input/live-result.js';
import { checkStreamOptions, withConfiguredDeadlines } from '../input/stream-options.js';
import { isLiveStream, type StreamInput, type StreamOptions, type StreamReconstruction, type LiveStream } from '../input/stream.js';
import { openSession, reconstruct } from './session.js';

export type { LiveRead } from '../input/live-read.js';

/**
 * Reads a live stream as it arrives and reconstructs it: each chunk goes into the reconstruction when it comes
 * (nothing else is kept), and the deadlines stop a stream that hangs. Text and bytes are reconstructed at once.
 * Core keeps no read: the package's `reconstructStream()` (src/matchers/live-reads.ts) reads each stream once.
 */
export async function reconstructStream(input: StreamInput, options: StreamOptions = {}): Promise<StreamReconstruction> {
  checkStreamOptions(options);
  if (!isLiveStream(input)) {
    const { startedAt: _startedAt, signal: _signal, ...rest } = options;
    return Object.assign(reconstruct(input, rest), { source: null, trace: null });
  }
  return (await readStream(input, options)).result;
}

/**
 * One read of a live stream, with what reading it again with other options needs (see `resultAs`). Inside a test
 * runner, configure({ deadlines }) holds here too; the deadlines given name only what they change. `adopt`: given
 * what a promise resolved to, the read of it already under way, if any (then that read is the answer).
 */
export function readStream(source: LiveStream, options: StreamOptions, adopt?: (value: LiveStream) => Promise<LiveRead> | null): Promise<LiveRead> {
  checkStreamOptions(options);
  const deadlines = withConfiguredDeadlines(options.deadlines);
  const live = deadlines === undefined ? options : { ...options, deadlines };
  return readLive(source, live, shapeOf(options), openSession, adopt);
}

/**
 * A read's reconstruction as `options` shape it: the read's own when they shape it alike, else its kept text read
 * again through the same stages, each chunk at the time it arrived (throws when the text was not kept whole).
 */
export function resultAs(read: LiveRead, options: StreamOptions): StreamReconstruction {
  return read.options === shapeOf(options) ? read.result : rereadAs(read, options, openSession);
}
