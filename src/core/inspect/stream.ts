import { isStreamSource, readStream, type StreamInput, type StreamSourceFacts } from '../input/stream.js';
import { createInspection, inspect } from './index.js';
import type { Inspection, InspectOptions } from './model.js';

export interface InspectStreamOptions extends InspectOptions {
  /** `performance.now()` taken when the request was sent: `timing.firstByteMs` is then measured from it. */
  startedAt?: number;
}

/** An inspection of a live stream, with what was read and how (status, content type, a read error); null for text. */
export interface StreamInspection extends Inspection {
  source: StreamSourceFacts | null;
}

/**
 * `inspect()` for a live stream: a fetch `Response`, a `ReadableStream` or an async iterable, read as it arrives, so
 * every event gets its arrival time and `timing` its first byte, first event and longest gap. Text and bytes are
 * inspected as `inspect()` does. A stream is read once; the same object read again gives the same chunks.
 */
export async function inspectStream(input: StreamInput, options: InspectStreamOptions = {}): Promise<StreamInspection> {
  const { startedAt, ...rest } = options;
  if (!isStreamSource(input)) return Object.assign(inspect(input, rest), { source: null });
  const recording = await readStream(input);
  const session = createInspection(rest);
  recording.chunks.forEach((chunk, index) => session.push(chunk, recording.arrivals[index]));
  const result = Object.assign(session.end(), { source: recording.facts });
  const first = recording.arrivals[0];
  if (result.timing !== null) result.timing.firstByteMs = first === undefined ? null : first - (startedAt ?? recording.startedAt);
  return result;
}
