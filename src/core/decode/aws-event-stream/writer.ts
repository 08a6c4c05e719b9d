// Writes AWS event-stream messages: what `synthesize` of a binary format and the fault server send.
import { crc32 } from './crc32.js';
import type { EventStreamHeader } from './message.js';

/** A header to write: a string header by default, or any typed header as the reader gives them. */
export type HeaderToWrite = EventStreamHeader | { name: string; value: string };

const encoder = new TextEncoder();
const TYPE_BYTES: Readonly<Record<EventStreamHeader['type'], number>> = { boolean: 0, byte: 2, short: 3, integer: 4, long: 5, binary: 6, string: 7, timestamp: 8, uuid: 9 };

function headerBytes(header: HeaderToWrite): Uint8Array {
  const name = encoder.encode(header.name);
  const type = 'type' in header ? header.type : 'string';
  const value = header.value;
  let body: Uint8Array;
  let typeByte = TYPE_BYTES[type];
  if (type === 'boolean') {
    typeByte = value === true ? 0 : 1;
    body = new Uint8Array(0);
  } else if (type === 'string' || type === 'binary') {
    const raw = typeof value === 'string' ? encoder.encode(value) : value instanceof Uint8Array ? value : new Uint8Array(0);
    body = new Uint8Array(2 + raw.length);
    new DataView(body.buffer).setUint16(0, raw.length, false);
    body.set(raw, 2);
  } else if (type === 'uuid') {
    const digits = String(value).replace(/-/g, '');
    body = Uint8Array.from({ length: 16 }, (_, at) => Number.parseInt(digits.slice(at * 2, at * 2 + 2), 16) || 0);
  } else {
    const widths = { byte: 1, short: 2, integer: 4, long: 8, timestamp: 8 } as const;
    body = new Uint8Array(widths[type]);
    const view = new DataView(body.buffer);
    if (type === 'byte') view.setInt8(0, Number(value));
    else if (type === 'short') view.setInt16(0, Number(value), false);
    else if (type === 'integer') view.setInt32(0, Number(value), false);
    else view.setBigInt64(0, BigInt(typeof value === 'string' || typeof value === 'number' ? value : 0), false);
  }
  const out = new Uint8Array(1 + name.length + 1 + body.length);
  out[0] = name.length;
  out.set(name, 1);
  out[1 + name.length] = typeByte;
  out.set(body, 2 + name.length);
  return out;
}

/** One whole message: prelude, prelude checksum, headers, payload, message checksum. */
export function encodeEventStreamMessage(headers: readonly HeaderToWrite[], payload: Uint8Array | string): Uint8Array {
  const body = typeof payload === 'string' ? encoder.encode(payload) : payload;
  const parts = headers.map(headerBytes);
  const headersLength = parts.reduce((sum, part) => sum + part.length, 0);
  const total = 16 + headersLength + body.length;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, total, false);
  view.setUint32(4, headersLength, false);
  view.setUint32(8, crc32(out, 0, 8), false);
  let at = 12;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  out.set(body, at);
  view.setUint32(total - 4, crc32(out, 0, total - 4), false);
  return out;
}

/** Messages (or any byte pieces) joined into one body, in order. */
export function joinMessages(messages: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let at = 0;
  for (const message of messages) {
    out.set(message, at);
    at += message.length;
  }
  return out;
}
