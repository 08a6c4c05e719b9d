// The AWS event stream as a framing of the seam (decode/framing.ts): each binary message becomes a Frame whose event
// is its `:event-type` (`:exception-type` for an exception, `:error-code` for an error message) and whose data is
// its payload as UTF-8 text. Frames have no lines: `line` is 0, `byteOffset` the message's offset, and `start`/`end`
// count the characters of the payloads told to `onText`, which the frames table keeps as it keeps a text stream.
import type { DecoderSummary } from '../decoder-model.js';
import type { Frame } from '../frame.js';
import type { Framing, FrameReaderSetup } from '../framing.js';
import { readPayload, type FrameReader } from '../payload.js';
import { preview } from '../../words.js';
import { headerText, type EventStreamMessage } from './message.js';
import { EventStreamReader, MAX_FRAME_BYTES } from './reader.js';
import { PAYLOAD_PART_EVENT, readPayloadPart } from './payload-part.js';

const utf8 = new TextDecoder();
const PLAIN_PAYLOADS = { read: readPayload };
const encoder = new TextEncoder();

/** The name a message's frame takes, by its `:message-type`. */
function eventOf(message: EventStreamMessage): string {
  if (message.messageType === 'exception') return message.exceptionType ?? 'exception';
  if (message.messageType === 'error') return message.errorCode ?? 'error';
  return message.eventType ?? 'message';
}

/** An error message (`:message-type: error`) carries its text in a header and often no payload: the data says it. */
function dataOf(message: EventStreamMessage): string {
  const text = utf8.decode(message.payload);
  if (message.messageType !== 'error' || text.trim() !== '') return text;
  return JSON.stringify({ message: headerText(message.headers, ':error-message') ?? '' });
}

/**
 * A message's event and data; a `chunk` message's (InvokeModelWithResponseStream) are the model's own event its
 * base64 `bytes` carry (payload-part.ts). Bytes that do not decode to a JSON object are named and read as they came.
 */
function unwrapped(message: EventStreamMessage, findings: FrameReaderSetup['findings']): { event: string; data: string } {
  const event = eventOf(message);
  const data = dataOf(message);
  if (message.messageType !== 'event' || event !== PAYLOAD_PART_EVENT) return { event, data };
  const part = readPayloadPart(data);
  if (part.kind === 'event') return { event: part.event, data: part.data };
  if (part.kind === 'bad bytes') findings.add('not json', `Frame ${message.index + 1} (byte ${message.offset}, \`chunk\`): ${part.why}, so the model's event it wraps cannot be read: ${preview(data)}. It is read as it came.`, 0, 0, message.index, message.offset);
  return { event, data };
}

/** An exception or error message's error: its name and its payload's members (a payload that is not an object: its text). */
function transportErrorOf(event: string, data: string): NonNullable<Frame['transportError']> {
  const payload = readPayload(data);
  const members = payload.kind === 'json' && typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) ? payload.value : { message: data };
  return { ...(members as Record<string, unknown>), type: event };
}

function openEventStreamReader(setup: FrameReaderSetup): FrameReader {
  const { onFrame, findings, onText } = setup;
  const bound = setup.options.maxHeldChars;
  // The speed layer's lane for whole frames (a message is one), and its payload reader.
  const lane = setup.speed?.wholeFrames ?? null;
  const payloads = setup.speed?.payloads ?? PLAIN_PAYLOADS;
  let characters = 0;
  let frames = 0;
  let readable = 0;
  // A `chunk` message came: the body is InvokeModelWithResponseStream's, and its exceptions are the transport's.
  let wrapsEvents = false;
  const reader = new EventStreamReader(
    (message) => {
      const { event, data } = unwrapped(message, findings);
      onText?.(data);
      const start = characters;
      if (message.messageType === 'event' && eventOf(message) === PAYLOAD_PART_EVENT) wrapsEvents = true;
      const transportError = wrapsEvents && message.messageType !== 'event' ? transportErrorOf(event, data) : null;
      characters += data.length;
      frames += 1;
      // A message of a shape the lane knows is applied without a frame or a value being made.
      if (transportError === null && lane !== null && lane.take(event, data, 0, data.length, message.index, 0, start, characters)) {
        readable += 1;
        return;
      }
      const frame: Frame = { index: message.index, event, data, lastEventId: '', dispatched: true, line: 0, endLine: 0, start, end: characters, byteOffset: message.offset };
      if (transportError !== null) frame.transportError = transportError;
      const payload = payloads.read(data);
      if (payload.kind === 'not json') findings.add('not json', `Frame ${message.index + 1} (byte ${message.offset}, \`${frame.event}\`) carries a payload that is not JSON: ${preview(data)}. It is listed and skipped.`, 0, 0, message.index, message.offset);
      else readable += 1;
      onFrame(frame, payload);
      if (lane !== null && transportError === null && payload.kind === 'json') lane.learn(frame, payload.value);
    },
    findings,
    { maxFrameBytes: bound === undefined ? MAX_FRAME_BYTES : bound, payloadViews: true },
  );
  return {
    push: (chunk) => reader.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
    end: (): DecoderSummary & { frameCount: number; readableFrames: number } => {
      const summary = reader.end();
      if (summary.messages === 0 && summary.skipped === 0 && !findings.has('frame cut')) findings.add('empty', 'No binary message in the input: pass the body of an AWS event-stream response.', 0, 0);
      return { lines: { total: 0, inFrames: 0, comments: 0, blanks: 0, unread: 0 }, timestamped: false, stopped: false, lastEventId: '', frameCount: frames, readableFrames: readable };
    },
  };
}

/** The AWS event stream (`application/vnd.amazon.eventstream`): binary messages with typed headers. */
export const AWS_EVENT_STREAM: Framing = {
  name: 'aws-event-stream',
  title: 'AWS event stream (binary messages)',
  mediaType: 'application/vnd.amazon.eventstream',
  binary: true,
  open: openEventStreamReader,
  frameText: null,
  terminator: '',
};
