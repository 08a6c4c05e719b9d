// The non-streamed reply to a request, as a reconstruction: its format's documented stream (`synthesize`) read back,
// so it compares with a stream like any other. The format is told from what each one reads out of the response.
import { describeArgument, FORMAT_MODULES, isPlainObject, reconstruct, synthesize, type FormatName, type Reconstruction } from '../core/index.js';

/** A fetch `Response` (any realm): read with `json()`. */
interface JsonResponse {
  status: number;
  headers: unknown;
  json(): Promise<unknown>;
}

const readBodies = new WeakMap<object, Promise<unknown>>();

/**
 * The response as a JSON value: an object as it is, JSON text parsed, a fetch Response's body read (once per object:
 * a body can be read only once). Throws a TypeError for anything else.
 */
export function responseValue(value: unknown): unknown {
  if (isJsonResponse(value)) {
    let body = readBodies.get(value);
    if (body === undefined) {
      // Promise.resolve: a Response from another realm (Jest's sandbox) hands back that realm's promise.
      body = Promise.resolve(value.json()).catch((error: unknown) => {
        throw new TypeError(`The non-streamed Response's body is not JSON (status ${value.status}): ${error instanceof Error ? error.message : String(error)}.`);
      });
      readBodies.set(value, body);
    }
    return body;
  }
  if (isThenable(value)) return Promise.resolve(value).then(responseValue);
  if (typeof value === 'string') return parsed(value);
  if (isPlainObject(value)) return value;
  throw new TypeError(`The non-streamed response must be the reply's JSON (an object), its text, or a fetch Response; it is ${describeArgument(value)}.`);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const stream = /^\s*(data|event|id):/m.test(text) ? ' It looks like an event stream: compare two streams with toRelay.' : '';
    throw new TypeError(`The non-streamed response text is not JSON.${stream}`);
  }
}

function isJsonResponse(value: unknown): value is JsonResponse {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<JsonResponse>;
  return typeof candidate.json === 'function' && typeof candidate.status === 'number' && candidate.headers !== undefined;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

const readResponses = new WeakMap<object, Map<string, Reconstruction>>();

/**
 * The reconstruction of the documented stream that stands for `response`, in `format`, or else in the format that
 * reads the most of it. Throws a TypeError when no format reads anything from it.
 */
export function reconstructResponse(response: unknown, format?: FormatName): Reconstruction {
  const key = format ?? '';
  const cache = typeof response === 'object' && response !== null ? readResponses.get(response) : undefined;
  const cached = cache?.get(key);
  if (cached) return cached;
  const empty = isPlainObject(response) && Object.keys(response).length === 0;
  const read = empty ? null : format !== undefined ? readAs(response, format) : bestReading(response);
  if (read === null) throw new TypeError(format !== undefined ? `The non-streamed response is not one ${format} can stand for.` : notRecognised(response));
  if (typeof response === 'object' && response !== null) {
    const byFormat = cache ?? new Map<string, Reconstruction>();
    byFormat.set(key, read);
    readResponses.set(response, byFormat);
  }
  return read;
}

function readAs(response: unknown, format: FormatName): Reconstruction | null {
  try {
    return reconstruct(synthesize(format, response), { format });
  } catch {
    // A format that cannot write this response's stream is not its format.
    return null;
  }
}

/**
 * Each format writes its documented stream from the response and reads it back; the one that reads the most
 * answer (text, reasoning, refusal, tool calls), then the most of what ends it (usage, an error, a blocked prompt),
 * then the response most nearly as it was, then the most finish reasons, is the response's format.
 */
function bestReading(response: unknown): Reconstruction | null {
  let best: { read: Reconstruction; score: number[] } | null = null;
  for (const module of FORMAT_MODULES) {
    const read = readAs(response, module.name);
    if (read === null) continue;
    const score = [answerSize(read), endSignals(read), -leafDistance(response, read.response), finishes(read)];
    if (best === null || isBetter(score, best.score)) best = { read, score };
  }
  // Read from nothing: no answer, nothing that ends one, and not the response it was written from.
  const [size = 0, signals = 0, distance = 0] = best?.score ?? [];
  if (best === null || (size === 0 && signals === 0 && distance !== 0)) return null;
  return best.read;
}

function answerSize(read: Reconstruction): number {
  let size = 0;
  for (const choice of read.choices) {
    size += choice.text.length + (choice.refusal?.length ?? 0) + (choice.reasoning?.length ?? 0);
    for (const call of choice.toolCalls) size += 1 + call.name.length + call.arguments.length;
  }
  return size;
}

/** What the response says about how the answer ended, beyond a finish reason (a format may write one of its own). */
function endSignals(read: Reconstruction): number {
  // A stream its own format wrote that still reads as cut (`dropped`) is a sign of the wrong format, not a signal.
  const ended = read.outcome === 'filtered' || read.outcome === 'length_limit' || read.outcome === 'error_event';
  return (read.usage !== null ? 1 : 0) + (read.error !== null && read.error !== undefined ? 1 : 0) + (ended ? 1 : 0);
}

function finishes(read: Reconstruction): number {
  return read.choices.filter((choice) => choice.finishReason !== null).length;
}

/** How many leaves (path and value) one JSON value has that the other has not, both ways. */
function leafDistance(a: unknown, b: unknown): number {
  const left = leaves(a);
  const right = leaves(b);
  let distance = 0;
  for (const leaf of left) if (!right.has(leaf)) distance += 1;
  for (const leaf of right) if (!left.has(leaf)) distance += 1;
  return distance;
}

function leaves(value: unknown, path = '', into = new Set<string>()): Set<string> {
  const entries = value !== null && typeof value === 'object' ? Object.entries(value) : [];
  // An empty object or array is a leaf too: a field a format adds (`output: []`) is a difference.
  if (entries.length === 0) into.add(`${path}=${JSON.stringify(value)}`);
  for (const [key, inner] of entries) leaves(inner, `${path}/${JSON.stringify(key)}`, into);
  return into;
}

function isBetter(score: readonly number[], than: readonly number[]): boolean {
  for (let i = 0; i < score.length; i += 1) if (score[i] !== than[i]) return (score[i] ?? 0) > (than[i] ?? 0);
  return false;
}

function notRecognised(response: unknown): string {
  const keys = isPlainObject(response) ? ` (its fields: ${Object.keys(response).slice(0, 8).join(', ') || 'none'})` : '';
  const names = FORMAT_MODULES.map((module) => module.name).join(', ');
  return `The non-streamed response${keys} is not a reply any format reads an answer from. Pass the reply's JSON as the API sent it, or name its format: { responseFormat: one of ${names} }.`;
}
