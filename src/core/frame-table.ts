import { createDecoder } from './decode/decoder.js';
import type { FrameRecord } from './model.js';

/**
 * The frames table, kept in columns while the stream is read: a few bytes a frame in typed arrays instead of an
 * object a frame. A 100 MB stream has near a million frames; as objects they would cost more memory than the
 * stream itself, and the garbage collector would copy every one of them while the stream is read. Rows become
 * objects only when someone reads them (`rows()`).
 */

const BLOCK_ROWS = 16_384;
const DISPATCHED = 1;
const PROGRESS = 2;
/** An id that says "look in the overflow map": the string table is full. */
const OVERFLOW = 0xffff;
const MAX_NAMES = OVERFLOW - 1;
const MAX_PHRASES = 0xffff_fffe;

interface Block {
  line: Uint32Array;
  endLine: Uint32Array;
  start: Float64Array;
  end: Float64Array;
  flags: Uint8Array;
  event: Uint16Array;
  type: Uint16Array;
  carried: Uint32Array;
}

/** One buffer a block, cut into its columns: one allocation instead of eight. */
function newBlock(): Block {
  const n = BLOCK_ROWS;
  const buffer = new ArrayBuffer(n * (8 + 8 + 4 + 4 + 4 + 2 + 2 + 1));
  let at = 0;
  const take = (bytes: number): number => {
    const offset = at;
    at += n * bytes;
    return offset;
  };
  return {
    start: new Float64Array(buffer, take(8), n),
    end: new Float64Array(buffer, take(8), n),
    line: new Uint32Array(buffer, take(4), n),
    endLine: new Uint32Array(buffer, take(4), n),
    carried: new Uint32Array(buffer, take(4), n),
    event: new Uint16Array(buffer, take(2), n),
    type: new Uint16Array(buffer, take(2), n),
    flags: new Uint8Array(buffer, take(1), n),
  };
}

/** Strings that repeat (event names, types, what frames carried), each kept once and named by a number. */
class StringIds {
  readonly values: Array<string | null> = [null];
  private readonly ids = new Map<string, number>();
  private lastValue: string | null = null;
  private lastId = 0;
  constructor(private readonly max: number) {}

  /** The id of `value`, or -1 when the table is full and `value` is new. */
  idOf(value: string | null): number {
    if (value === null) return 0;
    // Most frames repeat the value of the frame before: a comparison is cheaper than a lookup.
    if (value === this.lastValue) return this.lastId;
    const known = this.ids.get(value);
    if (known !== undefined) {
      this.lastValue = value;
      this.lastId = known;
    }
    if (known !== undefined) return known;
    if (this.values.length > this.max) return -1;
    const id = this.values.length;
    this.values.push(value);
    this.ids.set(value, id);
    return id;
  }
}

export interface TimedFrame {
  index: number;
  line: number;
  elapsedMs: number;
  progress: boolean;
}

export class FrameTable {
  private readonly blocks: Block[] = [];
  private count = 0;
  private readonly events = new StringIds(MAX_NAMES);
  private readonly types = new StringIds(MAX_NAMES);
  private readonly phrases = new StringIds(MAX_PHRASES);
  /** Strings past a full string table, by frame index and column. */
  private readonly overflow = new Map<string, string | null>();
  /**
   * The input's text, as far as the budget goes: the data of the frames inside it is read from it again when rows
   * are made, so keeping it costs nothing a frame.
   */
  private readonly text: Array<string | Uint8Array> = [];
  private textLength = 0;
  private textWhole = true;
  /** Frame data kept one by one: frames past the text that findings name. */
  private readonly data = new Map<number, string>();
  /** The last event ID where it changes: frame index → ID from that frame on. */
  private readonly eventIds: Array<[number, string]> = [];
  private lastEventId = '';
  private readonly retries = new Map<number, number>();
  private readonly times = new Map<number, string>();
  private readonly elapsed = new Map<number, number>();

  /** Without the table (`frames: false`), only the count and the arrival times (for the deadlines) are kept. */
  private readonly timedOnly: Map<number, TimedFrame> | null;

  /** `textBudget`: characters of the input kept to give the frames in it their data. */
  constructor(
    keepRows: boolean,
    private readonly textBudget = 0,
  ) {
    this.timedOnly = keepRows ? null : new Map();
  }

  /** The input's text, chunk by chunk, in order. */
  addText(text: string): void {
    if (this.timedOnly !== null || !this.textWhole) return;
    if (this.textLength + text.length > this.textBudget) {
      this.textWhole = false;
      text = text.slice(0, this.textBudget - this.textLength);
    }
    this.text.push(keptForm(text));
    this.textLength += text.length;
  }

  get length(): number {
    return this.count;
  }

  /** Adds a frame's row; `keepData`: keep its data even when the text kept does not hold it. */
  add(record: FrameRecord, keepData: boolean): void {
    const row = this.count;
    if (this.timedOnly !== null) {
      this.count += 1;
      const { index, line, elapsedMs, progress } = record;
      if (elapsedMs !== undefined) this.timedOnly.set(row, { index, line, elapsedMs, progress });
      return;
    }
    if (row % BLOCK_ROWS === 0) this.blocks.push(newBlock());
    this.count += 1;
    const block = this.blocks[this.blocks.length - 1] as Block;
    const at = row % BLOCK_ROWS;
    block.line[at] = record.line;
    block.endLine[at] = record.endLine;
    block.start[at] = record.start;
    block.end[at] = record.end;
    if (keepData && record.data !== null && record.end > this.textLength) this.keepData(row, record.data);
    if (record.lastEventId !== this.lastEventId) {
      this.lastEventId = record.lastEventId;
      this.eventIds.push([row, record.lastEventId]);
    }
    block.event[at] = this.nameId(this.events, row, 'event', record.event);
    if (record.retry !== undefined) this.retries.set(row, record.retry);
    if (record.time !== undefined) this.times.set(row, record.time);
    if (record.elapsedMs !== undefined) this.elapsed.set(row, record.elapsedMs);
    this.setRead(row, record);
  }

  /** Writes what the assembly made of a frame (type, what it carried, progress); again when it is read again. */
  setRead(row: number, record: Pick<FrameRecord, 'type' | 'carried' | 'progress' | 'dispatched'>): void {
    if (this.timedOnly !== null) {
      const timed = this.timedOnly.get(row);
      if (timed !== undefined) timed.progress = record.progress;
      return;
    }
    const block = this.blocks[Math.floor(row / BLOCK_ROWS)] as Block;
    const at = row % BLOCK_ROWS;
    block.flags[at] = (record.dispatched ? DISPATCHED : 0) | (record.progress ? PROGRESS : 0);
    block.type[at] = this.nameId(this.types, row, 'type', record.type);
    const carried = this.phrases.idOf(record.carried);
    if (carried === -1) this.overflow.set(`carried ${row}`, record.carried);
    block.carried[at] = carried === -1 ? MAX_PHRASES + 1 : carried;
  }

  /** Keeps a frame's data (a flat copy: a slice of the input would keep its whole chunk alive). */
  keepData(row: number, data: string): void {
    this.data.set(row, data.length < 13 ? data : (' ' + data).slice(1));
  }

  /** Whether every frame has its data (so the stream can be read again). */
  hasAllData(): boolean {
    if (this.textWhole) return true;
    for (let row = 0; row < this.count; row += 1) if (!this.data.has(row) && this.endOf(row) > this.textLength) return false;
    return true;
  }

  private endOf(row: number): number {
    return (this.blocks[Math.floor(row / BLOCK_ROWS)] as Block).end[row % BLOCK_ROWS] as number;
  }

  private nameId(names: StringIds, row: number, column: string, value: string | null): number {
    const id = names.idOf(value);
    if (id !== -1) return id;
    this.overflow.set(`${column} ${row}`, value);
    return OVERFLOW;
  }

  private name(names: StringIds, row: number, column: string, id: number): string | null {
    return id === OVERFLOW ? (this.overflow.get(`${column} ${row}`) ?? null) : (names.values[id] ?? null);
  }

  /** The frames with an arrival time, for the stall deadlines. */
  timed(): TimedFrame[] {
    if (this.timedOnly !== null) return [...this.timedOnly.values()];
    const timed: TimedFrame[] = [];
    for (const [index, elapsedMs] of this.elapsed) {
      const block = this.blocks[Math.floor(index / BLOCK_ROWS)] as Block;
      const at = index % BLOCK_ROWS;
      timed.push({ index, line: block.line[at] as number, elapsedMs, progress: ((block.flags[at] as number) & PROGRESS) !== 0 });
    }
    return timed;
  }

  /** Every row as a FrameRecord object. */
  rows(): FrameRecord[] {
    const rows: FrameRecord[] = new Array<FrameRecord>(this.count);
    const fromBytes = new TextDecoder();
    const text = this.text.map((kept) => (typeof kept === 'string' ? kept : fromBytes.decode(kept))).join('');
    let idChange = 0;
    let lastEventId = '';
    for (let row = 0; row < this.count; row += 1) {
      const next = this.eventIds[idChange];
      if (next !== undefined && next[0] === row) {
        lastEventId = next[1];
        idChange += 1;
      }
      rows[row] = this.row(row, lastEventId, text);
    }
    return rows;
  }

  private row(row: number, lastEventId: string, text: string): FrameRecord {
    const block = this.blocks[Math.floor(row / BLOCK_ROWS)] as Block;
    const at = row % BLOCK_ROWS;
    const flags = block.flags[at] as number;
    const carriedId = block.carried[at] as number;
    const record: FrameRecord = {
      index: row,
      event: this.name(this.events, row, 'event', block.event[at] as number) ?? 'message',
      data: this.data.get(row) ?? dataIn(text, block.start[at] as number, block.end[at] as number),
      lastEventId,
      dispatched: (flags & DISPATCHED) !== 0,
      line: block.line[at] as number,
      endLine: block.endLine[at] as number,
      start: block.start[at] as number,
      end: block.end[at] as number,
      type: this.name(this.types, row, 'type', block.type[at] as number),
      carried: carriedId > MAX_PHRASES ? (this.overflow.get(`carried ${row}`) ?? '') : (this.phrases.values[carriedId] ?? ''),
      progress: (flags & PROGRESS) !== 0,
    };
    const retry = this.retries.get(row);
    if (retry !== undefined) record.retry = retry;
    const time = this.times.get(row);
    if (time !== undefined) record.time = time;
    const elapsedMs = this.elapsed.get(row);
    if (elapsedMs !== undefined) record.elapsedMs = elapsedMs;
    return record;
  }
}

/** A frame's data, read again from its text in the input (null when the kept text does not reach its end). */
function dataIn(text: string, start: number, end: number): string | null {
  if (end > text.length) return null;
  let data: string | null = null;
  const decoder = createDecoder({
    onFrame(frame, _ending, hasData) {
      if (data === null) data = hasData ? frame.data : '';
    },
  });
  decoder.push(text.slice(start, end));
  decoder.end();
  return data ?? '';
}

const toBytes = new TextEncoder();

/**
 * Text kept as UTF-8 bytes: outside the collected heap, so the garbage collector never copies it while the stream
 * is read (kept as a string, it was measured to cost a fifth of the read). A chunk with a lone surrogate (a pair
 * cut between string chunks) stays a string: as bytes it would come back as U+FFFD.
 */
function keptForm(text: string): string | Uint8Array {
  return isWellFormed(text) ? toBytes.encode(text) : text;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof native === 'function' ? native.call(text) : !LONE_SURROGATE.test(text);
}
