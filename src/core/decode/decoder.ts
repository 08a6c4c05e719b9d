import { FindingList } from '../findings.js';
import { checkDecoderCallbacks } from '../options.js';
import type { Frame, LineTally } from './frame.js';
import { ownCopy } from '../own-copy.js';
import { matchStamp, StampClock } from './timestamps.js';
import { heldBound, MAX_HELD_CHARS } from './held-bound.js';
import { describeArgument } from '../words.js';

/** For options.ts, input/, inspect/ and matchers/, which import it from here by this name. */
export { describeArgument as describe };

/** Options of `decode()` and `createFrameReader()`. */
export interface DecodeOptions {
  /**
   * The most characters a reader holds without a blank line (default MAX_HELD_CHARS, 1 MiB, the common bound): a
   * frame past it stops the stream with a `too large` finding, as that reader stops. Set your own reader's bound, or
   * Infinity to read frames of any size (as eventsource-parser and the official SDKs do).
   */
  maxHeldChars?: number;
}

/** How a frame ended: at a blank line, or at the end of the input with no blank line after it. */
export type FrameEnding = 'blank' | 'eof';

export interface DecoderCallbacks {
  /**
   * Called for every frame, in order, as soon as it ends; `hasData` tells whether it had a `data:` line, and `marks`
   * where its field text and its first data line start (for findings about the frame; read it during the call, it
   * is reused for the next frame).
   */
  onFrame(frame: Frame, ending: FrameEnding, hasData: boolean, marks: FrameMarks): void;
  /**
   * Called with the decoded text of each chunk, before its frames: frame offsets count its characters. `bytes`: the
   * chunk the text was decoded from, when it came as bytes (its text may be empty: a character cut at its end comes
   * with the next chunk). Byte chunks in a row, decoded together as one stream, give exactly their texts joined.
   */
  onText?(text: string, bytes?: Uint8Array): void;
  /**
   * Takes whole frames of a known shape without reading them line by line (see fast/lane.ts).
   * @internal The library's own fast path; not part of the public API.
   */
  lane?: FrameTaker;
  /** See DecodeOptions. */
  maxHeldChars?: number;
}

/** Takes the frame that starts at `text[at]` when it knows its text; returns the characters taken (0: not taken). */
export interface FrameTaker {
  take(text: string, at: number, index: number, line: number, start: number, lastEventId: string): number;
  /** The lines of the frame taken last, its blank line included, and how many of them end in CRLF. */
  readonly lines: number;
  readonly crlfLines: number;
}

/** Where a frame's text starts: columns are 1-based and point past a capture timestamp. */
export interface FrameMarks {
  /** Column where the first line's field starts. */
  readonly column: number;
  /** Line and column of its first `data:` line (0 when it has none). */
  readonly dataLine: number;
  readonly dataColumn: number;
  /**
   * True when the frame is a JSON document written without `data:` framing (every line an unknown field, together
   * valid JSON, such as an error body appended to a stream): `frame.data` then holds those lines, so what they say is
   * not lost, though a spec client dispatches nothing for them.
   */
  readonly bare: boolean;
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

const OTHER = 0;
const BLANK = 1;
const DATA = 2;
const EVENT = 3;
type LineKind = typeof OTHER | typeof BLANK | typeof DATA | typeof EVENT;

/** State of the frame being read, between blank lines. */
interface OpenFrame extends FrameMarks {
  line: number;
  column: number;
  start: number;
  data: string | null;
  dataLine: number;
  dataColumn: number;
  event: string;
  eventLine: number;
  eventColumn: number;
  retry: number | undefined;
  time: string | undefined;
  elapsedMs: number | undefined;
  /** Findings about its lines, raised when it ends so they can name it (rarely any). */
  notes: Note[] | null;
  /** Its unknown-field lines joined, while no known field has been read (a bare JSON document, perhaps). */
  bareText: string | null;
  bareEndLine: number;
  knownField: boolean;
  bare: boolean;
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
  checkDecoderCallbacks(callbacks);
  const { onFrame, onText, lane } = callbacks;
  const maxHeld = heldBound(callbacks.maxHeldChars, 'maxHeldChars');
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
  const spare: OpenFrame = {
    line: 0,
    column: 0,
    start: 0,
    data: null,
    dataLine: 0,
    dataColumn: 0,
    event: '',
    eventLine: 0,
    eventColumn: 0,
    retry: undefined,
    time: undefined,
    elapsedMs: undefined,
    notes: null,
    bareText: null,
    bareEndLine: 0,
    knownField: false,
    bare: false,
  };
  let frameCount = 0;
  let lastEventIdBuffer = '';
  let streamRetry: number | undefined;
  let crlfLines = 0;
  let otherLines = 0;
  let firstCrlfColumn = 0;
  let ended = false;

  function pushText(text: string, from?: Uint8Array): void {
    if (onText !== undefined && (text.length > 0 || from !== undefined)) onText(text, from);
    if (text.length === 0) return;
    let start = sawFirstChar ? 0 : takeBom(text);
    if (pendingCR) {
      // The CR that ended the last chunk: with an LF here it was a CRLF.
      pendingCR = false;
      const crlf = text.charCodeAt(start) === 10;
      if (crlf) start += 1;
      endPending(crlf ? ENDING_CRLF : ENDING_CR);
    }
    start = readLines(text, start);
    if (start < text.length) holdRest(text.slice(start));
  }

  /** Takes off a BOM that starts the stream; returns where its text starts. */
  function takeBom(text: string): number {
    sawFirstChar = true;
    if (text.charCodeAt(0) !== 0xfeff) return 0;
    findings.add('bom', 'The input starts with a byte-order mark (U+FEFF); it was taken off, as a spec client does. Remove it where the capture or the server writes it.', 1, 1);
    offset = 1;
    return 1;
  }

  /** Reads every line `text` ends, from `start`; returns where the unfinished rest begins (the length if none). */
  function readLines(text: string, start: number): number {
    const length = text.length;
    let lf = -2;
    let cr = -2;
    while (start < length) {
      if (lane !== undefined && frame === null && stamped === false && !stopped && pending.length === 0) {
        const taken = lane.take(text, start, frameCount, lineNo + 1, offset, lastEventIdBuffer);
        if (taken > 0) {
          countTaken(taken);
          start += taken;
          continue;
        }
      }
      // A blank line (the end of every frame) is found without a search.
      if (lf !== -1 && lf < start) lf = text.charCodeAt(start) === 10 ? start : text.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
      if (lf === -1 && cr === -1) break;
      let lineEnd = lf;
      let ending: Ending = ENDING_LF;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        if (cr + 1 === length) {
          // A CR at the very end of a chunk: the next chunk decides whether it is CR or CRLF.
          pending += text.slice(start, cr);
          pendingCR = true;
          return length;
        }
        lineEnd = cr;
        ending = text.charCodeAt(cr + 1) === 10 ? ENDING_CRLF : ENDING_CR;
      }
      const next = lineEnd + (ending === ENDING_CRLF ? 2 : 1);
      if (pending.length === 0) {
        const kind = stamped === false && !stopped ? commonKind(text, start, lineEnd, next - lineEnd) : OTHER;
        if (kind === OTHER) endLine(text, start, lineEnd, ending);
        else readCommonLine(text, start, lineEnd, next - lineEnd, kind);
      } else {
        pending += text.slice(start, lineEnd);
        endPending(ending);
      }
      start = next;
    }
    return start;
  }

  /** The bookkeeping of a frame the lane took whole: its lines, its offset, one more frame. */
  function countTaken(taken: number): void {
    const lines = (lane as FrameTaker).lines;
    const crlf = (lane as FrameTaker).crlfLines;
    lineNo += lines;
    offset += taken;
    tally.inFrames += lines;
    crlfLines += crlf;
    otherLines += lines - crlf;
    held = 0;
    frameCount += 1;
  }

  /** Keeps the start of a line the next chunk finishes, unless holding it would cross the bound. */
  function holdRest(rest: string): void {
    pending += rest;
    // Stop as soon as the unfinished line is sure to cross the bound, naming what ending it would name.
    if (!stopped && held + pending.length > maxHeld && held + heldLength(pending) > maxHeld) {
      if (stamped === null) stamped = matchStamp(pending) !== null; // it would have decided, ending whole
      stopAtBound(frame?.line ?? lineNo + 1);
    }
    if (stopped) pending = ' '; // keep only that a line is open: its text is not read
  }

  /**
   * Which of the lines every stream is made of this is (blank, `data:`, `event:`), when nothing else about it needs
   * a look (no stamp, not held past the bound); OTHER sends it the whole way through endLine.
   */
  function commonKind(src: string, from: number, to: number, eol: number): LineKind {
    if (from === to) return BLANK;
    if (held + to - from + eol > maxHeld) return OTHER;
    if (isDataLine(src, from)) return DATA;
    return isEventLine(src, from) ? EVENT : OTHER;
  }

  /** endLine for a line commonKind recognised: the same bookkeeping, none of the checks it has already made. */
  function readCommonLine(src: string, from: number, to: number, eol: number, kind: LineKind): void {
    lineNo += 1;
    const lineStart = offset;
    offset += to - from + eol;
    if (eol === 2) countCrlf(to - from);
    else otherLines += 1;
    if (kind === BLANK) return blankLine();
    held += to - from + eol;
    const open = frame ?? (frame = openFrame(lineStart, 1, undefined));
    if (kind === DATA) readData(open, dataValue(src, from, to), 1);
    else readEvent(open, eventValue(src, from, to), 1);
  }

  function countCrlf(width: number): void {
    if (crlfLines === 0) firstCrlfColumn = width + 1;
    crlfLines += 1;
  }

  function endPending(ending: Ending): void {
    const line = pending;
    pending = '';
    endLine(line, 0, line.length, ending);
  }

  /** Reads the line `src[from, to)`: by positions, so the common lines are read without being cut out first. */
  function endLine(src: string, from: number, to: number, ending: Ending): void {
    lineNo += 1;
    const lineStart = offset;
    let eol = 1; // the line ending's length
    if (ending === ENDING_CRLF) {
      eol = 2;
      countCrlf(to - from);
    } else if (ending === ENDING_NONE) eol = 0;
    else otherLines += 1;
    offset += to - from + eol;
    if (stopped) {
      tally.unread += 1;
      return;
    }
    let column = 1;
    let stampText: string | undefined;
    if (stamped !== false && to > from) {
      const stamp = matchStamp(src.slice(from, to));
      if (stamped === null) stamped = stamp !== null;
      if (stamp !== null) {
        from += stamp.length;
        column = stamp.length + 1;
        stampText = stamp.text;
        // Elapsed time counts from the capture's first stamp, whatever line carries it.
        if (!clock.started) clock.elapsed(stampText);
      }
    }
    if (from === to) return blankLine();
    held += to - from + eol;
    if (held > maxHeld) {
      const countedWithFrame = frame !== null;
      stopAtBound(frame?.line ?? lineNo);
      if (!countedWithFrame) tally.unread += 1;
      return;
    }
    if (src.charCodeAt(from) === 58 /* : */) {
      if (frame === null) tally.comments += 1;
      return;
    }
    const open = frame ?? (frame = openFrame(lineStart, column, stampText));
    if (isDataLine(src, from)) readData(open, dataValue(src, from, to), column);
    else if (isEventLine(src, from)) readEvent(open, eventValue(src, from, to), column);
    else readField(open, src.slice(from, to), column);
  }

  /** A blank line: it ends the open frame, if any. */
  function blankLine(): void {
    held = 0;
    if (frame !== null) finishFrame(frame, 'blank', offset);
    else tally.blanks += 1;
  }

  /** Starts a frame in the one reused record: one frame is open at a time, and nothing keeps it after it ends. */
  function openFrame(lineStart: number, column: number, stampText: string | undefined): OpenFrame {
    const opened = spare;
    opened.line = lineNo;
    opened.column = column;
    opened.start = lineStart;
    opened.data = null;
    opened.dataLine = 0;
    opened.dataColumn = 0;
    opened.event = '';
    opened.eventLine = 0;
    opened.eventColumn = 0;
    opened.retry = undefined;
    opened.time = stampText;
    opened.elapsedMs = stampText === undefined ? undefined : clock.elapsed(stampText);
    opened.notes = null;
    opened.bareText = null;
    opened.bareEndLine = 0;
    opened.knownField = false;
    opened.bare = false;
    return opened;
  }

  /** Any field line: split at its first colon, one space after the colon dropped. */
  function readField(open: OpenFrame, line: string, column: number): void {
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case 'data':
        return readData(open, value, column);
      case 'event':
        return readEvent(open, value, column);
      case 'id':
        open.knownField = true;
        if (value.indexOf('\u0000') === -1) lastEventIdBuffer = value;
        return;
      case 'retry':
        open.knownField = true;
        readRetry(open, value, column);
        return;
      default:
        note(open, 'ignored line', ignoredFieldMessage(field), column);
        keepBareLine(open, line);
    }
  }

  function readData(open: OpenFrame, value: string, column: number): void {
    if (open.data === null) {
      open.data = value;
      open.dataLine = lineNo;
      open.dataColumn = column;
    } else open.data = open.data + '\n' + value;
  }

  function readEvent(open: OpenFrame, value: string, column: number): void {
    open.event = value;
    open.eventLine = lineNo;
    open.eventColumn = column;
  }

  function keepBareLine(open: OpenFrame, line: string): void {
    if (open.knownField || open.data !== null || open.eventLine > 0) return;
    open.bareText = open.bareText === null ? line : `${open.bareText}\n${line}`;
    open.bareEndLine = lineNo;
  }

  /**
   * A frame made only of unknown-field lines that together parse as a JSON object or list (Gemini's error body is a
   * list of one): one finding, and keep the text.
   */
  function readBare(open: OpenFrame): string | null {
    const text = open.bareText;
    if (text === null || open.knownField || open.data !== null || open.eventLine > 0) return null;
    const first = text.trimStart().charCodeAt(0);
    if (first !== 123 /* { */ && first !== 91 /* [ */) return null;
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null) return null;
    } catch {
      return null;
    }
    open.notes = null;
    findings.add(
      'ignored line',
      `Lines ${open.line}-${open.bareEndLine} are a JSON document written without \`data:\` framing (${JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 60))}…); a spec client ignores every one of them. It was read anyway so that what it says is not lost. Send it as a \`data:\` line followed by a blank line.`,
      open.line,
      open.column,
      frameCount,
    );
    open.bare = true;
    return text;
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
    const bareText = open.data === null ? readBare(open) : null;
    const hasData = open.data !== null || bareText !== null;
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
      event: open.event === '' ? 'message' : internEvent(open.event),
      data: open.data ?? bareText ?? '',
      lastEventId: lastEventIdBuffer,
      dispatched: open.data !== null && ending === 'blank',
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
      `More than ${maxHeld.toLocaleString('en-US')} characters arrived without a blank line; ${maxHeld === MAX_HELD_CHARS ? 'a reader with the common 1 MiB bound' : 'a reader with this bound (maxHeldChars)'} stops the stream here, and nothing after this point was read. End every frame with a blank line and split very large payloads.`,
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
        pushText(bytes.decode(chunk, { stream: true }), chunk);
      } else {
        throw new TypeError(`sse-reconstruct: push() takes a string or a Uint8Array chunk; it received ${describeArgument(chunk)}.`);
      }
    },
    end() {
      if (!ended) {
        ended = true;
        flushBytes();
        if (pendingCR) {
          pendingCR = false;
          endPending(ENDING_CR);
        } else if (pending.length > 0) endPending(ENDING_NONE);
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
      const summary: DecoderSummary = { lines: { ...tally, total: lineNo }, timestamped: stamped === true, stopped };
      if (streamRetry !== undefined) summary.retry = streamRetry;
      return summary;
    },
  };
}

// `data:` and `event:` lines are recognised and read by position, without cutting out the line or its field name:
// charCodeAt chains beat startsWith(…, position) several times over. A line ending is never ':' or ' ', so looking
// one character past a short line is harmless.

function isDataLine(src: string, at: number): boolean {
  return (
    src.charCodeAt(at) === 100 &&
    src.charCodeAt(at + 1) === 97 &&
    src.charCodeAt(at + 2) === 116 &&
    src.charCodeAt(at + 3) === 97 &&
    src.charCodeAt(at + 4) === 58
  );
}

function isEventLine(src: string, at: number): boolean {
  return (
    src.charCodeAt(at) === 101 &&
    src.charCodeAt(at + 1) === 118 &&
    src.charCodeAt(at + 2) === 101 &&
    src.charCodeAt(at + 3) === 110 &&
    src.charCodeAt(at + 4) === 116 &&
    src.charCodeAt(at + 5) === 58
  );
}

/** The value of the `data:` line `src[at, to)`, one space after the colon dropped. */
function dataValue(src: string, at: number, to: number): string {
  return src.slice(at + (src.charCodeAt(at + 5) === 32 ? 6 : 5), to);
}

function eventValue(src: string, at: number, to: number): string {
  return src.slice(at + (src.charCodeAt(at + 6) === 32 ? 7 : 6), to);
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

// Event names repeat on every frame; a sliced name would keep its whole input chunk alive for as long as the frame is
// kept. One copy per name (of the first few hundred names seen) lets the chunks go.
const EVENT_NAMES = new Map<string, string>();
const EVENT_NAMES_KEPT = 512;

const RECENT_NAMES: string[] = [];

function internEvent(name: string): string {
  // A few names make up almost every frame: comparing with them is cheaper than hashing a fresh slice.
  for (let i = 0; i < RECENT_NAMES.length; i += 1) {
    const recent = RECENT_NAMES[i] as string;
    if (recent === name) return recent;
  }
  const known = EVENT_NAMES.get(name);
  if (known !== undefined && RECENT_NAMES.length < 8) RECENT_NAMES.push(known);
  if (known !== undefined) return known;
  if (EVENT_NAMES.size >= EVENT_NAMES_KEPT || name.length > 64) return name;
  const copy = ownCopy(name);
  EVENT_NAMES.set(copy, copy);
  return copy;
}
