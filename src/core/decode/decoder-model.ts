// The decoder's public shapes: its options and callbacks, what it hands over, and what it sums up at the end.
import type { CollectedFindings } from '../findings.js';
import type { Frame, LineTally } from './frame.js';

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

/** What `createDecoder()` calls: `onFrame` with each frame as it ends, and optionally the rest. */
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
  /** See DecodeOptions. */
  maxHeldChars?: number;
  /**
   * Whether capture timestamps are taken off (default true): when every non-empty line starts with one, as a capture
   * tool writes them. False reads every line as it is, as a spec client does. A capture's lines are held until that
   * is known (a line without a stamp, the end of the input, or 1 MiB of lines), so its frames come then.
   */
  timestamps?: boolean;
}

/** Takes the frame that starts at `text[at]` when it knows its text; returns the characters taken (0: not taken). */
export interface FrameTaker {
  /** `room`: the characters the frame's lines (its blank line aside) may hold before the held bound stops the stream. */
  take(text: string, at: number, index: number, line: number, start: number, lastEventId: string, room: number): number;
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

/** An incremental decoder: push chunks as they arrive, then `end()`. */
export interface EventStreamDecoder {
  /** Feeds the next piece of the stream: text, or bytes (UTF-8, split anywhere). */
  push(chunk: string | Uint8Array): void;
  /** Ends the input: a last frame with no blank line after it is handed over with ending `eof`. */
  end(): DecoderSummary;
  /** Findings so far (the sink is shared with whoever reads the frames). */
  readonly findings: CollectedFindings;
}

/** What a decoder reports when it ends: how its lines were read, and the state a spec client keeps. */
export interface DecoderSummary {
  lines: LineTally;
  timestamped: boolean;
  stopped: boolean;
  /** The reconnection delay a spec client keeps: the last valid `retry:` of a line that was ended. */
  retry?: number;
  /**
   * The last event ID a spec client sends as `Last-Event-ID` when it reconnects: the id buffer as the last blank
   * line (dispatch) found it, not an `id:` line that no blank line followed.
   */
  lastEventId: string;
}
