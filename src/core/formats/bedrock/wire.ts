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
  const exception = CONVERSE_EXCEPTIONS.has(name);
  return encodeEventStreamMessage(
    [
      { name: exception ? ':exception-type' : ':event-type', value: name },
      { name: ':content-type', value: 'application/json' },
      { name: ':message-type', value: exception ? 'exception' : 'event' },
    ],
    JSON.stringify(body),
  );
}

/** Messages joined into one body. */
export function joinMessages(messages: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let at = 0;
  for (const message of messages) {
    out.set(message, at);
    at += message.length;
  }
  return out;
}
