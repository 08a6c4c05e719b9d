import { describeArgument as describe } from '../words.js';
import { SseReconstructError } from '../library-errors.js';

/** What `decode()` and `reconstruct()` read synchronously: text, bytes, or chunks of either fed in order. */
export type StreamText = string | Uint8Array | ArrayBuffer | ReadonlyArray<string | Uint8Array | ArrayBuffer>;

export type Chunk = string | Uint8Array;

/** Normalises a synchronous input to its chunks; a wrong type is API misuse and throws, saying what to pass. */
export function toChunks(input: StreamText, caller: string): Chunk[] {
  if (typeof input === 'string' || input instanceof Uint8Array) return [input];
  if (input instanceof ArrayBuffer) return [new Uint8Array(input)];
  if (Array.isArray(input)) {
    return input.map((chunk: unknown, index) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) return chunk;
      if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
      throw new SseReconstructError('ERR_SSE_ARGUMENT',
        `sse-reconstruct: ${caller}() takes chunks that are strings or Uint8Arrays; chunk ${index} is ${describe(chunk)}.`,
      );
    });
  }
  throw new SseReconstructError('ERR_SSE_ARGUMENT',
    `sse-reconstruct: ${caller}() takes the stream's text (a string), its bytes (a Uint8Array or ArrayBuffer) or an array of such chunks; it received ${describe(input)}.${
      isAsyncSource(input) ? ' For a Response, ReadableStream or async iterable, use `await reconstructStream(input)`: its result has the frames too.' : ''
    }`,
  );
}

export function isAsyncSource(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as { getReader?: unknown; body?: unknown; [Symbol.asyncIterator]?: unknown; arrayBuffer?: unknown };
  return (
    typeof candidate.getReader === 'function' ||
    typeof candidate[Symbol.asyncIterator] === 'function' ||
    (typeof candidate.arrayBuffer === 'function' && 'body' in candidate)
  );
}
