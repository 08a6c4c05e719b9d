// The events and exceptions of a Bedrock `ConverseStream` (reference.md §2–§3), and how a frame names one. On the
// wire each is one AWS event-stream message: `:event-type` (or `:exception-type`) names it and the payload is the
// JSON of its members. Relays that re-encode the stream as SSE or JSON lines often write the SDK's shape instead,
// `{"contentBlockDelta": {…}}`: that wrapping is read too.
import type { Frame, Payload } from '../../decode/frame.js';
import { isObject, type Json } from '../json-shape.js';

/** The events of the ConverseStreamOutput union, in the order a stream sends them. */
export const CONVERSE_EVENTS: ReadonlySet<string> = new Set(['messageStart', 'contentBlockStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata']);

/** The exceptions the ConverseStreamOutput union carries, with the HTTP status the SDK model gives each. */
export const CONVERSE_EXCEPTIONS: ReadonlyMap<string, number> = new Map([
  ['internalServerException', 500],
  ['modelStreamErrorException', 424],
  ['validationException', 400],
  ['throttlingException', 429],
  ['serviceUnavailableException', 503],
  // InvokeModelWithResponseStream's union adds this one.
  ['modelTimeoutException', 408],
]);

/** One event as read from a frame: its name, the JSON of its members, and whether it is an exception. */
export interface ConverseEvent {
  name: string;
  body: Json;
  exception: boolean;
}

/**
 * The event a frame carries: named by the frame (the binary framing's `:event-type`, or an SSE `event:` line) with
 * its members as the payload, or wrapped SDK-style as the payload's one key. Null when the frame names no event of
 * this format.
 */
export function eventOf(frame: Pick<Frame, 'event'>, payload: Payload): ConverseEvent | null {
  if (payload.kind !== 'json' || !isObject(payload.value)) return null;
  const value = payload.value;
  const named = frame.event;
  if (CONVERSE_EVENTS.has(named) || CONVERSE_EXCEPTIONS.has(named)) {
    // `event: contentBlockDelta` over `{"contentBlockDelta": {…}}`: both name it; the members are inside.
    const inner = wrappedBody(value, named);
    return { name: named, body: inner ?? value, exception: CONVERSE_EXCEPTIONS.has(named) };
  }
  const keys = Object.keys(value);
  if (keys.length !== 1) return null;
  const key = keys[0] as string;
  if (!CONVERSE_EVENTS.has(key) && !CONVERSE_EXCEPTIONS.has(key)) return null;
  const body = value[key];
  return isObject(body) ? { name: key, body, exception: CONVERSE_EXCEPTIONS.has(key) } : null;
}

function wrappedBody(value: Json, name: string): Json | null {
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== name) return null;
  const body = value[name];
  return isObject(body) ? body : null;
}
