import { isReconstruction, reconstruct, type FormatName, type Reconstruction } from '../core/index.js';
import { isStreamSource, readStream, replayStream, type StreamRecording, type StreamReconstruction, type StreamSource } from '../core/input/stream.js';
import { describe } from '../core/decode/decoder.js';
import type { StreamText } from '../core/input/chunks.js';

/** What a matcher reads: a reconstruction, with what was read when it came from a live stream. */
export type Received = Reconstruction & { source?: StreamReconstruction['source'] };

export interface ReadOptions {
  format?: FormatName;
}

/** Raised for a received value no matcher can read: a usage error, never a pass. */
export class ReceivedTypeError extends TypeError {}

/**
 * Turns what the test passed into a reconstruction: at once for text, bytes, chunks and reconstructions; as a
 * promise for live streams, read once per object whatever the number of matchers.
 */
export function resolveReceived(received: unknown, options: ReadOptions): Received | Promise<Received> {
  if (isReconstruction(received)) return received;
  if (isStreamSource(received)) return readStream(received as StreamSource).then((recording) => replayOnce(recording, options));
  if (isStreamText(received)) return reconstructOnce(received, options);
  throw new ReceivedTypeError(
    `The received value must be a stream: its text (a string), bytes (Uint8Array, ArrayBuffer, Buffer), an array of chunks, a fetch Response, a ReadableStream, an async iterable (a Node Readable), or a reconstruction; it is ${describe(received)}.`,
  );
}

function isStreamText(value: unknown): value is StreamText {
  if (typeof value === 'string' || value instanceof Uint8Array || value instanceof ArrayBuffer) return true;
  return Array.isArray(value) && value.every((chunk) => typeof chunk === 'string' || chunk instanceof Uint8Array || chunk instanceof ArrayBuffer);
}

// Several matchers on one capture reconstruct it once: strings by value (a few kept), objects by identity.
const byText = new Map<string, Reconstruction>();
const byObject = new WeakMap<object, Map<string, Reconstruction>>();
const TEXTS_KEPT = 8;

function reconstructOnce(input: StreamText, options: ReadOptions): Reconstruction {
  const key = options.format ?? '';
  if (typeof input === 'string') {
    const textKey = `${key}\u0000${input}`;
    const cached = byText.get(textKey);
    if (cached) return cached;
    const result = reconstruct(input, options);
    if (byText.size >= TEXTS_KEPT) byText.delete(byText.keys().next().value as string);
    byText.set(textKey, result);
    return result;
  }
  return memo(byObject, input, key, () => reconstruct(input, options));
}

const byRecording = new WeakMap<object, Map<string, Reconstruction>>();

function replayOnce(recording: StreamRecording, options: ReadOptions): Received {
  return memo(byRecording, recording, options.format ?? '', () => replayStream(recording, options));
}

function memo(cache: WeakMap<object, Map<string, Reconstruction>>, owner: object, key: string, make: () => Reconstruction): Reconstruction {
  let byKey = cache.get(owner);
  if (!byKey) {
    byKey = new Map();
    cache.set(owner, byKey);
  }
  const found = byKey.get(key);
  if (found) return found;
  const made = make();
  byKey.set(key, made);
  return made;
}
