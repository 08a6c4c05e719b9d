// One read per live stream, whatever asks for it: the matchers of a test and the package's `reconstructStream()`.
// The cache is the faces' concern: core reads what it is given, and hands back what a second reading needs.
import { checkClientNames, checkStreamOptions, isLiveStream, readClients, readStream, reconstructStream as reconstructOnce, resultAs } from '../core/index.js';
import type { ClientsOfOptions, ClientsReport, LiveRead, StreamInput, StreamOptions, StreamReconstruction, LiveStream } from '../core/index.js';

/**
 * The one cache of live reads, by the identity of what was read (a promise and what it resolved to alike). On
 * globalThis under a registered symbol: each entry point of the package is its own bundle (CommonJS), and a stream
 * a matcher read must be the same read for `reconstructStream()` imported from the main entry.
 */
const READS = Symbol.for('sse-reconstruct.live-reads');
const reads: WeakMap<object, Promise<LiveRead>> = ((globalThis as { [READS]?: WeakMap<object, Promise<LiveRead>> })[READS] ??= new WeakMap());

/**
 * Reads a live stream as it arrives and reconstructs it: each chunk goes into the reconstruction when it comes
 * (nothing else is kept), and the deadlines stop a stream that hangs. A stream is read once: later calls with the
 * same `Response` or stream (and the matchers) get that read, read again from its kept text when they ask for
 * another format.
 */
export async function reconstructStream(input: StreamInput, options: StreamOptions = {}): Promise<StreamReconstruction> {
  if (!isLiveStream(input)) return reconstructOnce(input, options);
  checkStreamOptions(options);
  return resultAs(await readOnce(input, options), options);
}

function readOnce(source: LiveStream, options: StreamOptions): Promise<LiveRead> {
  const cached = reads.get(source);
  if (cached) return cached;
  // A promise is read under the deadlines from the call on; what it resolves to is the same read, by its identity too.
  const reading: Promise<LiveRead> = readStream(source, options, (value) => {
    const earlier = reads.get(value);
    if (earlier) return earlier;
    reads.set(value, reading);
    return null;
  });
  reads.set(source, reading);
  return reading;
}

/**
 * Reads a stream as each real client of its format reads it (an executable model of each, checked against the real
 * client where it installs from npm): what the caller gets, whether the client throws, returns part of the answer
 * quietly or waits, beside the documented assembly. A live stream is read once, with the matchers' reads.
 */
export async function clientsOf(input: StreamInput, options: ClientsOfOptions = {}): Promise<ClientsReport> {
  const { clients, ...readOptions } = options;
  checkClientNames(clients);
  return readClients(input, await reconstructStream(input, readOptions), clients);
}
