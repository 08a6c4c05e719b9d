import { readEach } from '../input/live-read.js';
import { isStreamSource, type StreamInput, type StreamSource, type StreamSourceFacts } from '../input/stream.js';
import { createInspection, inspect } from './index.js';
import type { Inspection, InspectOptions } from './model.js';

export interface InspectStreamOptions extends InspectOptions {
  /** `performance.now()` taken when the request was sent: `timing.firstByteMs` is then measured from it. */
  startedAt?: number;
}

/** An inspection of a live stream, with what was read and how (status, content type, a read error); null for text. */
export interface StreamInspection extends Inspection {
  /** The HTTP facts of a `Response` (status, content type, headers, request id) and a read error. */
  source: Omit<StreamSourceFacts, 'text'> | null;
}

/**
 * `inspect()` for a live stream: a fetch `Response`, a `ReadableStream` or an async iterable, read as it arrives, so
 * every event gets its arrival time and `timing` its first byte, first event and longest gap. Text and bytes are
 * inspected as `inspect()` does. The stream is consumed: pass `response.clone()` to read it again.
 */
export async function inspectStream(input: StreamInput, options: InspectStreamOptions = {}): Promise<StreamInspection> {
  const { startedAt, ...rest } = options;
  if (!isStreamSource(input)) return Object.assign(inspect(input, rest), { source: null });
  const session = createInspection(rest);
  let first: number | undefined;
  const read = await readEach(await (input as PromiseLike<StreamSource> | StreamSource), (chunk, arrivedMs) => {
    first ??= arrivedMs;
    session.push(chunk, arrivedMs);
  });
  const result = Object.assign(session.end(), { source: read.facts });
  if (result.timing !== null) result.timing.firstByteMs = first === undefined ? null : first - (startedAt ?? read.startedAt);
  return result;
}
