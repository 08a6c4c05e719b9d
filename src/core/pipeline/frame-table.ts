import { createDecoder } from '../decode/decoder.js';
import type { FrameRecord } from '../model.js';
import { ownCopy } from '../own-copy.js';
import { keepShape } from '../keep-shapes.js';
import { KeptText } from './kept-text.js';
import { ByteBlocks } from './byte-blocks.js';
import type { ArrivalClock } from '../input/arrival-clock.js';

/**
 * The frames table, kept as a log of small numbers while the stream is read: three to ten bytes a frame, outside the
 * collected heap, instead of an object a frame. A 100 MB stream has near a million frames; as objects they would
 * cost more memory than eventsource-parser needs for the whole stream, and the garbage collector would copy every
 * one of them while the stream is read. Rows become objects only when someone reads them (`rows()`).
 *
 * Each row has eight numbers: its length, the id of its carried phrase, its start after the previous frame's end,
 * its first line after the previous frame's last, its line count, the ids of its event and type, and its flags.
 * Frames come in order and do not overlap, so the differences are small and never negative. A row is written as
 * varints (7 bits a byte): first a mask of the numbers that differ from the row before, then those numbers. The
 * hot delta frames differ in their length and phrase only: three or four bytes a row.
 */

const DISPATCHED = 1;
const PROGRESS = 2;
/** The eight numbers of a row, by their place in the mask. */
const LENGTH = 0;
const CARRIED = 1;
const START_GAP = 2;
const LINE_GAP = 3;
const SPAN = 4;
const EVENT = 5;
const TYPE = 6;
const FLAGS = 7;
const ROW_NUMBERS = 8;

/** Log blocks start small (a short stream's result stays small) and double up to this size. */
const FIRST_LOG_BLOCK = 1 << 10;
const LAST_LOG_BLOCK = 1 << 18;
/** String tables stop growing here; later new strings are kept per row. */
const MAX_STRINGS = 1 << 20;
const OVERFLOW_ID = MAX_STRINGS + 1;

/** Differences are never negative for frames in order; zigzag keeps the log right even if one were. */
function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

function unzigzag(value: number): number {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

/** What the assembly made of a frame, when it was set after the row was written (frames read late or again). */
interface ReadLater {
  type: string | null;
  carried: string;
  progress: boolean;
}

/** A growing byte log of varints. */
class VarintLog extends ByteBlocks {
  constructor() {
    super(FIRST_LOG_BLOCK, LAST_LOG_BLOCK);
  }

  write(value: number): void {
    if (this.at + 8 > this.block.length) this.nextBlock();
    while (value >= 128) {
      this.block[this.at++] = (value % 128) | 128;
      value = Math.floor(value / 128);
    }
    this.block[this.at++] = value;
  }

  /** A reader from the start; blocks end where their writing ended. */
  reader(): () => number {
    const blocks = this.writtenBlocks();
    let index = 0;
    let at = 0;
    return () => {
      let value = 0;
      let scale = 1;
      for (;;) {
        let block = blocks[index] as Uint8Array;
        if (at >= block.length) {
          index += 1;
          at = 0;
          block = blocks[index] as Uint8Array;
        }
        const byte = block[at++] as number;
        value += (byte & 127) * scale;
        if (byte < 128) return value;
        scale *= 128;
      }
    };
  }
}

/**
 * Strings that repeat (event names, types, what frames carried), each kept once and named by a number. They are kept
 * as given, never views of an input chunk: event names are interned copies, types come from JSON.parse or a plan,
 * phrases are made by the assembly. (A copy here would make every lookup compare characters: a third of a row's cost.)
 */
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
  private readonly log = new VarintLog();
  /** The numbers of the row being written, and of the row before it. */
  private readonly rowNumbers: number[] = Array.from({ length: ROW_NUMBERS }, () => 0);
  private readonly previousRow: number[] = Array.from({ length: ROW_NUMBERS }, () => 0);
  private count = 0;
  private lastEnd = 0;
  private lastEndLine = 0;
  private readonly events = new StringIds(MAX_STRINGS);
  private readonly types = new StringIds(MAX_STRINGS);
  private readonly phrases = new StringIds(MAX_STRINGS);
  /** Strings past a full string table, by column and frame index. */
  private readonly overflow = new Map<string, string | null>();
  private readonly readLater = new Map<number, ReadLater>();
  /**
   * The input's text, as far as the budget goes: the data of the frames inside it is read from it again when rows
   * are made, so keeping it costs nothing a frame.
   */
  private readonly text = new KeptText();
  private textLength = 0;
  private textWhole = true;
  /** Frames past the text kept, read as JSON, whose data was not kept: the stream cannot be read again. */
  private unreadable = 0;
  /** Frame data kept one by one: frames past the text that findings name. */
  private readonly data = new Map<number, string>();
  /** The last event ID where it changes: frame index → ID from that frame on. */
  private readonly eventIds: Array<[number, string]> = [];
  private lastEventId = '';
  private readonly retries = new Map<number, number>();
  private readonly times = new Map<number, string>();
  /** Frames with an arrival time (kept with or without the rows: the deadlines need them). */
  private readonly timedFrames = new Map<number, TimedFrame>();
  /** A live stream's arrival clock: it times each frame by the chunk that completed it (no time kept a frame). */
  clock: ArrivalClock | null = null;
  /** The frame added last, and the last that carried content (row -1: none): what a live read's clock names. */
  lastLine = 0;
  lastType = '';
  progressRow = -1;
  progressLine = 0;
  progressType = '';

  /**
   * `keepRows`: false for `frames: false` (only the count and the arrival times). `textBudget`: characters of the
   * input kept to give the frames in it their data.
   */
  constructor(
    private readonly keepRows: boolean,
    private readonly textBudget = 0,
  ) {}

  /** The input's text, chunk by chunk, in order, as the budget allows; `bytes`: the chunk, when it came as bytes. */
  addText(text: string, bytes?: Uint8Array): void {
    if (!this.keepRows || !this.textWhole) return;
    if (this.textLength + text.length > this.textBudget) {
      this.textWhole = false;
      text = text.slice(0, this.textBudget - this.textLength);
      bytes = undefined;
    }
    this.textLength += text.length;
    this.text.add(text, bytes);
  }

  get length(): number {
    return this.count;
  }

  /**
   * Adds a frame's row, as the assembly read it. `keepData`: keep its data even when the text kept does not hold it
   * (a listed finding names the frame). `rereadable`: its data is JSON, which reading the stream again would need.
   */
  add(record: FrameRecord, keepData: boolean, rereadable = true): void {
    const row = this.count;
    this.count += 1;
    this.lastLine = record.line;
    this.lastType = record.type ?? record.event;
    if (record.progress) {
      this.progressRow = row;
      this.progressLine = record.line;
      this.progressType = this.lastType;
    }
    if (record.elapsedMs !== undefined) {
      this.timedFrames.set(row, { index: row, line: record.line, elapsedMs: record.elapsedMs, progress: record.progress });
    }
    if (!this.keepRows) return;
    const numbers = this.rowNumbers;
    numbers[LENGTH] = zigzag(record.end - record.start);
    numbers[CARRIED] = this.idOf(this.phrases, 'carried', row, record.carried);
    numbers[START_GAP] = zigzag(record.start - this.lastEnd);
    numbers[LINE_GAP] = zigzag(record.line - this.lastEndLine);
    numbers[SPAN] = zigzag(record.endLine - record.line);
    numbers[EVENT] = this.idOf(this.events, 'event', row, record.event);
    numbers[TYPE] = this.idOf(this.types, 'type', row, record.type);
    numbers[FLAGS] = (record.dispatched ? DISPATCHED : 0) | (record.progress ? PROGRESS : 0);
    this.lastEnd = record.end;
    this.lastEndLine = record.endLine;
    this.writeRow(numbers);
    if (record.end > this.textLength) {
      if (keepData && record.data !== null) this.keepData(row, record.data);
      else if (rereadable) this.unreadable += 1;
    }
    if (record.lastEventId !== this.lastEventId) {
      this.lastEventId = ownCopy(record.lastEventId);
      this.eventIds.push([row, this.lastEventId]);
    }
    if (record.retry !== undefined) this.retries.set(row, record.retry);
    if (record.time !== undefined) this.times.set(row, record.time);
  }

  /** Writes the mask of the numbers that changed since the row before, then those numbers. */
  private writeRow(numbers: number[]): void {
    const previous = this.previousRow;
    let mask = 0;
    for (let i = 0; i < ROW_NUMBERS; i += 1) if (numbers[i] !== previous[i]) mask |= 1 << i;
    this.log.write(mask);
    for (let i = 0; i < ROW_NUMBERS; i += 1) {
      if ((mask & (1 << i)) === 0) continue;
      const value = numbers[i] as number;
      this.log.write(value);
      previous[i] = value;
    }
  }

  /** What the assembly made of a frame whose row is written already (a frame read late, or read again). */
  setRead(row: number, record: ReadLater & Partial<Pick<FrameRecord, 'line' | 'event'>>): void {
    const timed = this.timedFrames.get(row);
    if (timed !== undefined) timed.progress = record.progress;
    if (record.progress && row > this.progressRow) {
      this.progressRow = row;
      this.progressLine = record.line ?? 0;
      this.progressType = record.type ?? record.event ?? '';
    }
    if (this.clock !== null && record.progress) this.clock.lateContent(row);
    if (this.keepRows) this.readLater.set(row, { type: record.type, carried: record.carried, progress: record.progress });
  }

  /** Keeps a frame's data (a flat copy: a slice of the input would keep its whole chunk alive). */
  keepData(row: number, data: string): void {
    this.data.set(row, ownCopy(data));
  }

  /** Whether every JSON frame has its data (so the stream can be read again). */
  hasAllData(): boolean {
    return this.unreadable === 0;
  }

  private idOf(ids: StringIds, column: string, row: number, value: string | null): number {
    const id = ids.idOf(value);
    if (id !== -1) return id;
    this.overflow.set(`${column} ${row}`, value);
    return OVERFLOW_ID;
  }

  private stringOf(ids: StringIds, column: string, row: number, id: number): string | null {
    return id === OVERFLOW_ID ? (this.overflow.get(`${column} ${row}`) ?? null) : (ids.values[id] ?? null);
  }

  /** The input's text as kept (the first `textBudget` characters), and whether that is all of it; null without rows. */
  keptText(): { text: string; whole: boolean } | null {
    return this.keepRows ? { text: this.text.text(), whole: this.textWhole } : null;
  }

  /** The frames with an arrival time, for the stall deadlines. */
  timed(): TimedFrame[] {
    return [...this.timedFrames.values()];
  }

  /**
   * The line each of `wanted` starts on, read from the rows' numbers alone: no frame objects, no data read again. For
   * placing a few frames (compareStreams) without building the whole table. Empty without the rows.
   */
  linesOf(wanted: ReadonlySet<number>): Map<number, number> {
    const lines = new Map<number, number>();
    if (!this.keepRows) return lines;
    const next = this.log.reader();
    const numbers = new Array<number>(ROW_NUMBERS).fill(0);
    let endLine = 0;
    for (let row = 0; row < this.count && lines.size < wanted.size; row += 1) {
      const mask = next();
      for (let i = 0; i < ROW_NUMBERS; i += 1) if ((mask & (1 << i)) !== 0) numbers[i] = next();
      const line = endLine + unzigzag(numbers[LINE_GAP] as number);
      endLine = line + unzigzag(numbers[SPAN] as number);
      if (wanted.has(row)) lines.set(row, line);
    }
    return lines;
  }

  /** Every row as a FrameRecord object (none without the rows). */
  rows(): FrameRecord[] {
    if (!this.keepRows) return [];
    const rows: FrameRecord[] = new Array<FrameRecord>(this.count);
    const text = this.text.text();
    const next = this.log.reader();
    let idChange = 0;
    let lastEventId = '';
    let end = 0;
    let endLine = 0;
    const numbers = new Array<number>(ROW_NUMBERS).fill(0);
    for (let row = 0; row < this.count; row += 1) {
      const change = this.eventIds[idChange];
      if (change !== undefined && change[0] === row) {
        lastEventId = change[1];
        idChange += 1;
      }
      const mask = next();
      for (let i = 0; i < ROW_NUMBERS; i += 1) if ((mask & (1 << i)) !== 0) numbers[i] = next();
      const start = end + unzigzag(numbers[START_GAP] as number);
      end = start + unzigzag(numbers[LENGTH] as number);
      const line = endLine + unzigzag(numbers[LINE_GAP] as number);
      endLine = line + unzigzag(numbers[SPAN] as number);
      const event = this.stringOf(this.events, 'event', row, numbers[EVENT] as number) ?? 'message';
      const type = this.stringOf(this.types, 'type', row, numbers[TYPE] as number);
      const carried = this.stringOf(this.phrases, 'carried', row, numbers[CARRIED] as number) ?? '';
      const flags = numbers[FLAGS] as number;
      const record: FrameRecord = {
        index: row,
        event,
        data: this.data.get(row) ?? (this.textLength === 0 ? null : dataIn(text, start, end)),
        lastEventId,
        dispatched: (flags & DISPATCHED) !== 0,
        line,
        endLine,
        start,
        end,
        type,
        carried,
        progress: (flags & PROGRESS) !== 0,
      };
      const later = this.readLater.get(row);
      if (later !== undefined) Object.assign(record, later);
      this.addOptional(record, row);
      rows[row] = record;
    }
    return rows;
  }

  private addOptional(record: FrameRecord, row: number): void {
    const retry = this.retries.get(row);
    if (retry !== undefined) record.retry = retry;
    const time = this.times.get(row);
    if (time !== undefined) record.time = time;
    const elapsedMs = this.timedFrames.get(row)?.elapsedMs ?? this.clock?.elapsedOf(row);
    if (elapsedMs !== undefined) record.elapsedMs = elapsedMs;
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

keepShape(new FrameTable(true, 1)).add({ index: 0, event: 'message', data: null, lastEventId: '', dispatched: true, line: 1, endLine: 2, start: 0, end: 1, type: 'kept', carried: 'kept', progress: true }, false);
