import { FindingList } from '../findings.js';
import { openDecoder, type DecodeOptions, type DecoderCallbacks, type DecoderSummary, type FrameEnding, type FrameMarks, type FrameTaker } from './decoder.js';
import type { Frame, Payload } from './frame.js';
import { MAX_NESTING, parseJson } from '../json-depth.js';
import { preview } from '../words.js';
import { keepShape } from '../keep-shapes.js';

/** For inspect/problems.ts, which imports it from here. */
export { preview };

const DONE: Payload = { kind: 'done' };
const NOT_JSON: Payload = { kind: 'not json' };
/** Also not JSON to a reader, but JSON.parse read it: nested past MAX_NESTING (its own object, to name it so). */
const TOO_DEEP: Payload = { kind: 'not json' };

/** Reads a frame's data once: JSON, the `[DONE]` sentinel, or neither (so is JSON nested past MAX_NESTING). */
export function readPayload(data: string): Payload {
  const first = data.charCodeAt(0);
  if (first === 91 /* [ */ && data.length <= 8 && data.trim() === '[DONE]') return DONE;
  // A SyntaxError costs microseconds (its stack is captured): data no JSON text can start like is not parsed.
  if (cannotBeJson(data)) return data.trim() === '[DONE]' ? DONE : NOT_JSON;
  try {
    return { kind: 'json', value: parseJson(data) };
  } catch (error) {
    if (error instanceof RangeError) return TOO_DEEP;
    if (data.trim() === '[DONE]') return DONE;
    return NOT_JSON;
  }
}

/** True when no JSON text starts as `data` does (after JSON's whitespace): false is only "maybe". */
function cannotBeJson(data: string): boolean {
  let at = 0;
  let code = data.charCodeAt(0);
  while (code === 32 || code === 9 || code === 10 || code === 13) code = data.charCodeAt(++at);
  // `{`, `[`, `"`, `-`, a digit.
  if (code === 123 || code === 91 || code === 34 || code === 45 || (code >= 48 && code <= 57)) return false;
  // `t`, `f`, `n`: only the three literals.
  if (code === 116 || code === 102 || code === 110) {
    const word = data.trim();
    return word !== 'true' && word !== 'false' && word !== 'null';
  }
  return true;
}

/** A frame with what its data held; `payload` is null when there is nothing to read (no data, or cut off). */
export type FrameCallback = (frame: Frame, payload: Payload | null) => void;

/** A streaming frame reader: push chunks, then `end()` for the summary and the frame counts. */
export interface FrameReader {
  push(chunk: string | Uint8Array): void;
  end(): DecoderSummary & { frameCount: number; readableFrames: number };
}

/**
 * What the speed layer lends a frame reader (src/core/fast): a taker of whole frames of a learned shape, which it
 * learns from the frames read line by line, and a reader of frame data that gives what readPayload gives, faster.
 */
export interface ReaderSpeed {
  taker: FrameTaker & {
    /** Frames taken whole so far: each was a readable JSON frame. */
    readonly taken: number;
    learn(frame: Frame, value: unknown, hasEventLine: boolean): void;
  };
  payloads: { read(data: string): Payload };
  /** The lane of the framings whose frames come whole (NDJSON, the AWS event stream). */
  wholeFrames: WholeFrameTaker;
}

/**
 * What the speed layer lends a framing whose frames arrive whole, their data already cut out (an NDJSON line, a
 * binary message): it takes a frame whose data fits a shape it learned for that event, from the frames read the
 * long way.
 */
export interface WholeFrameTaker {
  /**
   * Takes the frame whose data is `text[from, to)` when it fits a learned shape for `event` and the format applied it
   * (or it was built and handed on): true. False: nothing was done, read it the long way. `line`: its line (0 for a
   * binary framing); `start`, `end`: its offsets, as the framing counts them.
   */
  take(event: string, text: string, from: number, to: number, index: number, line: number, start: number, end: number): boolean;
  /** Frames taken whole so far. */
  readonly taken: number;
  /** A frame read the long way, whose data parsed to `value`: its shape may be learned. */
  learn(frame: Frame, value: unknown): void;
}

const PLAIN_PAYLOADS = { read: readPayload };

/**
 * The decoder plus the one JSON read of each frame: names frames whose data is not JSON, and tells a stream cut
 * inside its last frame from one whose last frame only lacks the blank line after it. Options already checked.
 */
export function openFrameReader(
  onFrame: FrameCallback,
  findings: FindingList,
  onText?: (text: string, bytes?: Uint8Array) => void,
  options: DecodeOptions = {},
  speed: ReaderSpeed | null = null,
  live = false,
): FrameReader {
  const reading = new PayloadReading(onFrame, findings, speed, live);
  const callbacks: DecoderCallbacks = {
    onFrame: (frame, ending, hasData, marks) => reading.frame(frame, ending, hasData, marks),
    ...(onText ? { onText } : {}),
    ...(options.maxHeldChars !== undefined ? { maxHeldChars: options.maxHeldChars } : {}),
  };
  const decoder = openDecoder(callbacks, findings, speed?.taker);
  return {
    push: (chunk) => decoder.push(chunk),
    end: () => reading.end(decoder.end()),
  };
}

/** One stream's frames as they come from the decoder: each frame's data read once, and counted. */
class PayloadReading {
  private frameCount = 0;
  private readableFrames = 0;
  private readonly payloads: ReaderSpeed['payloads'];

  constructor(
    private readonly onFrame: FrameCallback,
    private readonly findings: FindingList,
    private readonly speed: ReaderSpeed | null,
    /** A live read: a last frame no blank line ends is judged as a spec client does (never dispatched). */
    private readonly live: boolean,
  ) {
    this.payloads = speed?.payloads ?? PLAIN_PAYLOADS;
  }

  frame(frame: Frame, ending: FrameEnding, hasData: boolean, marks: FrameMarks): void {
    this.frameCount += 1;
    if (!hasData) return this.onFrame(frame, null);
    const payload = this.payloads.read(frame.data);
    if (ending === 'eof' && !marks.bare) return this.readTail(frame, payload, marks);
    if (payload.kind === 'not json') reportNotJson(frame, payload, this.findings, marks);
    this.readableFrames += 1;
    this.onFrame(frame, payload);
    if (this.speed !== null && payload.kind === 'json' && ending === 'blank' && !marks.bare) this.speed.taker.learn(frame, payload.value, marks.dataLine === frame.line + 1);
  }

  end(summary: DecoderSummary): DecoderSummary & { frameCount: number; readableFrames: number } {
    const taken = this.speed?.taker.taken ?? 0;
    const frameCount = this.frameCount + taken;
    const readableFrames = this.readableFrames + taken;
    if (readableFrames === 0 && !summary.stopped) {
      this.findings.add(
        'empty',
        frameCount === 0
          ? 'No frame was found: the input has no `data:` line followed by a blank line. Pass the body of a text/event-stream response, not its headers or a JSON body.'
          : `No frame carried data: the ${frameCount} frame(s) found have no readable \`data:\` line. Pass the body of a text/event-stream response.`,
        0,
        0,
      );
    }
    return { ...summary, frameCount, readableFrames };
  }

  private readTail(frame: Frame, payload: Payload, marks: FrameMarks): void {
    if (payload.kind === 'not json') {
      this.findings.add(
        'cut',
        `The stream stops inside frame ${frame.index} (line ${frame.line}): it has no blank line after it and its data does not parse (${preview(frame.data)}). Find what closed the connection early.`,
        frame.line,
        marks.column,
        frame.index,
      );
      return this.onFrame(frame, null);
    }
    // One rule: pasted text is read leniently (a terminal may drop the last blank line); a live read, as a spec client.
    const [code, message] = this.live
      ? (['not dispatched', `Frame ${frame.index} (line ${frame.line}) is the last one and no blank line ends it, so a spec client never dispatches it: in a live read the stream did not finish. It is listed and assembled here so nothing is hidden. Write a blank line after every frame, the last one included.`] as const)
      : (['unterminated', `Frame ${frame.index} (line ${frame.line}) is the last one and has no blank line after it. Pasted text is read leniently (a terminal may drop the last blank line), so it was read; a live read of the same bytes does not finish, because a spec client never dispatches that frame. Write a blank line after every frame.`] as const);
    this.findings.add(code, message, frame.line, marks.column, frame.index);
    this.readableFrames += 1;
    this.onFrame(frame, payload);
  }
}

/** Named at the frame's first data line: that is where the value that does not parse starts. */
function reportNotJson(frame: Frame, payload: Payload, findings: FindingList, marks: FrameMarks): void {
  if (payload === TOO_DEEP) {
    const message = `Frame ${frame.index}'s data is JSON nested more than ${MAX_NESTING} levels deep (${preview(frame.data)}); copying or printing it would overflow the stack, so it was skipped.`;
    findings.add('too deep', message, marks.dataLine, marks.dataColumn, frame.index);
    return;
  }
  if (isCommentAsData(frame.data)) return reportCommentAsData(frame, findings, marks);
  // Past the listed few, a finding is only counted: its message is not made.
  if (!findings.lists('not json')) return findings.add('not json', '', marks.dataLine, marks.dataColumn, frame.index);
  const lines = frame.data.split('\n');
  const eachParses = lines.length > 1 && lines.every((line) => readPayload(line).kind !== 'not json');
  const message = eachParses
    ? `Frame ${frame.index} has ${lines.length} \`data:\` lines with no blank line between them. A spec client joins them into one data value with newlines, and that is not JSON, though each line parses alone. Put a blank line after every JSON document.`
    : `Frame ${frame.index}'s data is neither JSON nor [DONE] (${preview(frame.data)}); it was skipped. Send one JSON document per frame.`;
  findings.add('not json', message, marks.dataLine, marks.dataColumn, frame.index);
}

/** `data: : keepalive`: only a line that starts with a colon is a comment; after `data:` the colon is data. */
function isCommentAsData(data: string): boolean {
  return data.trimStart().charCodeAt(0) === 58; /* : */
}

function reportCommentAsData(frame: Frame, findings: FindingList, marks: FrameMarks): void {
  if (!findings.lists('comment as data')) return findings.add('comment as data', '', marks.dataLine, marks.dataColumn, frame.index);
  const message = `Frame ${frame.index}'s data is ${preview(frame.data)}: a comment written after \`data:\`, so a client receives it as a message and its JSON parse fails. A comment is a line of its own that starts with a colon (\`: keepalive\`), then a blank line; drop the \`data:\` before it.`;
  findings.add('comment as data', message, marks.dataLine, marks.dataColumn, frame.index);
}

keepShape(new PayloadReading(() => undefined, new FindingList(), null, false));
