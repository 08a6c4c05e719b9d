// The header block of an AWS event-stream message: name length (1 byte), name (UTF-8), type (1 byte), value by type.
import { headerText, type EventStreamHeader, type HeaderType } from './message.js';

/** What reading a header block gave: the headers read, and what stopped it early (null when it read to the end). */
export interface HeaderRead {
  headers: EventStreamHeader[];
  /** Why reading stopped before the block's end: an unknown type byte, or a header running past the block. */
  problem: { kind: 'unknown type'; type: number; at: number } | { kind: 'past end'; name: string; at: number } | null;
}

const decoder = new TextDecoder();

/** Fixed widths of the value types that have one; binary and string (6, 7) carry a 2-byte length instead. */
const WIDTHS: readonly number[] = [0, 0, 1, 2, 4, 8, -1, -1, 8, 16];
const TYPE_NAMES: readonly HeaderType[] = ['boolean', 'boolean', 'byte', 'short', 'integer', 'long', 'binary', 'string', 'timestamp', 'uuid'];

function hex(bytes: Uint8Array, from: number, to: number): string {
  let out = '';
  for (let at = from; at < to; at += 1) out += (bytes[at] as number).toString(16).padStart(2, '0');
  return out;
}

function valueOf(type: number, bytes: Uint8Array, view: DataView, at: number, width: number): EventStreamHeader['value'] {
  switch (type) {
    case 0: return true;
    case 1: return false;
    case 2: return view.getInt8(at);
    case 3: return view.getInt16(at, false);
    case 4: return view.getInt32(at, false);
    case 5: return view.getBigInt64(at, false).toString();
    case 6: return bytes.slice(at, at + width);
    case 7: return decoder.decode(bytes.subarray(at, at + width));
    case 8: return Number(view.getBigInt64(at, false));
    default: {
      const h = hex(bytes, at, at + 16);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    }
  }
}

/** Reads the headers in `bytes[from, to)`; `at` in a problem is the offset from `from`. */
export function readHeaders(bytes: Uint8Array, from: number, to: number): HeaderRead {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headers: EventStreamHeader[] = [];
  let at = from;
  while (at < to) {
    const start = at;
    const nameLength = bytes[at] as number;
    if (at + 1 + nameLength + 1 > to) return { headers, problem: { kind: 'past end', name: decoder.decode(bytes.subarray(at + 1, Math.min(to, at + 1 + nameLength))), at: start - from } };
    const name = decoder.decode(bytes.subarray(at + 1, at + 1 + nameLength));
    at += 1 + nameLength;
    const type = bytes[at] as number;
    at += 1;
    if (type >= WIDTHS.length) return { headers, problem: { kind: 'unknown type', type, at: start - from } };
    let width = WIDTHS[type] as number;
    if (width < 0) {
      if (at + 2 > to) return { headers, problem: { kind: 'past end', name, at: start - from } };
      width = view.getUint16(at, false);
      at += 2;
    }
    if (at + width > to) return { headers, problem: { kind: 'past end', name, at: start - from } };
    headers.push({ name, type: TYPE_NAMES[type] as HeaderType, value: valueOf(type, bytes, view, at, width) });
    at += width;
  }
  return { headers, problem: null };
}

/** A header block read, with the lookups every message of it needs. */
export interface HeaderBlock extends HeaderRead {
  messageType: string | null;
  eventType: string | null;
  exceptionType: string | null;
  errorCode: string | null;
  contentType: string | null;
}

/** Blocks remembered: a ConverseStream has six kinds of event, each with its one block. */
const BLOCKS_KEPT = 8;

/**
 * The header blocks of one stream. Almost every message repeats, byte for byte, the block of an earlier one (the
 * same `:event-type`, `:content-type` and `:message-type`): a block seen lately is compared, not read again, and its
 * reading (the same headers, shared: nobody changes them) is given again.
 */
export class HeaderBlocks {
  private readonly kept: Array<{ bytes: Uint8Array; block: HeaderBlock }> = [];

  /** The block in `bytes[from, to)`. */
  read(bytes: Uint8Array, from: number, to: number): HeaderBlock {
    const kept = this.kept;
    for (let i = 0; i < kept.length; i += 1) {
      const entry = kept[i] as { bytes: Uint8Array; block: HeaderBlock };
      if (sameBytes(entry.bytes, bytes, from, to)) return entry.block;
    }
    const { headers, problem } = readHeaders(bytes, from, to);
    const block: HeaderBlock = {
      headers,
      problem,
      messageType: headerText(headers, ':message-type'),
      eventType: headerText(headers, ':event-type'),
      exceptionType: headerText(headers, ':exception-type'),
      errorCode: headerText(headers, ':error-code'),
      contentType: headerText(headers, ':content-type'),
    };
    kept.unshift({ bytes: bytes.slice(from, to), block });
    if (kept.length > BLOCKS_KEPT) kept.pop();
    return block;
  }
}

function sameBytes(held: Uint8Array, bytes: Uint8Array, from: number, to: number): boolean {
  if (held.length !== to - from) return false;
  for (let at = 0; at < held.length; at += 1) if (held[at] !== bytes[from + at]) return false;
  return true;
}
