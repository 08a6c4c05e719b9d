import { describe } from '../decode/decoder.js';
import type { Reconstruction, ReconstructOptions } from '../model.js';
import { createReconstruction, reconstruct } from '../reconstruct.js';
import { type Chunk, type StreamText, isAsyncSource } from './chunks.js';

/** A live stream: a fetch `Response`, a `ReadableStream`, an async iterable (a Node `Readable` is one), or a promise of one. */
export type StreamSource =
  | Response
  | ReadableStream<Uint8Array | string>
  | AsyncIterable<Uint8Array | string | ArrayBuffer>
  | PromiseLike<Response | ReadableStream<Uint8Array | string> | AsyncIterable<Uint8Array | string | ArrayBuffer>>;

/** Everything `reconstructStream()` reads: a live stream or what `reconstruct()` takes. */
export type StreamInput = StreamSource | StreamText;

export interface StreamOptions extends ReconstructOptions {
  /** `performance.now()` taken when the request was sent: `timing.firstByteMs` is then measured from it. */
  startedAt?: number;
}

/** What was read and how: the HTTP facts of a `Response`, and whether the read failed part-way. */
export interface StreamSourceFacts {
  kind: 'Response' | 'ReadableStream' | 'AsyncIterable';
  /** The HTTP status, for a `Response`. */
  status: number | null;
  /** The `content-type` header, for a `Response`. */
  contentType: string | null;
  /** Why a client would not read this response as an event stream (status outside 2xx, another content type). */
  httpProblem: string | null;
  /** The read failed part-way (a reset connection, a locked stream): what arrived before it is reconstructed. */
  readError: string | null;
  /** How many chunks arrived. */
  chunks: number;
}

/** A reconstruction of a live stream, with what was read and how. `source` is null for text and bytes. */
export interface StreamReconstruction extends Reconstruction {
  source: StreamSourceFacts | null;
}

/** A live stream as it was read once: its chunks with their arrival times (`performance.now()`). */
export interface StreamRecording {
  facts: StreamSourceFacts;
  chunks: Chunk[];
  arrivals: number[];
  /** `performance.now()` when reading began. */
  startedAt: number;
}

/**
 * Reads a live stream and reconstructs it, recording each chunk's arrival time for `timing` and the stall
 * deadlines. A stream is read once: later calls with the same `Response` or stream reuse what was read.
 */
export async function reconstructStream(input: StreamInput, options: StreamOptions = {}): Promise<StreamReconstruction> {
  if (isStreamSource(input)) return replayStream(await readStream(input), options);
  const { startedAt: _ignored, ...rest } = options;
  return withSource(reconstruct(input, rest), null);
}

/** True for what must be read asynchronously: a `Response`, a `ReadableStream`, an async iterable or a promise. */
export function isStreamSource(value: unknown): value is StreamSource {
  return isAsyncSource(value) || isThenable(value);
}

const recordings = new WeakMap<object, Promise<StreamRecording>>();

/** Reads a live stream once; the same object read again gives the same recording (cached by identity). */
export function readStream(source: StreamSource): Promise<StreamRecording> {
  const cached = recordings.get(source);
  if (cached) return cached;
  const reading = isThenable(source) ? Promise.resolve(source).then(readResolved) : record(source);
  recordings.set(source, reading);
  return reading;
}

function readResolved(value: unknown): Promise<StreamRecording> {
  if (isAsyncSource(value)) return readStream(value as StreamSource);
  throw new TypeError(`sse-reconstruct: the promise resolved to ${describe(value)}, not a Response, ReadableStream or async iterable.`);
}

/** Feeds a recording to a fresh reconstruction with the chunks' arrival times. */
export function replayStream(recording: StreamRecording, options: StreamOptions = {}): StreamReconstruction {
  const { startedAt, ...rest } = options;
  const session = createReconstruction(rest);
  recording.chunks.forEach((chunk, index) => session.push(chunk, recording.arrivals[index]));
  const result = withSource(session.end(), recording.facts);
  const first = recording.arrivals[0];
  result.timing.firstByteMs = first === undefined ? null : first - (startedAt ?? recording.startedAt);
  return result;
}

function withSource(result: Reconstruction, source: StreamSourceFacts | null): StreamReconstruction {
  // Assigned in place: a copy would lose the reconstruction's brand.
  return Object.assign(result, { source });
}

async function record(source: StreamSource): Promise<StreamRecording> {
  const facts = factsOf(source);
  const recording: StreamRecording = { facts, chunks: [], arrivals: [], startedAt: performance.now() };
  try {
    for await (const chunk of chunksOf(source, facts)) {
      recording.arrivals.push(performance.now());
      recording.chunks.push(toChunk(chunk, recording.chunks.length));
    }
  } catch (error) {
    facts.readError = messageOf(error);
  }
  facts.chunks = recording.chunks.length;
  return recording;
}

function factsOf(source: StreamSource): StreamSourceFacts {
  const facts: StreamSourceFacts = { kind: 'AsyncIterable', status: null, contentType: null, httpProblem: null, readError: null, chunks: 0 };
  if (isResponse(source)) {
    facts.kind = 'Response';
    facts.status = source.status;
    facts.contentType = source.headers.get('content-type');
    facts.httpProblem = httpProblemOf(source.status, facts.contentType);
  } else if (isReadableStream(source)) {
    facts.kind = 'ReadableStream';
  }
  return facts;
}

function httpProblemOf(status: number, contentType: string | null): string | null {
  const problems: string[] = [];
  if (status < 200 || status > 299) problems.push(`its status is ${status}, not 2xx`);
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? null;
  if (mediaType !== 'text/event-stream') {
    problems.push(`its content type is ${contentType === null ? 'missing' : JSON.stringify(contentType)}, not text/event-stream`);
  }
  return problems.length === 0 ? null : `The Response is not an event stream a client would read: ${problems.join('; ')}.`;
}

function chunksOf(source: StreamSource, facts: StreamSourceFacts): AsyncIterable<unknown> {
  if (isResponse(source)) {
    if (source.bodyUsed) throw new TypeError('the Response body was already read by something else; pass the Response before reading it, or reconstruct() the text you read');
    return source.body === null ? emptyChunks() : readerChunks(source.body);
  }
  if (isReadableStream(source)) return readerChunks(source);
  if (facts.kind === 'AsyncIterable' && isAsyncIterable(source)) return source;
  throw new TypeError(`cannot read ${describe(source)} as a stream`);
}

async function* emptyChunks(): AsyncGenerator<never> {}

// Read through a reader rather than async iteration: not every runtime's ReadableStream is async iterable.
async function* readerChunks(stream: ReadableStream<unknown>): AsyncGenerator<unknown> {
  if (stream.locked) throw new TypeError('the ReadableStream is locked: something else is reading it');
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function toChunk(chunk: unknown, index: number): Chunk {
  if (typeof chunk === 'string' || chunk instanceof Uint8Array) return chunk;
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  throw new TypeError(`chunk ${index} is ${describe(chunk)}; a stream must yield bytes (Uint8Array) or text`);
}

// Duck-typed: an error from another realm (a test environment's globals) is not `instanceof Error` here.
function messageOf(error: unknown): string {
  const message = messageField(error);
  if (message === null) return String(error);
  const cause = messageField((error as { cause?: unknown }).cause);
  return cause !== null && cause !== message ? `${message} (${cause})` : message;
}

function messageField(value: unknown): string | null {
  const message = typeof value === 'object' && value !== null ? (value as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : null;
}

function isResponse(value: unknown): value is Response {
  const candidate = value as Partial<Response> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.status === 'number' && typeof candidate.headers?.get === 'function' && 'body' in candidate;
}

function isReadableStream(value: unknown): value is ReadableStream<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as ReadableStream).getReader === 'function';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}
