import { FindingList } from '../findings.js';
import type { Frame, LineTally } from './frame.js';
import { matchStamp, StampClock } from './timestamps.js';

/** The bound a common reader holds without a blank line before it gives up on the stream. */
export const MAX_HELD_CHARS = 1_048_576;

/** How a frame ended: at a blank line, or at the end of the input with no blank line after it. */
export type FrameEnding = 'blank' | 'eof';

export interface DecoderCallbacks {
  /**
   * Called for every frame, in order, as soon as it ends; `hasData` tells whether it had a `data:` line, and `marks`
   * where its field text and its first data line start (for findings about the frame).
   */
  onFrame(frame: Frame, ending: FrameEnding, hasData: boolean, marks: FrameMarks): void;
}

/** Where a frame's text starts: columns are 1-based and point past a capture timestamp. */
export interface FrameMarks {
  /** Column where the first line's field starts. */
  readonly column: number;
  /** Line and column of its first `data:` line (0 when it has none). */
  readonly dataLine: number;
  readonly dataColumn: number;
}

export interface EventStreamDecoder {
  /** Feeds the next piece of the stream: text, or bytes (UTF-8, split anywhere). */
  push(chunk: string | Uint8Array): void;
  /** Ends the input: a last frame with no blank line after it is handed over with ending `eof`. */
  end(): DecoderSummary;
  /** Findings so far (the sink is shared with whoever reads the frames). */
  readonly findings: FindingList;
}

export interface DecoderSummary {
  lines: LineTally;
  timestamped: boolean;
  stopped: boolean;
  retry?: number;
}

const ENDING_LF = 1;
const ENDING_CRLF = 2;
const ENDING_CR = 3;
const ENDING_NONE = 0;
type Ending = typeof ENDING_LF | typeof ENDING_CRLF | typeof ENDING_CR | typeof ENDING_NONE;
const ENDING_LENGTH = [0, 1, 2, 1] as const;

/** State of the frame being read, between blank lines. */
interface OpenFrame extends FrameMarks {
  line: number;
  column: number;
  start: number;
  data: string | null;
  dataLines: number;
  dataLine: number;
  dataColumn: number;
  event: string;
  eventLine: number;
  eventColumn: number;
  retry?: number;
  time?: string;
  elapsedMs?: number;
  /** Findings about its lines, raised when it ends so they can name it (rarely any). */
  notes: Note[] | null;
}

interface Note {
  code: 'ignored line' | 'bad retry';
  message: string;
  line: number;
  column: number;
}

/**
 * An incremental event-stream decoder following the WHATWG "interpreting an event stream" rules, which remembers
 * where every frame was and names every line a spec client would read differently from what its writer meant.
 * Any way of cutting the input into chunks gives the same frames and findings.
 */
export function createDecoder(callbacks: DecoderCallbacks, findings = new FindingList()): EventStreamDecoder {
  const { onFrame } = callbacks;
  const bytes = new TextDecoder('utf-8', { ignoreBOM: true });
  const clock = new StampClock();
  const tally: LineTally = { total: 0, inFrames: 0, comments: 0, blanks: 0, unread: 0 };

  let pending = ''; // the line being received, not yet ended
  let pendingCR = false; // `pending` ended at a CR that was the last character of a chunk
  let sawFirstChar = false;
  let bytesPending = false;
  let lineNo = 0;
  let offset = 0; // UTF-16 offset of the start of the next line
  let stamped: boolean | null = null;
  let held = 0; // characters held since the last blank line
  let stopped = false;
  let frame: OpenFrame | null = null;
  let frameCount = 0;
  let lastEventIdBuffer = '';
  let streamRetry: number | undefined;
  let crlfLines = 0;
  let otherLines = 0;
  let firstCrlfColumn = 0;
  let ended = false;

  function pushText(text: string): void {
    if (text.length === 0) return;
    let start = 0;
    if (!sawFirstChar) {
      sawFirstChar = true;
      if (text.charCodeAt(0) === 0xfeff) {
        findings.add('bom', 'The input starts with a byte-order mark (U+FEFF); it was taken off, as a spec client does. Remove it where the capture or the server writes it.', 1, 1);
        start = 1;
        offset = 1;
      }
    }
    if (pendingCR) {
      pendingCR = false;
      const crlf = text.charCodeAt(start) === 10;
      if (crlf) start += 1;
      endLine(pending, crlf ? ENDING_CRLF : ENDING_CR);
      pending = '';
    }
    const length = text.length;
    let lf = -2;
    let cr = -2;
    while (start < length) {
      if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
      if (lf === -1 && cr === -1) break;
      let lineEnd: number;
      let ending: Ending;
      let next: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        lineEnd = lf;
        ending = ENDING_LF;
        next = lf + 1;
      } else if (cr + 1 < length) {
        lineEnd = cr;
        const crlf = text.charCodeAt(cr + 1) === 10;
        ending = crlf ? ENDING_CRLF : ENDING_CR;
        next = cr + (crlf ? 2 : 1);
      } else {
        // A CR at the very end of a chunk: the next chunk decides whether it is CR or CRLF.
        pending = pending + text.slice(start, cr);
        pendingCR = true;
        return;
      }
      const piece = text.slice(start, lineEnd);
      const line = pending.length === 0 ? piece : pending + piece;
      pending = '';
      endLine(line, ending);
      start = next;
    }
    if (start < length) {
      pending = pending.length === 0 ? text.slice(start) : pending + text.slice(start);
      // Stop as soon as the unfinished line is sure to cross the bound, naming what ending it would name.
      if (!stopped && held + pending.length > MAX_HELD_CHARS && held + heldLength(pending) > MAX_HELD_CHARS) {
        if (stamped === null) stamped = matchStamp(pending) !== null; // it would have decided, ending whole
        stopAtBound(frame?.line ?? lineNo + 1);
      }
      if (stopped) pending = pending.length > 0 ? ' ' : ''; // keep only that a line is open: its text is not read
    }
  }

  function endLine(raw: string, ending: Ending): void {
    lineNo += 1;
    tally.total += 1;
    const lineStart = offset;
    offset += raw.length + ENDING_LENGTH[ending];
    if (ending === ENDING_CRLF) {
      if (crlfLines === 0) firstCrlfColumn = raw.length + 1;
      crlfLines += 1;
    } else if (ending !== ENDING_NONE) otherLines += 1;
    if (stopped) {
      tally.unread += 1;
      return;
    }
    let line = raw;
    let column = 1;
    let stampText: string | undefined;
    if (stamped !== false && raw.length > 0) {
      const stamp = matchStamp(raw);
      if (stamped === null) stamped = stamp !== null;
      if (stamp !== null) {
        line = raw.slice(stamp.length);
        column = stamp.length + 1;
        stampText = stamp.text;
        // Elapsed time counts from the capture's first stamp, whatever line carries it.
        if (!clock.started) clock.elapsed(stampText);
      }
    }
    if (line.length === 0) {
      held = 0;
      if (frame !== null) finishFrame(frame, 'blank', lineStart + raw.length + ENDING_LENGTH[ending]);
      else tally.blanks += 1;
      return;
    }
    held += line.length + ENDING_LENGTH[ending];
    if (held > MAX_HELD_CHARS) {
      const countedWithFrame = frame !== null;
      stopAtBound(frame?.line ?? lineNo);
      if (!countedWithFrame) tally.unread += 1;
      return;
    }
    if (line.charCodeAt(0) === 58 /* : */) {
      if (frame === null) tally.comments += 1;
      return;
    }
    if (frame === null) frame = openFrame(lineStart, column, stampText);
    readField(frame, line, column);
  }

  function openFrame(lineStart: number, column: number, stampText: string | undefined): OpenFrame {
    const opened: OpenFrame = {
      line: lineNo,
      column,
      start: lineStart,
      data: null,
      dataLines: 0,
      dataLine: 0,
      dataColumn: 0,
      event: '',
      eventLine: 0,
      eventColumn: 0,
      notes: null,
    };
    if (stampText !== undefined) {
      opened.time = stampText;
      const elapsed = clock.elapsed(stampText);
      if (elapsed !== undefined) opened.elapsedMs = elapsed;
    }
    return opened;
  }

  function readField(open: OpenFrame, line: string, column: number): void {
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case 'data':
        if (open.data === null) {
          open.data = value;
          open.dataLine = lineNo;
          open.dataColumn = column;
        } else open.data = open.data + '\n' + value;
        open.dataLines += 1;
        return;
      case 'event':
        open.event = value;
        open.eventLine = lineNo;
        open.eventColumn = column;
        return;
      case 'id':
        if (value.indexOf('\u0000') === -1) lastEventIdBuffer = value;
        return;
      case 'retry':
        readRetry(open, value, column);
        return;
      default:
        note(open, 'ignored line', ignoredFieldMessage(field), column);
    }
  }

  function note(open: OpenFrame, code: Note['code'], message: string, column: number): void {
    (open.notes ??= []).push({ code, message, line: lineNo, column });
  }

  /** Raises the findings about a frame's lines, naming the frame when it was handed over. */
  function flushNotes(open: OpenFrame, frameIndex: number | undefined): void {
    if (open.notes === null) return;
    for (const n of open.notes) findings.add(n.code, n.message, n.line, n.column, frameIndex);
    open.notes = null;
  }

  function readRetry(open: OpenFrame, value: string, column: number): void {
    if (/^[0-9]+$/.test(value)) {
      open.retry = Number.parseInt(value, 10);
      streamRetry = open.retry;
      return;
    }
    note(
      open,
      'bad retry',
      `\`retry: ${value}\` is not a number of milliseconds, so a spec client ignores it and the reconnection delay is not set. Write digits only, e.g. \`retry: 3000\`.`,
      column,
    );
  }

  function finishFrame(open: OpenFrame, ending: 'blank' | 'eof', endOffset: number): void {
    frame = null;
    tally.inFrames += lineNo - open.line + 1;
    const hasData = open.data !== null;
    flushNotes(open, frameCount);
    if (!hasData && open.eventLine > 0) {
      findings.add(
        'ignored line',
        `\`event: ${open.event}\` names an event in a frame with no \`data:\` line, so nothing is dispatched for it. Add a \`data:\` line if the event matters.`,
        open.eventLine,
        open.eventColumn,
        frameCount,
      );
    }
    const result: Frame = {
      index: frameCount,
      event: open.event === '' ? 'message' : open.event,
      data: open.data ?? '',
      lastEventId: lastEventIdBuffer,
      dispatched: hasData && ending === 'blank',
      line: open.line,
      endLine: lineNo,
      start: open.start,
      end: endOffset,
    };
    if (open.retry !== undefined) result.retry = open.retry;
    if (open.time !== undefined) result.time = open.time;
    if (open.elapsedMs !== undefined) result.elapsedMs = open.elapsedMs;
    frameCount += 1;
    onFrame(result, ending, hasData, open);
  }

  /** Characters a line adds to what is held, its capture timestamp taken off (its ending not yet known). */
  function heldLength(line: string): number {
    if (stamped === false) return line.length;
    return line.length - (matchStamp(line)?.length ?? 0);
  }

  function stopAtBound(line: number): void {
    stopped = true;
    if (frame !== null) {
      // The frame being held is not read: its lines so far become unread (findings about them stand).
      tally.unread += lineNo - frame.line + 1;
      flushNotes(frame, undefined);
      frame = null;
    }
    findings.add(
      'too large',
      `More than ${MAX_HELD_CHARS.toLocaleString('en-US')} characters arrived without a blank line; a reader with the common 1 MiB bound stops the stream here, and nothing after this point was read. End every frame with a blank line and split very large payloads.`,
      line,
      1,
    );
  }

  function flushBytes(): void {
    if (!bytesPending) return;
    bytesPending = false;
    pushText(bytes.decode());
  }

  return {
    findings,
    push(chunk) {
      if (ended) throw new Error('sse-reconstruct: push() was called after end(); create a new decoder for a new stream.');
      if (typeof chunk === 'string') {
        flushBytes();
        pushText(chunk);
      } else if (chunk instanceof Uint8Array) {
        bytesPending = true;
        pushText(bytes.decode(chunk, { stream: true }));
      } else {
        throw new TypeError(`sse-reconstruct: push() takes a string or a Uint8Array chunk; it received ${describe(chunk)}.`);
      }
    },
    end() {
      if (!ended) {
        ended = true;
        flushBytes();
        if (pendingCR) {
          pendingCR = false;
          endLine(pending, ENDING_CR);
        } else if (pending.length > 0) endLine(pending, ENDING_NONE);
        pending = '';
        if (frame !== null) finishFrame(frame, 'eof', offset);
        if (!stopped && crlfLines > 0 && otherLines === 0 && stamped !== true) {
          findings.add(
            'crlf',
            'Every line ends in \\r\\n. Spec clients read it; a reader that splits frames on "\\n\\n" finds no frame at all. It was read as the spec reads it.',
            1,
            firstCrlfColumn,
          );
        }
      }
      const summary: DecoderSummary = { lines: { ...tally }, timestamped: stamped === true, stopped };
      if (streamRetry !== undefined) summary.retry = streamRetry;
      return summary;
    },
  };
}

function ignoredFieldMessage(field: string): string {
  const lower = field.toLowerCase();
  const known = ['data', 'event', 'id', 'retry'];
  const near = known.find((name) => name === lower || name === field.trim());
  const shown = field.length > 40 ? `${field.slice(0, 40)}…` : field;
  if (near !== undefined) {
    return `\`${shown}\` is not the field \`${near}\`: field names are case-sensitive and nothing is trimmed, so a spec client ignores this line. Write \`${near}:\`.`;
  }
  return `\`${shown}\` is not an SSE field (only data, event, id and retry exist), so a spec client ignores this line.`;
}

export function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`;
  return `a ${typeof value}`;
}
