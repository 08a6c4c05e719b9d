import type { Deadlines, Outcome, Reconstruction, ReconstructOptions } from '../model.js';
import { summaryLine } from '../judge/index.js';
import { explainError } from '../errors/explain.js';
import { FINDINGS, type Finding } from '../findings.js';
import { preview } from '../words.js';
import type { ArrivalClock } from './arrival-clock.js';
import type { LiveSession, StreamReconstruction, LiveStream } from './stream.js';
import { SseReconstructRangeError } from '../library-errors.js';

/** What was read and how: the HTTP facts of a `Response`, and whether the read failed part-way. */
export interface LiveStreamFacts {
  kind: 'Response' | 'ReadableStream' | 'AsyncIterable';
  /** The HTTP status, for a `Response`. */
  status: number | null;
  /** The `content-type` header, for a `Response`. */
  contentType: string | null;
  /** The response headers, names in lower case, for a `Response`. */
  headers: Record<string, string> | null;
  /** The provider's request id (`request-id`, else `x-request-id`), for a `Response`. */
  requestId: string | null;
  /** Why a client would not read this response as an event stream (status outside 2xx, another content type). */
  httpProblem: string | null;
  /** The read failed part-way (a reset connection, a locked stream): what arrived before it is reconstructed. */
  readError: string | null;
  /** How many chunks arrived. */
  chunks: number;
  /**
   * The body's text as it was read (decoded as UTF-8), from what the frames table keeps: the first 1,048,576
   * characters. Throws a RangeError for a longer body, or with `frames: false` (nothing is kept); read such a body
   * from `response.clone()`. Not enumerable: snapshots and `toEqual` do not see it.
   */
  text(): string;
}

/** One log line's worth about a live stream, as a gateway would log it. */
export interface StreamTrace {
  status: number | null;
  requestId: string | null;
  /** From the start of reading (or `startedAt`) to the first byte, and to the first content. */
  firstByteMs: number | null;
  firstContentMs: number | null;
  /** Frames read. */
  events: number;
  /** Bytes read (UTF-8 bytes of text chunks). */
  bytes: number;
  /** The last frame's JSON `type` (or its `event:` name). */
  lastEventType: string | null;
  /** The frame that ends the stream arrived (`[DONE]`, `message_stop`, a terminal event, a final finish reason). */
  terminalSeen: boolean;
  /** The first finish reason among the choices, as the provider wrote it. */
  stopReason: string | null;
  outcome: Outcome;
  /**
   * What ended the read before the body ended: the deadline that passed (`firstByteMs`, `firstContentMs`, `idleMs`,
   * `totalMs`) or `signal`; null when the body ended on its own.
   */
  stoppedBy: keyof Deadlines | 'signal' | null;
  /** From the start of reading (or `startedAt`) to the end of the body or where the read was stopped. */
  durationMs: number;
}

export function isResponse(value: unknown): value is Response {
  const candidate = value as Partial<Response> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.status === 'number' && typeof candidate.headers?.get === 'function' && 'body' in candidate;
}

export function factsOf(source: LiveStream): Omit<LiveStreamFacts, 'text'> {
  const facts: Omit<LiveStreamFacts, 'text'> = { kind: 'AsyncIterable', status: null, contentType: null, headers: null, requestId: null, httpProblem: null, readError: null, chunks: 0 };
  if (isResponse(source)) {
    facts.kind = 'Response';
    facts.status = source.status;
    facts.contentType = source.headers.get('content-type');
    facts.headers = headersOf(source.headers);
    facts.requestId = source.headers.get('request-id') ?? source.headers.get('x-request-id');
    facts.httpProblem = httpProblemOf(source.status, facts.contentType);
  } else if (typeof (source as ReadableStream).getReader === 'function') {
    facts.kind = 'ReadableStream';
  }
  return facts;
}

function headersOf(headers: Headers): Record<string, string> {
  // A null-prototype record: header names are wire data, never property names of ours.
  const out = Object.create(null) as Record<string, string>;
  headers.forEach((value, name) => (out[name.toLowerCase()] = value));
  return out;
}

/** The media type of a `content-type` value, lower-cased and without parameters: `text/event-stream; charset=utf-8` → `text/event-stream`. */
export function mediaTypeOf(contentType: string | null | undefined): string | null {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? null;
}

/** The media type an event stream is sent with, before the bytes say which framing carries it. */
const SSE_MEDIA_TYPES: readonly string[] = ['text/event-stream'];

function httpProblemOf(status: number, contentType: string | null, mediaTypes: readonly string[] = SSE_MEDIA_TYPES): string | null {
  const problems: string[] = [];
  if (status < 200 || status > 299) problems.push(`its status is ${status}, not 2xx`);
  if (!acceptedType(contentType, mediaTypes)) problems.push(`its content type is ${contentType === null ? 'missing' : JSON.stringify(contentType)}, not ${mediaTypes.join(' or ')}`);
  return problems.length === 0 ? null : `The Response is not an event stream a client would read: ${problems.join('; ')}.`;
}

function acceptedType(contentType: string | null, mediaTypes: readonly string[]): boolean {
  const media = mediaTypeOf(contentType);
  return media !== null && mediaTypes.includes(media);
}

/**
 * A non-2xx Response with a JSON body: a request that failed before any stream began, answered as HTTP says it
 * should be. Its body is an error document, not events: it is read as one (`httpErrorOf`), not framed.
 */
export function isHttpError(facts: Omit<LiveStreamFacts, 'text'>): boolean {
  const media = mediaTypeOf(facts.contentType);
  const json = media !== null && (media === 'application/json' || media.endsWith('+json'));
  return facts.kind === 'Response' && facts.status !== null && (facts.status < 200 || facts.status > 299) && json;
}

/**
 * The reconstruction of a correct HTTP error (`isHttpError`) whose body is one JSON document: `http status` alone,
 * with what the error means, and `error` holds the document. What the events reading found of it is set aside.
 */
export function httpErrorOf(result: Reconstruction, status: number, document: { text: string; value: unknown }): Reconstruction {
  const body = document.value;
  const explained = explainError(body);
  const known = explained.provider !== null || explained.http !== null;
  const means = known ? `What it means: ${explained.summary}` : `Its body: ${preview(document.text)}.`;
  const message = `The Response's status is ${status}, with a JSON error body: the request failed before any stream began, and fetch-based clients and the SDKs throw on it. ${means}`;
  const finding: Finding = { code: 'http status', severity: FINDINGS['http status'].severity, message, line: 0, column: 0 };
  Object.assign(result, { error: body, outcome: 'error_event', verdict: 'did not finish', findings: [finding], findingCounts: { 'http status': 1 } });
  result.summary = summaryLine({ format: result.format, verdict: result.verdict, outcome: result.outcome, choices: result.choices, findingTotal: 1 });
  return result;
}

/**
 * A Response a client would not read as an event stream is a finding of its own, whatever its body holds: its
 * status, noted when the read starts (the content type is noted at its end, `noteContentType`).
 */
export function noteHttpProblems(session: LiveSession, facts: Omit<LiveStreamFacts, 'text'>, evenForHttpError = false): void {
  // A correct HTTP error is noted once its body is read (`httpErrorOf`), unless that body was not JSON after all.
  if (facts.kind !== 'Response' || facts.status === null || (isHttpError(facts) && !evenForHttpError)) return;
  if (facts.status < 200 || facts.status > 299) {
    session.note(
      'http status',
      `The Response's status is ${facts.status}, not 2xx: fetch-based clients and the SDKs throw on it and never read the body as events, whatever it holds. Answer 200 when the stream starts, and send errors that come later as error events.`,
    );
  }
}

/**
 * The content type, checked once the body was read: the media type of the framing the stream was read with is the
 * one its clients accept (an AWS event stream's `application/vnd.amazon.eventstream`, not `text/event-stream`).
 * `firstRead`: the facts are this read's own, so `httpProblem` is said again with that media type.
 */
export function noteContentType(session: LiveSession, facts: Omit<LiveStreamFacts, 'text'>, firstRead: boolean, evenForHttpError = false): void {
  if (facts.kind !== 'Response' || facts.status === null || (isHttpError(facts) && !evenForHttpError)) return;
  const mediaTypes = session.mediaTypes();
  if (firstRead) facts.httpProblem = httpProblemOf(facts.status, facts.contentType, mediaTypes);
  if (acceptedType(facts.contentType, mediaTypes)) return;
  const wanted = mediaTypes.join(' or ');
  // EventSource reads server-sent events only: for another framing, its clients are the SDKs.
  const refusers = mediaTypes.includes('text/event-stream') ? 'EventSource refuses it, and proxies and SDKs may buffer or reject the body' : "the SDKs' readers refuse it, and proxies may buffer or reject the body";
  session.note(
    'content type',
    `The Response's content type is ${facts.contentType === null ? 'missing' : JSON.stringify(facts.contentType)}, not ${wanted}: ${refusers}. Send \`content-type: ${mediaTypes[0] ?? 'text/event-stream'}\`.`,
  );
}

/** The facts of a live read's source, with `text()`: the kept text (or `body`, the text read past the session). */
export function sourceFacts(facts: Omit<LiveStreamFacts, 'text'>, session: LiveSession, body?: string): LiveStreamFacts {
  const source = facts as LiveStreamFacts;
  Object.defineProperty(source, 'text', { value: () => body ?? keptTextOf(session), enumerable: false, configurable: true });
  return source;
}

/** The reconstruction of a live read, with its source facts and its trace. */
export function withLiveFacts(result: Reconstruction, source: LiveStreamFacts, clock: ArrivalClock, session: LiveSession): StreamReconstruction {
  // Assigned in place: a copy would lose the reconstruction's brand.
  return Object.assign(result, { source, trace: traceOf(result, source, clock, session) });
}

function keptTextOf(session: LiveSession): string {
  const kept = session.keptText();
  if (kept === null) throw new SseReconstructRangeError('ERR_SSE_TEXT_NOT_KEPT', 'sse-reconstruct: source.text() has nothing to give: the stream was read with `frames: false`, which keeps no input text. Read the body from `response.clone()` instead.');
  if (!kept.whole) {
    throw new SseReconstructRangeError('ERR_SSE_TEXT_NOT_KEPT', `sse-reconstruct: source.text() gives bodies of up to 1,048,576 characters (what the frames table keeps); this one was longer. Read it from \`response.clone()\` instead.`);
  }
  return kept.text;
}

function traceOf(result: Reconstruction, facts: Omit<LiveStreamFacts, 'text'>, clock: ArrivalClock, session: LiveSession): StreamTrace {
  return {
    status: facts.status,
    requestId: facts.requestId,
    firstByteMs: result.timing.firstByteMs ?? null,
    firstContentMs: result.timing.firstContentMs,
    events: result.frameCount,
    bytes: clock.bytes,
    lastEventType: session.progress().lastFrame()?.type ?? null,
    terminalSeen: session.terminalSeen(),
    stopReason: result.choices.find((choice) => choice.finishReason !== null)?.finishReason ?? null,
    outcome: result.outcome,
    stoppedBy: clock.stall?.cause ?? null,
    durationMs: result.timing.totalMs ?? 0,
  };
}

/** What shapes a result besides the bytes: a later read asking for other values is read again from the kept text. */
export function shapeOf(options: ReconstructOptions): string {
  // A request adds findings: a read with another request (or none) is another reading. Last, as its JSON may hold `|`.
  return `${options.format ?? ''}|${options.frames === false ? 'no frames' : ''}|${options.maxHeldChars ?? ''}|${options.request === undefined ? '' : JSON.stringify(options.request)}`;
}

/** The options a shape key stands for, in words. */
export function describeShape(shape: string): string {
  const [format, frames, held, request] = shape.split('|');
  const parts = [format ? `as ${format}` : 'with the format told from the frames'];
  if (frames) parts.push('with `frames: false`');
  if (held) parts.push(`with maxHeldChars ${held}`);
  if (request) parts.push('with a request');
  return parts.join(', ');
}
