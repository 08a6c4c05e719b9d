// A request from any shape a caller holds it in (a body, its JSON text, a fetch RequestInit, a journal entry) read
// into one view. Anything else is a misuse of the API and throws, saying what to pass.
import { SseReconstructError } from '../library-errors.js';
import { isObject } from '../object-kinds.js';
import { shown } from '../words.js';
import type { RequestView } from './types.js';

const WHAT_TO_PASS =
  "the request body (an object such as { model: 'gpt-4o', stream: true, messages: [...] }, or its JSON text), a fetch RequestInit whose body is a JSON string (add url: to check the URL), or an entry of the fault server's journal (server.requests[0])";

function misuse(what: string): never {
  throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: options.request ${what}. Pass ${WHAT_TO_PASS}.`);
}

/** Reads `request` into a body and a URL; throws an `SseReconstructError` for a value that is none of the shapes. */
export function readRequest(request: unknown): RequestView {
  if (typeof request === 'string') return { body: parsedBody(request, 'is a string that is not a JSON object'), url: null };
  if (!isObject(request)) misuse(`must be an object or a JSON string; received ${shown(request)}`);
  if (isJournalEntry(request)) {
    const body = isObject(request.body) ? request.body : parsedBody(request.text as string, 'is a journal entry whose body is not a JSON object');
    return { body, url: request.url as string };
  }
  if (Object.hasOwn(request, 'body') && !Object.hasOwn(request, 'model')) {
    const body = request.body;
    if (typeof body !== 'string') misuse(`looks like a fetch RequestInit, but its body is ${shown(body)}, not a JSON string`);
    const url = request.url;
    if (url !== undefined && typeof url !== 'string') misuse(`has a url that is ${shown(url)}, not a string`);
    return { body: parsedBody(body, 'is a RequestInit whose body is not a JSON object'), url: url ?? null };
  }
  return { body: request, url: null };
}

/** The fault server's journal entry: method, path, url, headers, the body's text and its JSON. */
function isJournalEntry(value: Record<string, unknown>): boolean {
  return typeof value.method === 'string' && typeof value.url === 'string' && typeof value.path === 'string' && typeof value.text === 'string';
}

function parsedBody(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    misuse(what);
  }
  if (!isObject(value)) misuse(what);
  return value;
}
