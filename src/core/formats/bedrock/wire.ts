// The two ways a Bedrock event is written. On the wire, one AWS event-stream message: headers `:event-type` (or
// `:exception-type`), `:content-type: application/json`, `:message-type: event` (or `exception`), and the JSON of the
// event's members as the payload. In text (fixtures, faults and the fault server handle streams as text, and relays
// that turn the binary stream into SSE write it so): one SSE frame, `event:` the event's name and `data:` the same
// JSON. The assembler reads both alike: the binary framing hands it the name as the frame's event.
import { encodeEventStreamMessage } from '../../decode/aws-event-stream/index.js';
import { CONVERSE_EXCEPTIONS } from './events.js';

/** One event as an SSE frame: `event: <name>`, `data: <members>`, and the blank line. */
export function eventFrameText(name: string, body: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(body)}\n\n`;
}

/** One event as an AWS event-stream message, as Bedrock writes it. */
export function eventMessage(name: string, body: unknown): Uint8Array {
  return eventMessageOfText(name, JSON.stringify(body));
}

/** The same, its members given as the JSON text to carry byte for byte. */
function eventMessageOfText(name: string, data: string): Uint8Array {
  const exception = CONVERSE_EXCEPTIONS.has(name);
  return encodeEventStreamMessage(
    [
      { name: exception ? ':exception-type' : ':event-type', value: name },
      { name: ':content-type', value: 'application/json' },
      { name: ':message-type', value: exception ? 'exception' : 'event' },
    ],
    data,
  );
}

/** A frame's event name and members as text: `event:` names it, or (a relay's rendering) the one key of its JSON. */
function eventOfFrame(event: string, data: string): { name: string; data: string } {
  if (event !== 'message') return { name: event, data };
  try {
    const value: unknown = JSON.parse(data);
    const keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
    if (keys.length === 1) return { name: keys[0] as string, data: JSON.stringify((value as Record<string, unknown>)[keys[0] as string]) };
  } catch {
    // Not JSON (a cut frame): its text goes out as the payload, under the frame's own name.
  }
  return { name: event, data };
}

/** One frame of the text rendering as Bedrock sends it: its event-stream message (an exception's name: an exception). */
export function frameBytes(event: string, data: string): Uint8Array {
  const named = eventOfFrame(event, data);
  return eventMessageOfText(named.name, named.data);
}
