import { isReconstruction, reconstruct, type Deadlines, type FormatName, type Reconstruction, type RequestInput } from '../core/index.js';
import { ajvSchemaValidator } from './schema-validator.js';
import { reconstructStream } from './live-reads.js';
import { checkMatcherSettings, describeArgument as describe, setRunnerSettings, withConfiguredDeadlines, isLiveStream, type StreamReconstruction, type LiveStream, type StreamText } from '../core/index.js';

/** What a matcher reads: a reconstruction, with what was read when it came from a live stream. */
export type Received = Reconstruction & { source?: StreamReconstruction['source']; trace?: StreamReconstruction['trace'] };

export interface ReadOptions {
  format?: FormatName;
  /** Deadlines for a live stream this matcher is the first to read (over those set with `configure()`). */
  deadlines?: Deadlines;
  /** `performance.now()` taken when the request was sent, for a live stream this matcher is the first to read. */
  startedAt?: number;
  /** The request that produced the stream: what it asked and the stream lacks is a finding. */
  request?: RequestInput;
}

/** `read` with the matcher options' `request`, when they name one. */
export function withRequest(options: { request?: RequestInput } | undefined, read: ReadOptions = {}): ReadOptions {
  return options?.request === undefined ? read : { ...read, request: options.request };
}

/** What `configure()` sets for the live reads of a test file: the matchers', `reconstructStream()`'s, `inspectStream()`'s. */
export interface MatcherSettings {
  /**
   * Deadlines for the live streams read (defaults 20 s to the first byte and content, 30 s between content, 300 s in
   * all): set them below the runner's test timeout so a hung stream fails as `stalled`. Deadlines passed to one
   * read name only what they change.
   */
  deadlines?: Deadlines;
}

/**
 * Sets how live streams are read, from here on in this test file (each file runs in its own module scope in Vitest
 * and Jest; call it in a setup file for every file): by the matchers and by `reconstructStream()`. Returns the
 * settings it replaced.
 */
export function configure(settings: MatcherSettings): MatcherSettings {
  checkMatcherSettings(settings);
  return setRunnerSettings(settings);
}

/** Raised for a received value no matcher can read: a usage error, never a pass. */
export class ReceivedTypeError extends TypeError {}

/**
 * Turns what the test passed into a reconstruction: at once for text, bytes, chunks and reconstructions; as a
 * promise for live streams, read once per object whatever the number of matchers (the one cache, in live-reads.ts).
 */
export function resolveReceived(received: unknown, options: ReadOptions): Received | Promise<Received> {
  if (isReconstruction(received)) {
    if (options.request !== undefined) throw new ReceivedTypeError('The received value is a reconstruction, already made: `request` is checked when the stream is read. Pass the stream itself, or make the reconstruction with `reconstruct(body, { request })`.');
    return received;
  }
  if (isLiveStream(received)) return reconstructStream(received as LiveStream, liveOptions(options));
  if (isStreamText(received)) return reconstructOnce(received, options);
  throw new ReceivedTypeError(
    `The received value must be a stream: its text (a string), bytes (Uint8Array, ArrayBuffer, Buffer), an array of chunks, a fetch Response, a ReadableStream, an async iterable (a Node Readable), or a reconstruction; it is ${describe(received)}.`,
  );
}

function liveOptions(options: ReadOptions): { format?: FormatName; deadlines?: Deadlines; startedAt?: number } {
  const deadlines = withConfiguredDeadlines(options.deadlines);
  return { ...(options.format ? { format: options.format } : {}), ...(deadlines ? { deadlines } : {}), ...(options.startedAt !== undefined ? { startedAt: options.startedAt } : {}), ...requestOptions(options) };
}

/** The request and, when ajv is installed, the validator for its schema. */
function requestOptions(options: ReadOptions): { request?: RequestInput; schemaValidator?: ReturnType<typeof ajvSchemaValidator> } {
  if (options.request === undefined) return {};
  const schemaValidator = ajvSchemaValidator();
  return schemaValidator === undefined ? { request: options.request } : { request: options.request, schemaValidator };
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
  // A reading with a request is its request's own: not kept for matchers that read without it.
  if (options.request !== undefined) return reconstruct(input, { ...(options.format ? { format: options.format } : {}), ...requestOptions(options) });
  const key = options.format ?? '';
  const readAs = options.format ? { format: options.format } : {};
  if (typeof input === 'string') {
    const textKey = `${key}\u0000${input}`;
    const cached = byText.get(textKey);
    if (cached) return cached;
    const result = reconstruct(input, readAs);
    if (byText.size >= TEXTS_KEPT) byText.delete(byText.keys().next().value as string);
    byText.set(textKey, result);
    return result;
  }
  let byKey = byObject.get(input);
  if (!byKey) {
    byKey = new Map();
    byObject.set(input, byKey);
  }
  const found = byKey.get(key);
  if (found) return found;
  const made = reconstruct(input, readAs);
  byKey.set(key, made);
  return made;
}
