import { FindingList } from '../findings.js';
import { checkDecoderCallbacks } from '../options.js';
import type { Frame, LineTally } from './frame.js';
import type { DecoderCallbacks, DecoderSummary, EventStreamDecoder, FrameEnding, FrameTaker } from './decoder-model.js';
import { heldFloor, matchStamp, StampClock, UndecidedLines } from './timestamps.js';
import { heldBound, MAX_HELD_CHARS } from './held-bound.js';
import { describeArgument, grouped } from '../words.js';
import { keepShape } from '../keep-shapes.js';
import { internEvent } from './event-names.js';
import { emptyOpenFrame, flushNotes, type OpenFrame, readBare, readData, readEvent, readField, type StreamFields } from './field-lines.js';
import { BLANK, DATA, dataValue, type Ending, ENDING_CR, ENDING_CRLF, ENDING_LF, ENDING_NONE, EVENT, eventValue, isDataLine, isEventLine, type LineKind, OTHER } from './line-kinds.js';
import { SseReconstructError } from '../library-errors.js';

export type { DecodeOptions, DecoderCallbacks, DecoderSummary, EventStreamDecoder, FrameEnding, FrameMarks, FrameTaker } from './decoder-model.js';

/**
 * Told when a blank line ending in a CR, the last character of a chunk, ends a frame that a spec client dispatches:
 * `end` is the offset just past the CR. A CR is a line end by itself, so the frame has ended; the decoder hands it
 * over only with the next chunk, which tells whether an LF makes the CR a CRLF (then its `end` is one further).
 */
export type CREndListener = (end: number) => void;

/**
 * An incremental event-stream decoder following the WHATWG "interpreting an event stream" rules, which remembers
 * where every frame was and names every line a spec client would read differently from what its writer meant.
 * Any way of cutting the input into chunks gives the same frames and findings.
 */
export function createDecoder(callbacks: DecoderCallbacks, findings = new FindingList()): EventStreamDecoder {
  checkDecoderCallbacks(callbacks);
  return openDecoder(callbacks, findings);
}

/**
 * createDecoder, its callbacks checked; `taker`: the speed layer's, which takes whole frames of a learned shape;
 * `onEndAtCR`: told at once when a frame ends at a CR that ends a chunk (see CREndListener).
 */
export function openDecoder(callbacks: DecoderCallbacks, findings: FindingList, taker?: FrameTaker, onEndAtCR?: CREndListener): EventStreamDecoder {
  const decoder = new LineDecoder(callbacks, findings, taker, onEndAtCR);
  // A plain object, as it always was: its methods may be taken off it and called alone.
  return {
    findings,
    push: (chunk) => decoder.push(chunk),
    end: () => decoder.end(),
  };
}

/** One stream's state and its line loop: an instance per stream, the methods shared by every stream. */
class LineDecoder implements StreamFields {
  private readonly onFrame: DecoderCallbacks['onFrame'];
  private readonly onText: DecoderCallbacks['onText'];
  private readonly lane: FrameTaker | undefined;
  private readonly onEndAtCR: CREndListener | undefined;
  private readonly maxHeld: number;
  private readonly bytes = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly clock = new StampClock();
  private readonly tally: LineTally = { total: 0, inFrames: 0, comments: 0, blanks: 0, unread: 0 };
  /** The line being received, not yet ended. */
  private pending = '';
  /** `pending` ended at a CR that was the last character of a chunk. */
  private pendingCR = false;
  private sawFirstChar = false;
  private bytesPending = false;
  lineNo = 0;
  /** UTF-16 offset of the start of the next line. */
  private offset = 0;
  /** Whether stamps are taken off: null until known (see UndecidedLines). */
  private stamped: boolean | null = null;
  private readonly undecided = new UndecidedLines();
  /** Characters held since the last blank line. */
  private held = 0;
  private stopped = false;
  private frame: OpenFrame | null = null;
  /** The one record every frame is read into: one frame is open at a time, and nothing keeps it after it ends. */
  private readonly spare: OpenFrame = emptyOpenFrame();
  private frameCount = 0;
  lastEventId = '';
  /** The id buffer as the last blank line found it: what a reconnecting client sends. */
  private dispatchedEventId = '';
  streamRetry: number | undefined = undefined;
  /** Whether the line being read had an ending: an unended last line is never read by a spec client. */
  lineEnded = true;
  private crlfLines = 0;
  private otherLines = 0;
  private firstCrlfColumn = 0;
  private ended = false;

  constructor(
    callbacks: DecoderCallbacks,
    private readonly findings: FindingList,
    taker?: FrameTaker,
    onEndAtCR?: CREndListener,
  ) {
    this.onFrame = callbacks.onFrame;
    this.onText = callbacks.onText;
    this.lane = taker;
    this.onEndAtCR = onEndAtCR;
    this.maxHeld = heldBound(callbacks.maxHeldChars, 'maxHeldChars');
    if (callbacks.timestamps === false) this.stamped = false;
  }

  push(chunk: string | Uint8Array): void {
    if (this.ended) throw new SseReconstructError('ERR_SSE_STATE', 'sse-reconstruct: push() was called after end(); create a new decoder for a new stream.');
    if (typeof chunk === 'string') {
      this.flushBytes();
      this.pushText(chunk);
    } else if (chunk instanceof Uint8Array) {
      this.bytesPending = true;
      this.pushText(this.bytes.decode(chunk, { stream: true }), chunk);
    } else {
      throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: push() takes a string or a Uint8Array chunk; it received ${describeArgument(chunk)}.`);
    }
  }

  end(): DecoderSummary {
    if (!this.ended) this.endInput();
    const summary: DecoderSummary = { lines: { ...this.tally, total: this.lineNo }, timestamped: this.stamped === true, stopped: this.stopped, lastEventId: this.dispatchedEventId };
    if (this.streamRetry !== undefined) summary.retry = this.streamRetry;
    return summary;
  }

  private endInput(): void {
    this.ended = true;
    this.flushBytes();
    if (this.pendingCR) {
      this.pendingCR = false;
      this.endPending(ENDING_CR);
    } else if (this.pending.length > 0) this.endPending(ENDING_NONE);
    if (this.stamped === null) this.decideStamps(true);
    if (this.frame !== null) this.finishFrame(this.frame, 'eof', this.offset);
    if (!this.stopped && this.crlfLines > 0 && this.otherLines === 0 && this.stamped !== true) {
      this.findings.add(
        'crlf',
        'Every line ends in \\r\\n. Spec clients read it; a reader that splits frames on "\\n\\n" finds no frame at all. It was read as the spec reads it.',
        1,
        this.firstCrlfColumn,
      );
    }
  }

  private pushText(text: string, from?: Uint8Array): void {
    const onText = this.onText;
    if (onText !== undefined && (text.length > 0 || from !== undefined)) onText(text, from);
    if (text.length === 0) return;
    let start = this.sawFirstChar ? 0 : this.takeBom(text);
    if (this.pendingCR) {
      // The CR that ended the last chunk: with an LF here it was a CRLF.
      this.pendingCR = false;
      const crlf = text.charCodeAt(start) === 10;
      if (crlf) start += 1;
      this.endPending(crlf ? ENDING_CRLF : ENDING_CR);
    }
    start = this.readLines(text, start);
    if (start < text.length) this.holdRest(text.slice(start));
  }

  /** Takes off a BOM that starts the stream; returns where its text starts. */
  private takeBom(text: string): number {
    this.sawFirstChar = true;
    if (text.charCodeAt(0) !== 0xfeff) return 0;
    this.findings.add('bom', 'The input starts with a byte-order mark (U+FEFF); it was taken off, as a spec client does. Remove it where the capture or the server writes it.', 1, 1);
    this.offset = 1;
    return 1;
  }

  /** Reads every line `text` ends, from `start`; returns where the unfinished rest begins (the length if none). */
  private readLines(text: string, start: number): number {
    const length = text.length;
    const lane = this.lane;
    let lf = -2;
    let cr = -2;
    while (start < length) {
      if (lane !== undefined && this.frame === null && this.stamped === false && !this.stopped && this.pending.length === 0) {
        const taken = lane.take(text, start, this.frameCount, this.lineNo + 1, this.offset, this.lastEventId, this.maxHeld - this.held);
        if (taken > 0) {
          this.countTaken(lane, taken);
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
          this.pending += text.slice(start, cr);
          this.pendingCR = true;
          if (this.onEndAtCR !== undefined) this.tellEndAtCR(this.onEndAtCR);
          return length;
        }
        lineEnd = cr;
        ending = text.charCodeAt(cr + 1) === 10 ? ENDING_CRLF : ENDING_CR;
      }
      const next = lineEnd + (ending === ENDING_CRLF ? 2 : 1);
      this.readLine(text, start, lineEnd, next - lineEnd, ending);
      start = next;
    }
    return start;
  }

  /** A line this chunk ends, with the start of it the last chunk held, if any. */
  private readLine(text: string, start: number, lineEnd: number, eol: number, ending: Ending): void {
    if (this.pending.length === 0) {
      const kind = this.stamped === false && !this.stopped ? this.commonKind(text, start, lineEnd, eol) : OTHER;
      if (kind === OTHER) this.endLine(text, start, lineEnd, ending);
      else this.readCommonLine(text, start, lineEnd, eol, kind);
    } else {
      this.pending += text.slice(start, lineEnd);
      this.endPending(ending);
    }
  }

  /** The held CR ends a blank line: when it ends a frame a spec client dispatches, says so now (see CREndListener). */
  private tellEndAtCR(onEndAtCR: CREndListener): void {
    if (this.pending.length === 0 && this.frame !== null && this.frame.data !== null && this.stamped === false && !this.stopped) onEndAtCR(this.offset + 1);
  }

  /** The bookkeeping of a frame the lane took whole: its lines, its offset, one more frame. */
  private countTaken(lane: FrameTaker, taken: number): void {
    const lines = lane.lines;
    const crlf = lane.crlfLines;
    this.lineNo += lines;
    this.offset += taken;
    this.tally.inFrames += lines;
    this.crlfLines += crlf;
    this.otherLines += lines - crlf;
    this.held = 0;
    this.dispatchedEventId = this.lastEventId;
    this.frameCount += 1;
  }

  /** Keeps the start of a line the next chunk finishes, unless holding it would cross the bound. */
  private holdRest(rest: string): void {
    this.pending += rest;
    const maxHeld = this.maxHeld;
    // Stop as soon as the unfinished line is sure to cross the bound, naming what ending it would name.
    if (!this.stopped && this.held + this.pending.length > maxHeld && this.held + this.heldLength(this.pending) > maxHeld) {
      if (this.stamped === null) {
        // Its whole would decide at its end, as a line with a stamp or without one: decide the same way now.
        const stamped = matchStamp(this.pending) !== null;
        if (stamped) this.undecided.sawStamp = true;
        this.decideStamps(stamped);
      }
      if (!this.stopped) this.stopAtBound(this.frame?.line ?? this.lineNo + 1);
    }
    if (this.stopped) this.pending = ' '; // keep only that a line is open: its text is not read
  }

  /**
   * Which of the lines every stream is made of this is (blank, `data:`, `event:`), when nothing else about it needs
   * a look (no stamp, not held past the bound); OTHER sends it the whole way through endLine.
   */
  private commonKind(src: string, from: number, to: number, eol: number): LineKind {
    if (from === to) return BLANK;
    if (this.held + to - from + eol > this.maxHeld) return OTHER;
    if (isDataLine(src, from)) return DATA;
    return isEventLine(src, from) ? EVENT : OTHER;
  }

  /** endLine for a line commonKind recognised: the same bookkeeping, none of the checks it has already made. */
  private readCommonLine(src: string, from: number, to: number, eol: number, kind: LineKind): void {
    this.lineNo += 1;
    const lineStart = this.offset;
    this.offset += to - from + eol;
    if (eol === 2) this.countCrlf(to - from);
    else this.otherLines += 1;
    if (kind === BLANK) return this.blankLine();
    this.held += to - from + eol;
    const open = this.frame ?? (this.frame = this.openFrame(lineStart, 1, undefined));
    if (kind === DATA) readData(open, dataValue(src, from, to), 1, this.lineNo);
    else readEvent(open, eventValue(src, from, to), 1, this.lineNo);
  }

  private countCrlf(width: number): void {
    if (this.crlfLines === 0) this.firstCrlfColumn = width + 1;
    this.crlfLines += 1;
  }

  private endPending(ending: Ending): void {
    const line = this.pending;
    this.pending = '';
    this.endLine(line, 0, line.length, ending);
  }

  /** Reads the line `src[from, to)`: by positions, so the common lines are read without being cut out first. */
  private endLine(src: string, from: number, to: number, ending: Ending): void {
    if (this.stamped === null && this.holdUndecided(src.slice(from, to), ending)) return;
    this.lineNo += 1;
    const lineStart = this.offset;
    let eol = 1; // the line ending's length
    if (ending === ENDING_CRLF) {
      eol = 2;
      this.countCrlf(to - from);
    } else if (ending === ENDING_NONE) eol = 0;
    else this.otherLines += 1;
    this.lineEnded = ending !== ENDING_NONE;
    this.offset += to - from + eol;
    if (this.stopped) {
      this.tally.unread += 1;
      return;
    }
    let column = 1;
    let stampText: string | undefined;
    if (this.stamped === true && to > from) {
      const stamp = matchStamp(src.slice(from, to));
      if (stamp !== null) {
        from += stamp.length;
        column = stamp.length + 1;
        stampText = stamp.text;
        // Elapsed time counts from the capture's first stamp, whatever line carries it.
        if (!this.clock.started) this.clock.elapsed(stampText);
      }
    }
    if (from === to) return this.blankLine();
    this.readFieldLine(src, from, to, eol, lineStart, column, stampText);
  }

  /**
   * Holds a line while every non-empty line so far carries a stamp; false (holding nothing) when this one is the
   * first that does not, which decides that the capture's lines are read as they are.
   */
  private holdUndecided(line: string, ending: Ending): boolean {
    const stamped = line.length > 0 && matchStamp(line) !== null;
    if (line.length > 0 && !stamped) {
      this.decideStamps(false);
      return false;
    }
    // A line sure to pass the bound decides at once, as its start does when it arrives in pieces (holdRest).
    if (this.undecided.hold(line, ending, stamped) || heldFloor(line) > this.maxHeld) this.decideStamps(true);
    return true;
  }

  /** Whether the capture's stamps are taken off, known now: the lines held are read. */
  private decideStamps(everyLineStamped: boolean): void {
    this.stamped = everyLineStamped && this.undecided.sawStamp;
    const { texts, endings } = this.undecided.take();
    for (let i = 0; i < texts.length; i += 1) {
      const text = texts[i] as string;
      this.endLine(text, 0, text.length, endings[i] as Ending);
    }
  }

  /** A line that is not blank, its stamp taken off: held within the bound, a comment, or a field of the frame. */
  private readFieldLine(src: string, from: number, to: number, eol: number, lineStart: number, column: number, stampText: string | undefined): void {
    this.held += to - from + eol;
    if (this.held > this.maxHeld) {
      const countedWithFrame = this.frame !== null;
      this.stopAtBound(this.frame?.line ?? this.lineNo);
      if (!countedWithFrame) this.tally.unread += 1;
      return;
    }
    if (src.charCodeAt(from) === 58 /* : */) {
      if (this.frame === null) this.tally.comments += 1;
      return;
    }
    const open = this.frame ?? (this.frame = this.openFrame(lineStart, column, stampText));
    if (isDataLine(src, from)) readData(open, dataValue(src, from, to), column, this.lineNo);
    else if (isEventLine(src, from)) readEvent(open, eventValue(src, from, to), column, this.lineNo);
    else readField(this, open, src.slice(from, to), column);
  }

  /** A blank line: it ends the open frame, if any. */
  private blankLine(): void {
    this.held = 0;
    this.dispatchedEventId = this.lastEventId;
    if (this.frame !== null) this.finishFrame(this.frame, 'blank', this.offset);
    else this.tally.blanks += 1;
  }

  /** Starts a frame in the one reused record. */
  private openFrame(lineStart: number, column: number, stampText: string | undefined): OpenFrame {
    const opened = this.spare;
    opened.line = this.lineNo;
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
    opened.elapsedMs = stampText === undefined ? undefined : this.clock.elapsed(stampText);
    opened.notes = null;
    opened.bareText = null;
    opened.bareEndLine = 0;
    opened.knownField = false;
    opened.bare = false;
    return opened;
  }

  private finishFrame(open: OpenFrame, ending: FrameEnding, endOffset: number): void {
    this.frame = null;
    this.tally.inFrames += this.lineNo - open.line + 1;
    const bareText = open.data === null ? readBare(open, this.findings, this.frameCount) : null;
    const hasData = open.data !== null || bareText !== null;
    flushNotes(open, this.findings, this.frameCount);
    if (!hasData && open.eventLine > 0) {
      this.findings.add(
        'ignored line',
        `\`event: ${open.event}\` names an event in a frame with no \`data:\` line, so nothing is dispatched for it. Add a \`data:\` line if the event matters.`,
        open.eventLine,
        open.eventColumn,
        this.frameCount,
      );
    }
    const result: Frame = {
      index: this.frameCount,
      event: open.event === '' ? 'message' : internEvent(open.event),
      data: open.data ?? bareText ?? '',
      lastEventId: this.lastEventId,
      dispatched: open.data !== null && ending === 'blank',
      line: open.line,
      endLine: this.lineNo,
      start: open.start,
      end: endOffset,
    };
    if (open.retry !== undefined) result.retry = open.retry;
    if (open.time !== undefined) result.time = open.time;
    if (open.elapsedMs !== undefined) result.elapsedMs = open.elapsedMs;
    this.frameCount += 1;
    // Called alone, as the callback always was (not as a method of this decoder).
    const onFrame = this.onFrame;
    onFrame(result, ending, hasData, open);
  }

  /** The fewest characters an unfinished line adds to what is held, its capture timestamp taken off. */
  private heldLength(line: string): number {
    return this.stamped === false ? line.length : heldFloor(line);
  }

  private stopAtBound(line: number): void {
    this.stopped = true;
    const frame = this.frame;
    if (frame !== null) {
      // The frame being held is not read: its lines so far become unread (findings about them stand).
      this.tally.unread += this.lineNo - frame.line + 1;
      flushNotes(frame, this.findings, undefined);
      this.frame = null;
    }
    const maxHeld = this.maxHeld;
    this.findings.add(
      'too large',
      `More than ${grouped(maxHeld)} characters arrived without a blank line; ${maxHeld === MAX_HELD_CHARS ? 'a reader with the common 1 MiB bound' : 'a reader with this bound (maxHeldChars)'} stops the stream here, and nothing after this point was read. End every frame with a blank line and split very large payloads.`,
      line,
      1,
    );
  }

  private flushBytes(): void {
    if (!this.bytesPending) return;
    this.bytesPending = false;
    this.pushText(this.bytes.decode());
  }
}

keepShape(new LineDecoder({ onFrame: () => undefined }, new FindingList()));
