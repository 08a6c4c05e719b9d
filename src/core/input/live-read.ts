import { describeArgument as describe } from '../words.js';
import { deadlinesOf } from '../judge/index.js';
import type { Deadlines } from '../model.js';
import { ArrivalClock, type ContentProgress, type LastFrame, type Stall } from './arrival-clock.js';
import { isAsyncSource, type Chunk } from './chunks.js';
import { describeShape, factsOf, httpErrorOf, isHttpError, isResponse, noteContentType, noteHttpProblems, shapeOf, sourceFacts, withLiveFacts, type LiveStreamFacts } from './live-result.js';
import { isThenable, type KeptInput, type LiveSession, type OpenLiveSession, type StreamOptions, type StreamReconstruction, type LiveStream } from './stream.js';
import { SseReconstructError } from '../library-errors.js';

/**
 * A live stream read once: its reconstruction, the shape key of the options it was read with, and what reading it
 * again with other options needs (its arrival clock, ended, and the input kept with each chunk's arrival).
 */
export interface LiveRead {
  result: StreamReconstruction;
  options: string;
  clock: ArrivalClock;
  kept(): KeptInput | null;
}

type Next = { done: true } | { done: false; value: unknown };

/** The longest delay a timer takes (about 24.8 days): a longer one would fire at once, every millisecond. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** How chunks are pulled from a source and how its read is cancelled. */
interface Pull {
  next(): Promise<Next>;
  /** Cancels the read: a pending `next()` settles soon after. */
  cancel(reason: unknown): void;
  release(): void;
}

/**
 * Reads a live stream chunk by chunk into a reconstruction, with the deadlines watched by one timer: at a deadline
 * (or when `signal` aborts, or the held bound stops the reader) the read is cancelled, the reader and the body both.
 * A promise of a stream (`fetch(url)`) is awaited under the same deadlines and signal: the wait for headers counts.
 * `openSession`: the pipeline's, which the chunks go into; `adopt`: given what a promise resolved to, the read of it
 * already under way (then that read is the answer), else null, and it is recorded as this read.
 */
export async function readLive(
  source: LiveStream,
  options: StreamOptions,
  shape: string,
  openSession: OpenLiveSession,
  adopt: (value: LiveStream) => Promise<LiveRead> | null = () => null,
): Promise<LiveRead> {
  const { startedAt, signal, ...rest } = options;
  const clock = new ArrivalClock(startedAt ?? performance.now(), deadlinesOf(rest), true);
  const watch = new Watch(clock, signal);
  watch.start();
  const promised = isThenable(source);
  let body: LiveStream | null = source;
  try {
    if (promised) body = await awaitHeaders(source, clock, watch);
  } catch (error) {
    watch.finish();
    throw error;
  }
  const adopted = body === null || !promised ? null : adopt(body);
  if (adopted !== null) {
    watch.finish();
    return adopted;
  }
  const facts = body === null ? unansweredFacts() : factsOf(body);
  clock.headersStatus = facts.status;
  const session = openSession(rest, clock);
  clock.follow(session.progress());
  noteHttpProblems(session, facts);
  // A correct HTTP error's body is one JSON document: kept beside the events, and read as that if it is one.
  const errorBody = isHttpError(facts) ? new ErrorBody(session) : null;
  await readBody(body, errorBody ?? session, clock, watch, facts);
  return { ...endRead(session, facts, clock, errorBody, null), options: shape, clock, kept: () => session.keptText() };
}

/**
 * The end of a read (or of a re-read): the session judges what it was given, and the result gets the source's facts
 * and the trace. `source`: the facts of the first read, for a re-read (else they are made here, with the kept text).
 */
function endRead(session: LiveSession, facts: Omit<LiveStreamFacts, 'text'>, clock: ArrivalClock, errorBody: ErrorBody | null, source: LiveStreamFacts | null): Pick<LiveRead, 'result'> {
  const document = errorBody?.document() ?? null;
  const notJson = errorBody !== null && document === null;
  if (notJson) noteHttpProblems(session, facts, true);
  noteContentType(session, facts, source === null, notJson);
  const ended = session.end();
  if (document !== null) httpErrorOf(ended, facts.status ?? 0, document);
  return { result: withLiveFacts(ended, source ?? sourceFacts(facts, session, document?.text), clock, session) };
}

/**
 * A live stream read once already, asked for with options that shape the result otherwise (another format): its kept
 * text goes through the same stages again, each chunk at the time it arrived, under the read's arrival clock (its
 * timing, and the stall if it stalled). Throws when the text was not kept whole.
 */
export function rereadAs(first: LiveRead, options: StreamOptions, openSession: OpenLiveSession): StreamReconstruction {
  const { startedAt: _startedAt, signal: _signal, ...rest } = options;
  const kept = first.kept();
  const source = first.result.source;
  if (kept === null || !kept.whole || source === null) {
    throw new SseReconstructError('ERR_SSE_STATE',
      `sse-reconstruct: this stream was read already (${describeShape(first.options)}), and its text is not kept whole (past 1 MiB, or \`frames: false\`), so it cannot be read again ${describeShape(shapeOf(rest))}. Pass those options to the first read of the stream (the first matcher, or reconstructStream()).`,
    );
  }
  const session = openSession(rest, first.clock);
  noteHttpProblems(session, source);
  const errorBody = isHttpError(source) ? new ErrorBody(session) : null;
  const sink = errorBody ?? session;
  if (kept.pieces.length === 0 && kept.text !== '') sink.push(kept.text, first.clock.now);
  for (const [text, arrivedMs] of kept.pieces) sink.push(text, arrivedMs);
  return endRead(session, source, first.clock, errorBody, source).result;
}

/** Where a read's chunks go: the session, or the text of an HTTP error's body. */
interface ChunkSink {
  push(chunk: Chunk, arrivedMs: number): void;
  stopped(): boolean;
}

/** The most characters of an HTTP error's body kept to read as one JSON document (past it, it is read as events). */
const ERROR_BODY_CHARS = 1024 * 1024;

/** An HTTP error's body: its chunks go into the session, and its text is kept to read as one JSON document. */
class ErrorBody implements ChunkSink {
  private readonly decoder = new TextDecoder();
  private kept: string | null = '';

  constructor(private readonly session: ChunkSink) {}

  push(chunk: Chunk, arrivedMs: number): void {
    this.session.push(chunk, arrivedMs);
    if (this.kept === null) return;
    this.kept += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (this.kept.length > ERROR_BODY_CHARS) this.kept = null;
  }

  stopped(): boolean {
    return this.session.stopped();
  }

  /** The body as one JSON document, or null when it is not one (then it was an event stream after all). */
  document(): { text: string; value: unknown } | null {
    if (this.kept === null) return null;
    const text = this.kept + this.decoder.decode();
    try {
      return { text, value: JSON.parse(text) as unknown };
    } catch {
      return null;
    }
  }
}

/**
 * Waits for a promise of a stream (the headers of `fetch(url)`) until a deadline passes or the signal aborts: null
 * then, and whatever it resolves to later is cancelled, so no connection is left open. A value that is not a stream
 * is API misuse and throws.
 */
async function awaitHeaders(promise: PromiseLike<unknown>, clock: ArrivalClock, watch: Watch): Promise<LiveStream | null> {
  clock.awaitingHeaders = true;
  const answered = Promise.resolve(promise).then((value) => ({ value }));
  const settled = await Promise.race([answered, watch.ended]);
  if (settled === null) {
    answered.then(({ value }) => cancelLate(value), () => undefined);
    return null;
  }
  clock.awaitingHeaders = false;
  if (!isAsyncSource(settled.value)) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: the promise resolved to ${describe(settled.value)}, not a Response, ReadableStream or async iterable.`);
  }
  return settled.value as LiveStream;
}

/** A stream that came after its read was given up: cancelled at once (fetch closes the connection). */
function cancelLate(value: unknown): void {
  if (!isAsyncSource(value)) return;
  try {
    pullOf(value as LiveStream).cancel(new Error('sse-reconstruct: the response came after the read had ended (a deadline or the signal)'));
  } catch {
    // A body already read or locked by someone else is theirs to close.
  }
}

/** What is known of a response that never came: nothing but that it was awaited. */
function unansweredFacts(): Omit<LiveStreamFacts, 'text'> {
  return { kind: 'Response', status: null, contentType: null, headers: null, requestId: null, httpProblem: null, readError: null, chunks: 0 };
}

/** Reads the body into `sink` under the watch, then ends the clock; a failed read (not one the watch stopped) is `facts.readError`. */
async function readBody(body: LiveStream | null, sink: ChunkSink, clock: ArrivalClock, watch: Watch, facts: Omit<LiveStreamFacts, 'text'>): Promise<void> {
  try {
    if (body !== null) {
      const pull = pullOf(body);
      watch.attach(pull);
      await readChunks(pull, sink, clock, watch);
    }
  } catch (error) {
    if (!watch.stopped) facts.readError = messageOf(error);
  } finally {
    watch.finish();
  }
  clock.end(performance.now());
  facts.chunks = clock.chunks;
}

async function readChunks(pull: Pull, session: ChunkSink, clock: ArrivalClock, watch: Watch): Promise<void> {
  for (;;) {
    const next = await pull.next();
    if (next.done || watch.stopped) return;
    const now = performance.now();
    // A chunk that came after a deadline (a busy event loop ran the timer late) is not read: the read ended there.
    if (clock.passed(now)) return watch.stop('deadline');
    const chunk = toChunk(next.value, clock.chunks);
    clock.chunk(now, chunk);
    session.push(chunk, now);
    if (session.stopped()) return watch.stop('the reader stopped at its bound on characters held without a blank line (maxHeldChars)');
    watch.moved();
  }
}

/** What `readEach()` read: the source's facts (no body text: nothing was kept), the origin, and what cut the read. */
export interface EachRead {
  facts: Omit<LiveStreamFacts, 'text'>;
  startedAt: number;
  stall: Stall | null;
}

/** What `readEach()` watches: the signal, the deadlines (every chunk is progress), and the origin they count from. */
export interface EachOptions {
  signal?: AbortSignal | undefined;
  deadlines?: Deadlines | undefined;
  startedAt?: number | undefined;
}

/**
 * Reads a live stream (or a promise of one) to its end, handing each chunk to `onChunk` with its arrival time
 * (`performance.now()`): for readers that keep their own state (the inspector). The deadlines and the signal stop
 * it as they stop `readLive()`; every chunk counts as progress. A read that fails part-way is kept in
 * `facts.readError`; what arrived before it has been handed over.
 */
export async function readEach(source: LiveStream, options: EachOptions, onChunk: (chunk: Chunk, arrivedMs: number) => void): Promise<EachRead> {
  const clock = new ArrivalClock(options.startedAt ?? performance.now(), deadlinesOf(options), true);
  const chunks = new EveryChunkProgress(clock.origin);
  clock.follow(chunks);
  const watch = new Watch(clock, options.signal);
  watch.start();
  let body: LiveStream | null = source;
  try {
    if (isThenable(source)) body = await awaitHeaders(source, clock, watch);
  } catch (error) {
    watch.finish();
    throw error;
  }
  const facts = body === null ? unansweredFacts() : factsOf(body);
  const sink: ChunkSink = {
    push(chunk, arrivedMs) {
      onChunk(chunk, arrivedMs);
      chunks.arrived(arrivedMs);
    },
    stopped: () => false,
  };
  await readBody(body, sink, clock, watch, facts);
  return { facts, startedAt: clock.origin, stall: clock.stall };
}

/** For a reader that keeps its own state (the inspector): every chunk is content, the last one the last frame. */
class EveryChunkProgress implements ContentProgress {
  lastContentAt: number | null = null;
  private count = 0;

  constructor(private readonly origin: number) {}

  arrived(at: number): void {
    this.count += 1;
    this.lastContentAt = at;
  }

  lastFrame(): LastFrame | null {
    return this.lastContentAt === null ? null : { index: this.count - 1, line: 0, type: '', atMs: this.lastContentAt - this.origin };
  }

  lastContent(): LastFrame | null {
    return this.lastFrame();
  }
}

/** One timer at the nearest deadline, moved only when that deadline comes sooner; the signal's listener. */
class Watch {
  stopped = false;
  /** Resolves with null when the read is stopped (a deadline, the signal, the held bound). */
  readonly ended: Promise<null>;
  private endedNow: () => void = () => undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private armedAt = Infinity;
  private pull: Pull | null = null;
  private readonly onAbort = () => {
    this.clock.abort(performance.now(), reasonOf(this.signal?.reason));
    this.stop('the signal aborted');
  };

  constructor(
    private readonly clock: ArrivalClock,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.ended = new Promise<null>((resolve) => (this.endedNow = () => resolve(null)));
  }

  /** Watches from now on: the deadlines count, and the signal ends the read (at once, when it has aborted). */
  start(): void {
    if (this.signal?.aborted) return this.onAbort();
    this.signal?.addEventListener('abort', this.onAbort, { once: true });
    this.arm(this.clock.nextDeadline());
  }

  /** The body to cancel when the read is stopped; cancelled at once when it was stopped already. */
  attach(pull: Pull): void {
    this.pull = pull;
    if (this.stopped) pull.cancel(new Error('sse-reconstruct: the read had ended before the body was read'));
  }

  /** Something arrived: a deadline may now come sooner (the first content starts the shorter idle wait). */
  moved(): void {
    const next = this.clock.nextDeadline();
    if (next < this.armedAt) this.arm(next);
  }

  stop(why: string): void {
    if (this.stopped) return;
    this.stopped = true;
    this.clear();
    this.endedNow();
    this.pull?.cancel(new Error(`sse-reconstruct: ${why}`));
  }

  finish(): void {
    this.clear();
    this.signal?.removeEventListener('abort', this.onAbort);
    this.pull?.release();
  }

  private arm(at: number): void {
    this.clear();
    if (at === Infinity) return;
    this.armedAt = at;
    this.timer = setTimeout(() => this.fire(), Math.min(MAX_TIMER_MS, Math.max(0, at - performance.now())));
  }

  private fire(): void {
    this.timer = undefined;
    this.armedAt = Infinity;
    // Timers may fire a little early, and the deadline may have moved on since this one was set.
    if (this.clock.passed(performance.now())) this.stop('a deadline passed');
    else this.arm(Math.max(this.clock.nextDeadline(), performance.now() + 1));
  }

  private clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedAt = Infinity;
  }
}

function pullOf(source: LiveStream): Pull {
  if (isResponse(source)) {
    if (source.bodyUsed) throw new TypeError('the Response body was already read by something else; pass the Response before reading it, or reconstruct() the text you read');
    return source.body === null ? emptyPull() : readerPull(source.body);
  }
  if (isReadableStream(source)) return readerPull(source);
  if (isAsyncIterable(source)) return iteratorPull(source);
  throw new TypeError(`cannot read ${describe(source)} as a stream`);
}

function emptyPull(): Pull {
  return { next: () => Promise.resolve({ done: true }), cancel() {}, release() {} };
}

// Read through a reader rather than async iteration: not every runtime's ReadableStream is async iterable.
// Cancelling the reader cancels the stream (a Response's body: fetch closes the connection) and ends a pending read.
function readerPull(stream: ReadableStream<unknown>): Pull {
  if (stream.locked) throw new TypeError('the ReadableStream is locked: something else is reading it');
  const reader = stream.getReader();
  let cancelled = false;
  return {
    next: () => reader.read() as Promise<Next>,
    cancel(reason) {
      cancelled = true;
      reader.cancel(reason).catch(() => undefined);
    },
    release() {
      if (!cancelled) reader.releaseLock();
    },
  };
}

// An async iterator cannot be interrupted while it awaits: a pending next() races the cancel, and return() asks
// the source to stop (a Node Readable is destroyed, a generator finishes at its next step).
function iteratorPull(source: AsyncIterable<unknown>): Pull {
  const iterator = source[Symbol.asyncIterator]();
  let cancel: (() => void) | null = null;
  const cancelled = new Promise<Next>((resolve) => (cancel = () => resolve({ done: true })));
  let finished = false;
  return {
    async next() {
      const next = (await Promise.race([iterator.next(), cancelled])) as Next;
      if (next.done) finished = true;
      return next;
    },
    cancel() {
      cancel?.();
      if (finished) return;
      finished = true;
      Promise.resolve()
        .then(() => iterator.return?.())
        .catch(() => undefined);
    },
    release() {
      if (finished) return;
      finished = true;
      // A read that ended on an error leaves the source open: let it go.
      Promise.resolve()
        .then(() => iterator.return?.())
        .catch(() => undefined);
    },
  };
}

function toChunk(chunk: unknown, index: number): Chunk {
  if (typeof chunk === 'string' || chunk instanceof Uint8Array) return chunk;
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  throw new TypeError(`chunk ${index} is ${describe(chunk)}; a stream must yield bytes (Uint8Array) or text`);
}

function reasonOf(reason: unknown): string {
  if (reason === undefined) return 'aborted';
  return messageOf(reason);
}

/**
 * An error or abort reason in words. Duck-typed: an error from another realm (a test environment's globals) is not
 * `instanceof Error` here. Never throws: a reason may be anything (an object with no prototype has no toString).
 */
export function messageOf(error: unknown): string {
  const message = messageField(error);
  if (message === null) return stringOf(error);
  const cause = messageField(fieldOf(error, 'cause'));
  return cause !== null && cause !== message ? `${message} (${cause})` : message;
}

function messageField(value: unknown): string | null {
  const message = fieldOf(value, 'message');
  return typeof message === 'string' ? message : null;
}

function fieldOf(value: unknown, name: 'message' | 'cause'): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

function stringOf(value: unknown): string {
  try {
    return String(value);
  } catch {
    return describe(value);
  }
}

function isReadableStream(value: unknown): value is ReadableStream<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as ReadableStream).getReader === 'function';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}
