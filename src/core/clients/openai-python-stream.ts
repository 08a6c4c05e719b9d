// openai-python's reading of a `stream=True` response, modelled from openai/openai-python@v3.3.1
// src/openai/_streaming.py, the same in what it does from v1.97.2 (48188cc8: every event not named `thread.*` is read
// as data) through v3.3.1, the last version read. Checked once against that code itself (the real Stream and
// SSEDecoder of v1.97.2, v2.37.0 and v3.3.1, run under Python with httpx stubbed): 4,000 random bodies in random
// slices each, the same items and the same raise. Earlier versions wrap other named events and raise on an `error`
// member only under `event: error`; the id-then-comment crash below is in every version since v1.0.0.
// - lines end at CRLF, CR or LF (`_SSELineDecoder`, before v3 `splitlines()`); no byte-order mark is dropped, so a
//   first line `\ufeffdata: …` is a field named `\ufeffdata` and is ignored;
// - `SSEDecoder.decode` (lines 339–381): a blank line dispatches when an event, data, a last event id or a retry was
//   seen (line 343), and the last event id is never reset (line 353): after one `id:` line every later blank line
//   dispatches, so a `: ping` comment block dispatches an event whose data is empty (openai/openai-python#2722);
// - `Stream.__stream__` (lines 56–112): data starting `[DONE]` ends the loop and closes the response (line 63: the
//   rest of the body is not read); every other data goes through `json.loads` (line 86: empty data raises
//   JSONDecodeError); a mapping with a truthy `error` raises APIError (lines 87–99); an event named `thread.*` is
//   handed on as `{ data, event }`.
import { ClientThrow, field } from './run.js';

/** What a reset body raises in httpx (openai-python does not wrap errors raised while iterating). */
export const PYTHON_BODY_FAILED = 'RemoteProtocolError: peer closed connection without sending complete message body (incomplete chunked read)';

/** How the items ended: at `[DONE]` (the body is not read further) or at the body's end. */
export type PythonStreamEnd = 'done' | 'body';

/** The events SSEDecoder dispatches: their `event` (null when empty) and data. */
export function pythonEventsOf(text: string): Array<{ event: string | null; data: string }> {
  const events: Array<{ event: string | null; data: string }> = [];
  let event: string | null = null;
  let data: string[] = [];
  let lastId: string | null = null;
  let retry: number | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  // The piece after the last line end is decoded as a line, but it can dispatch nothing.
  lines.pop();
  for (const line of lines) {
    if (line === '') {
      if (!event && data.length === 0 && !lastId && retry === null) continue;
      events.push({ event: event || null, data: data.join('\n') });
      [event, data, retry] = [null, [], null];
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id' && !value.includes('\0')) lastId = value;
    else if (name === 'retry' && /^\s*[+-]?\d+\s*$/.test(value)) retry = Number.parseInt(value, 10);
  }
  return events;
}

/** The items `for chunk in stream` yields, in order; it returns how they ended, or throws where Python raises. */
export function* pythonStreamItems(text: string): Generator<unknown, PythonStreamEnd> {
  for (const sse of pythonEventsOf(text)) {
    if (sse.data.startsWith('[DONE]')) return 'done';
    const data = jsonLoads(sse.data);
    if (sse.event !== null && sse.event.startsWith('thread.')) {
      yield { data, event: sse.event };
      continue;
    }
    const error = field(data, 'error');
    if (isMapping(data) && isTruthy(error)) {
      const message = field(error, 'message');
      throw new ClientThrow(`APIError: ${isMapping(error) && typeof message === 'string' && message ? message : 'An error occurred during streaming'}`);
    }
    yield data;
  }
  return 'body';
}

/** `json.loads`: JSON as JavaScript reads it (Python's NaN and Infinity literals aside). */
function jsonLoads(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    throw new ClientThrow(data.trim() === '' ? 'JSONDecodeError: Expecting value: line 1 column 1 (char 0)' : `JSONDecodeError: not JSON: ${data.slice(0, 40)}`);
  }
}

const isMapping = (value: unknown): boolean => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Python truthiness of a JSON value: empty strings, lists, mappings, zero, false and None are false. */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}
