// InvokeModelWithResponseStream wraps each event of the model's own streaming API in a `chunk` message whose
// payload is `{"bytes": "<base64>"}` (the SDK's `PayloadPart`). The wrapping is transport, like the framing: the
// frame is given the decoded event, so detection names the inner format (Anthropic's Messages events, say) and its
// assembler, response and answer read it as if it had come as SSE. Only a `chunk` message of that exact shape is
// unwrapped; anything else is read as it came.

/** The `:event-type` of a message that carries a model's own event in base64 `bytes`. */
export const PAYLOAD_PART_EVENT = 'chunk';

/** What a `chunk` message holds: the inner event's text and its name, or why it could not be read. */
export type PayloadPartReading = { kind: 'event'; data: string; event: string } | { kind: 'not payload part' } | { kind: 'bad bytes'; why: string };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The event a `chunk` message's payload carries: its JSON text, named by its `type` (Anthropic's SSE `event:` line
 * names the event by the same word), else `message`.
 */
export function readPayloadPart(payloadText: string): PayloadPartReading {
  const outer = objectOf(payloadText);
  const bytes = outer?.bytes;
  if (outer === null || typeof bytes !== 'string' || Object.keys(outer).some((key) => key !== 'bytes' && key !== 'p')) return { kind: 'not payload part' };
  let text: string;
  try {
    text = strictUtf8.decode(base64Bytes(bytes));
  } catch {
    return { kind: 'bad bytes', why: 'its `bytes` are not base64 of UTF-8 text' };
  }
  const inner = objectOf(text);
  if (inner === null) return { kind: 'bad bytes', why: 'its `bytes` decode to text that is not a JSON object' };
  const type = inner.type;
  return { kind: 'event', data: text, event: typeof type === 'string' && type !== '' ? type : 'message' };
}

function base64Bytes(text: string): Uint8Array {
  // atob throws on a character outside the alphabet; the SDK's decoder throws likewise.
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at += 1) bytes[at] = binary.charCodeAt(at);
  return bytes;
}

function objectOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
