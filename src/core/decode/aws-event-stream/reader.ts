// The AWS event-stream reader: binary messages from bytes that arrive in any chunks. Each message is a prelude (total
// length and headers length, u32 big-endian), the prelude's CRC-32, the headers, the payload and the CRC-32 of all
// before it. Bad bytes never throw: a checksum that does not match, lengths that cannot be right, a header of an
// unknown type, a message cut at the end or larger than the bound are findings at the frame number and byte offset.
// Memory is bounded: at most one message (up to the bound) is held; a larger one is skipped, not allocated.
// Findings are placed as a binary framing places them (decode/framing.ts): line and column 0, the frame's index and
// the byte offset.
import type { FindingList } from '../../findings.js';
import { crc32 } from './crc32.js';
import { HeaderBlocks } from './headers.js';
import type { EventStreamMessage, EventStreamSummary } from './message.js';

/** Prelude (8 bytes) and its checksum (4): what must be held before a message's length is known. */
const PRELUDE_BYTES = 12;
/** Prelude, its checksum and the message checksum: the smallest message there is. */
const OVERHEAD_BYTES = 16;

/** The largest message held by default: the 16 MiB AWS event streams allow for a payload, plus its headers' 128 KiB. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024 + 128 * 1024;

/** Options of the event-stream reader. */
export interface EventStreamReaderOptions {
  /** The largest message held, in bytes (default `MAX_FRAME_BYTES`); a larger one is skipped with `frame too large`. */
  maxFrameBytes?: number;
  /**
   * Hand each payload as a view of the bytes read, valid only while `onMessage` runs (default false: a copy of its
   * own). A reader that decodes the payload at once saves a copy and an allocation per message.
   */
  payloadViews?: boolean;
}

/** Reads AWS event-stream messages from chunks of bytes, handing each to `onMessage` as soon as it is whole. */
export class EventStreamReader {
  private buffer = new Uint8Array(0);
  private held = 0;
  /** The stream offset of `buffer[0]`. */
  private base = 0;
  private count = 0;
  private skipped = 0;
  /** Bytes still to pass over of a message larger than the bound. */
  private skipRemaining = 0;
  /** Looking for the next prelude whose checksum matches, after one that did not. */
  private searching = false;
  private readonly maxFrameBytes: number;
  private readonly payloadViews: boolean;
  private readonly headerBlocks = new HeaderBlocks();

  constructor(
    private readonly onMessage: (message: EventStreamMessage) => void,
    private readonly findings: FindingList,
    options: EventStreamReaderOptions = {},
  ) {
    this.maxFrameBytes = Math.max(OVERHEAD_BYTES, options.maxFrameBytes ?? MAX_FRAME_BYTES);
    this.payloadViews = options.payloadViews === true;
  }

  /** Reads one more chunk. */
  push(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.skipRemaining > 0) {
      const passed = Math.min(this.skipRemaining, bytes.length);
      this.skipRemaining -= passed;
      this.base += passed;
      bytes = bytes.subarray(passed);
    }
    if (bytes.length === 0) return;
    if (this.held === 0) {
      const used = this.parse(bytes, bytes.length);
      this.base += used;
      if (used < bytes.length) this.hold(bytes.subarray(used));
      return;
    }
    this.hold(bytes);
    const used = this.parse(this.buffer, this.held);
    if (used > 0) {
      this.buffer.copyWithin(0, used, this.held);
      this.held -= used;
      this.base += used;
    }
  }

  /** The stream ended: what is still held is a message cut short (or bytes skipped while looking for a prelude). */
  end(): EventStreamSummary {
    const at = this.base;
    if (this.skipRemaining > 0) {
      this.cut(at, `the rest of a message larger than the bound (${this.skipRemaining} bytes) never came`);
    } else if (this.held > 0 && this.searching) {
      this.skipped += this.held;
    } else if (this.held > 0) {
      const view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.held);
      const where = this.held < PRELUDE_BYTES ? `inside its prelude (${this.held} of 12 bytes)` : `after ${this.held} of its ${view.getUint32(0, false)} bytes`;
      this.cut(at, where);
    }
    const summary = { messages: this.count, bytes: this.base + this.held + this.skipRemaining, skipped: this.skipped };
    this.held = 0;
    return summary;
  }

  private cut(offset: number, where: string): void {
    const number = this.count + 1;
    this.findings.add('frame cut', `Frame ${number} (byte ${offset}) is cut off ${where}: the stream ended inside it, so it is not read.`, 0, 0, this.count, offset);
  }

  private hold(bytes: Uint8Array): void {
    const need = this.held + bytes.length;
    if (need > this.buffer.length) {
      const grown = new Uint8Array(Math.max(need, this.buffer.length * 2, 1024));
      grown.set(this.buffer.subarray(0, this.held));
      this.buffer = grown;
    }
    this.buffer.set(bytes, this.held);
    this.held = need;
  }

  /** Reads the whole messages in `bytes[0, length)`; returns how many bytes it used (the rest waits for more). */
  private parse(bytes: Uint8Array, length: number): number {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    while (length - at >= PRELUDE_BYTES) {
      if (this.searching) {
        const found = this.nextPrelude(bytes, view, at, length);
        this.skipped += found - at;
        at = found;
        if (length - at < PRELUDE_BYTES) break;
        this.searching = false;
      }
      const total = view.getUint32(at, false);
      const headersLength = view.getUint32(at + 4, false);
      const preludeCrc = crc32(bytes, at, at + 8);
      if (preludeCrc !== view.getUint32(at + 8, false)) {
        this.lost(at, 'frame checksum', `its prelude checksum does not match, so its lengths (${total}, ${headersLength}) cannot be trusted`);
        continue;
      }
      if (total < OVERHEAD_BYTES || headersLength > total - OVERHEAD_BYTES) {
        this.lost(at, 'bad frame length', total < OVERHEAD_BYTES ? `its total length ${total} is less than the 16 bytes every message has` : `its headers (${headersLength} bytes) run past its total length ${total}`);
        continue;
      }
      if (total > this.maxFrameBytes) {
        at = this.skipLarge(at, total, length);
        continue;
      }
      if (length - at < total) break;
      this.deliver(bytes, view, at, total, headersLength, preludeCrc);
      at += total;
    }
    return at;
  }

  /** A prelude that cannot be read: say so, then look for the next prelude that checks, from the next byte. */
  private lost(at: number, code: 'frame checksum' | 'bad frame length', why: string): void {
    const number = this.count + 1;
    const offset = this.base + at;
    this.findings.add(code, `Frame ${number} (byte ${offset}): ${why}. The bytes up to the next prelude whose checksum matches are skipped.`, 0, 0, this.count, offset);
    this.searching = true;
  }

  /** The first offset from `from` whose 12 bytes are a prelude that checks (or where fewer than 12 bytes are left). */
  private nextPrelude(bytes: Uint8Array, view: DataView, from: number, length: number): number {
    for (let at = from + 1; at + PRELUDE_BYTES <= length; at += 1) {
      const total = view.getUint32(at, false);
      if (total < OVERHEAD_BYTES || view.getUint32(at + 4, false) > total - OVERHEAD_BYTES) continue;
      if (crc32(bytes, at, at + 8) === view.getUint32(at + 8, false)) return at;
    }
    return Math.max(from + 1, length - PRELUDE_BYTES + 1);
  }

  private skipLarge(at: number, total: number, length: number): number {
    const number = this.count + 1;
    const offset = this.base + at;
    this.findings.add('frame too large', `Frame ${number} (byte ${offset}) declares ${total} bytes, more than the ${this.maxFrameBytes} held: it is skipped, not read.`, 0, 0, this.count, offset);
    this.count += 1;
    this.skipped += total;
    if (length - at >= total) return at + total;
    this.skipRemaining = total - (length - at);
    return length;
  }

  /** `preludeCrc`: the CRC of the prelude, which the message checksum continues (it covers the prelude too). */
  private deliver(bytes: Uint8Array, view: DataView, at: number, total: number, headersLength: number, preludeCrc: number): void {
    const index = this.count;
    const number = index + 1;
    const offset = this.base + at;
    this.count += 1;
    const intact = crc32(bytes, at + 8, at + total - 4, preludeCrc) === view.getUint32(at + total - 4, false);
    if (!intact) this.findings.add('frame checksum', `Frame ${number} (byte ${offset}): its message checksum does not match: its headers or payload changed on the way. It is read as it came.`, 0, 0, index, offset);
    const headersStart = at + PRELUDE_BYTES;
    const block = this.headerBlocks.read(bytes, headersStart, headersStart + headersLength);
    const problem = block.problem;
    if (problem !== null) {
      const why = problem.kind === 'unknown type' ? `a header of unknown type ${problem.type}` : `the header ${JSON.stringify(problem.name)} runs past the headers' end`;
      this.findings.add('bad header', `Frame ${number} (byte ${offset}): ${why} at header byte ${problem.at}; the headers after it are not read.`, 0, 0, index, offset + PRELUDE_BYTES + problem.at);
    }
    this.onMessage({
      index,
      offset,
      length: total,
      headers: block.headers,
      messageType: block.messageType,
      eventType: block.eventType,
      exceptionType: block.exceptionType,
      errorCode: block.errorCode,
      contentType: block.contentType,
      payload: this.payloadViews ? bytes.subarray(headersStart + headersLength, at + total - 4) : bytes.slice(headersStart + headersLength, at + total - 4),
      intact,
    });
  }
}
