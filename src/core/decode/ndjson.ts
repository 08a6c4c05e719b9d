// The NDJSON framing: one JSON document per line (ndjson-spec 1.0). A line ends at LF (a CR before it is taken off);
// each non-blank line is one frame, placed at its line, column 1. It reads a body as the official NDJSON clients do
// (split on "\n", JSON.parse each part, the unended rest parsed when the body ends).
import { FINDINGS_LISTED_PER_CODE, type FindingList } from '../findings.js';
import { keepShape } from '../keep-shapes.js';
import { SseReconstructError } from '../library-errors.js';
import { describeArgument, grouped, preview } from '../words.js';
import type { DecoderSummary } from './decoder-model.js';
import type { Frame, LineTally, Payload } from './frame.js';
import type { FrameReaderSetup } from './framing.js';
import { heldBound, MAX_HELD_CHARS } from './held-bound.js';
import { readPayload, type FrameCallback, type FrameReader, type ReaderSpeed, type WholeFrameTaker } from './payload.js';

const NOT_JSON: Payload = { kind: 'not json' };
const PLAIN_PAYLOADS = { read: readPayload };

/** Opens an NDJSON reader (the Framing's read half); the options were checked by the caller. */
export function openNdjsonReader(setup: FrameReaderSetup): FrameReader {
  const reading = new NdjsonReading(setup.onFrame, setup.findings, setup.onText, heldBound(setup.options.maxHeldChars, 'maxHeldChars'), setup.speed);
  return { push: (chunk) => reading.push(chunk), end: () => reading.end() };
}

/** One NDJSON stream's state: the line being received, where the next line starts, what was read. */
class NdjsonReading {
  private readonly bytes = new TextDecoder('utf-8', { ignoreBOM: true });
  private bytesPending = false;
  /** The start of a line that no LF has ended yet. */
  private pending = '';
  private sawFirstChar = false;
  private lineNo = 0;
  /** UTF-16 offset of the start of the next line. */
  private offset = 0;
  private readonly tally: LineTally = { total: 0, inFrames: 0, comments: 0, blanks: 0, unread: 0 };
  private frameCount = 0;
  private readableFrames = 0;
  private stopped = false;
  private ended = false;
  /** Blank lines since the last document: named only when a document follows them (trailing whitespace is not). */
  private readonly blanks: number[] = [];
  private blanksPast = 0;
  /** The speed layer's lane for whole frames (a line is one), and its payload reader; none without speed. */
  private readonly lane: WholeFrameTaker | null;
  private readonly payloads: ReaderSpeed['payloads'];

  constructor(
    private readonly onFrame: FrameCallback,
    private readonly findings: FindingList,
    private readonly onText: ((text: string, bytes?: Uint8Array) => void) | undefined,
    private readonly maxHeld: number,
    speed: ReaderSpeed | null,
  ) {
    this.lane = speed?.wholeFrames ?? null;
    this.payloads = speed?.payloads ?? PLAIN_PAYLOADS;
  }

  push(chunk: string | Uint8Array): void {
    if (this.ended) throw new SseReconstructError('ERR_SSE_STATE', 'sse-reconstruct: push() was called after end(); create a new reader for a new stream.');
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

  end(): DecoderSummary & { frameCount: number; readableFrames: number } {
    if (!this.ended) {
      this.ended = true;
      this.flushBytes();
      if (this.pending.length > 0) {
        const line = this.pending;
        this.pending = '';
        this.readLine(line, 0);
      }
      if (this.readableFrames === 0 && !this.stopped) this.noteEmpty();
    }
    const lines = { ...this.tally, total: this.lineNo };
    return { lines, timestamped: false, stopped: this.stopped, lastEventId: '', frameCount: this.frameCount, readableFrames: this.readableFrames };
  }

  private pushText(text: string, from?: Uint8Array): void {
    const onText = this.onText;
    if (onText !== undefined && (text.length > 0 || from !== undefined)) onText(text, from);
    if (text.length === 0) return;
    let start = this.sawFirstChar ? 0 : this.takeBom(text);
    let lf = text.indexOf('\n', start);
    while (lf !== -1) {
      if (this.pending.length > 0) {
        const line = this.pending + text.slice(start, lf);
        this.pending = '';
        this.readLine(line, 1);
      } else if (!this.takeWhole(text, start, lf)) this.readLine(text.slice(start, lf), 1);
      start = lf + 1;
      lf = text.indexOf('\n', start);
    }
    if (start < text.length) this.holdRest(text, start);
  }

  /**
   * A line `text[start, lf)` the lane takes whole (its shape known, read() would only add its pieces): counted as
   * readLine counts a document, without a frame or a value being made. False: read it line by line.
   */
  private takeWhole(text: string, start: number, lf: number): boolean {
    const lane = this.lane;
    const width = lf + 1 - start;
    // Blank lines held before it are named when a document follows them: readLine does that.
    if (lane === null || this.stopped || this.blanks.length > 0 || width > this.maxHeld) return false;
    const to = lf > start && text.charCodeAt(lf - 1) === 13 ? lf - 1 : lf;
    if (!lane.take('message', text, start, to, this.frameCount, this.lineNo + 1, this.offset, this.offset + width)) return false;
    this.lineNo += 1;
    this.offset += width;
    this.tally.inFrames += 1;
    this.frameCount += 1;
    this.readableFrames += 1;
    return true;
  }

  /** Takes off a BOM that starts the stream; returns where its text starts. */
  private takeBom(text: string): number {
    this.sawFirstChar = true;
    if (text.charCodeAt(0) !== 0xfeff) return 0;
    this.findings.add('bom', 'The input starts with a byte-order mark (U+FEFF); it was taken off. JSON.parse fails on it, so a reader that does not take it off loses the first line: remove it where the server writes it.', 1, 1);
    this.offset = 1;
    return 1;
  }

  /** Keeps the start of a line the next chunk finishes; past the bound the stream stops, as a bounded reader does. */
  private holdRest(text: string, start: number): void {
    if (this.stopped) {
      this.pending = ' '; // only that a line is open: its text is not read
      return;
    }
    this.pending += text.slice(start);
    if (this.pending.length > this.maxHeld) {
      this.stopAtBound(this.lineNo + 1);
      this.pending = ' ';
    }
  }

  /** A line, without its LF; `eol`: 1 when an LF ended it, 0 for the unended last line. */
  private readLine(line: string, eol: number): void {
    this.lineNo += 1;
    const start = this.offset;
    this.offset += line.length + eol;
    if (this.stopped) {
      this.tally.unread += 1;
      return;
    }
    if (line.length + eol > this.maxHeld) {
      this.tally.unread += 1;
      return this.stopAtBound(this.lineNo);
    }
    const data = line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
    if (isBlank(data)) return this.blankLine();
    this.tally.inFrames += 1;
    if (this.blanks.length > 0) this.nameBlankLines();
    const frame: Frame = { index: this.frameCount, event: 'message', data, lastEventId: '', dispatched: true, line: this.lineNo, endLine: this.lineNo, start, end: this.offset };
    this.frameCount += 1;
    const read = this.payloads.read(data);
    // `[DONE]` is an SSE sentinel: on an NDJSON line it is text JSON.parse fails on.
    const payload = read.kind === 'done' ? NOT_JSON : read;
    if (eol === 0) return this.readLastLine(frame, payload);
    if (payload.kind === 'not json') this.noteNotJson(frame);
    this.readableFrames += 1;
    this.onFrame(frame, payload);
    if (this.lane !== null && payload.kind === 'json') this.lane.learn(frame, payload.value);
  }

  /** The last line, no LF after it: a reader parses it at the end, so it counts when it parses, else it was cut. */
  private readLastLine(frame: Frame, payload: Payload): void {
    if (payload.kind === 'not json') {
      this.findings.add(
        'cut',
        `The stream stops inside line ${frame.line}: it has no line end and does not parse as JSON (${preview(frame.data)}). Find what closed the connection early.`,
        frame.line,
        1,
        frame.index,
      );
      return this.onFrame(frame, null);
    }
    this.findings.add(
      'unterminated',
      `Line ${frame.line} is the last one and no line end follows it. NDJSON readers parse such a last line when the body ends, so it was read; a writer ends every line with "\\n", and a missing one may mean the body was cut at a line's end.`,
      frame.line,
      1,
      frame.index,
    );
    this.readableFrames += 1;
    this.onFrame(frame, payload);
  }

  /** A blank line: held (its line number, within the listed few) until a document after it shows it is between two. */
  private blankLine(): void {
    this.tally.blanks += 1;
    if (this.blanks.length < FINDINGS_LISTED_PER_CODE) this.blanks.push(this.lineNo);
    else this.blanksPast += 1;
  }

  /** Whitespace after the last document is how many writers end a body; a blank line between documents is not. */
  private nameBlankLines(): void {
    for (const line of this.blanks) {
      const message = this.findings.lists('blank line')
        ? `Line ${line} is blank. NDJSON has one JSON document on every line: a strict reader fails on it (JSON.parse of an empty line throws), a lenient one skips it. It was skipped. Write no blank lines between documents.`
        : '';
      this.findings.add('blank line', message, line, 1);
    }
    // Past the listed few only the count is kept.
    for (; this.blanksPast > 0; this.blanksPast -= 1) this.findings.add('blank line', '', 0, 0);
    this.blanks.length = 0;
  }

  private noteNotJson(frame: Frame): void {
    if (!this.findings.lists('not json')) return this.findings.add('not json', '', frame.line, 1, frame.index);
    this.findings.add('not json', `Line ${frame.line} is not a JSON document (${preview(frame.data)}); a reader skips it or fails. Write one JSON document per line.`, frame.line, 1, frame.index);
  }

  private noteEmpty(): void {
    this.findings.add(
      'empty',
      this.frameCount === 0 ? 'No line holds a JSON document: the input is empty or blank. Pass the body of an NDJSON response.' : `None of the ${this.frameCount} line(s) is a readable JSON document. Pass the body of an NDJSON response.`,
      0,
      0,
    );
  }

  private stopAtBound(line: number): void {
    this.stopped = true;
    const maxHeld = this.maxHeld;
    this.findings.add(
      'too large',
      `Line ${line} is longer than ${grouped(maxHeld)} characters; ${maxHeld === MAX_HELD_CHARS ? 'a reader with the common 1 MiB bound' : 'a reader with this bound (maxHeldChars)'} stops the stream here, and nothing after this point was read. Split very large documents.`,
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

/** True for a line of JSON whitespace only (space, tab, CR). */
function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i += 1) {
    const code = line.charCodeAt(i);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}

keepShape(new NdjsonReading(() => undefined, null as unknown as FindingList, undefined, 1, null));
