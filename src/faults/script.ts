import type { Deadlines, FindingCode, FormatName, Outcome, Verdict } from '../core/index.js';

/**
 * A stream as it is to be written: its text cut into pieces, each written after a pause. Fixtures and captures
 * become scripts, faults turn one script into another, and the fault server writes a script to a socket. Joined,
 * the pieces' texts are the stream, byte for byte.
 */
export interface StreamScript {
  /** The format the stream is in, when known. */
  format: FormatName | null;
  pieces: ScriptPiece[];
  /** What happens after the last piece: the response ends, the connection hangs (for `ms`, or forever), or it is reset. */
  end: ScriptEnd;
  /** What reading this script gives: the library's own reading of it, at its pace and under its deadlines. */
  expected: ExpectedReading;
}

/** One piece of a script: text written after a pause. */
export interface ScriptPiece {
  /** The text written: one whole frame with the blank line that ends it, or text between frames (comments, blanks), or a cut piece. */
  text: string;
  /** Milliseconds to wait before writing it. */
  delayMs: number;
  /** The index of the frame this piece carries (as `decode()` counts them), or null for text between frames. */
  frame: number | null;
}

/**
 * `stall`: the connection stays open and silent for `ms` (Infinity: until the reader gives up), then closes. `reset`:
 * the connection is reset, after `afterMs` of silence when given (a recorded capture that hung, then failed).
 */
export type ScriptEnd = { kind: 'close' } | { kind: 'stall'; ms: number } | { kind: 'reset'; afterMs?: number };

/**
 * What the library reports for a script: its verdict, outcome and finding codes, as the library itself reads the
 * script (at its pace, under its deadlines). Faults' effects are checked against an independent reading in the tests.
 */
export interface ExpectedReading {
  verdict: Verdict;
  outcome: Outcome;
  /** The finding codes of the reading, sorted: the whole set. */
  findings: FindingCode[];
  /**
   * The deadlines to read with for this expectation to hold: timing faults set them below their stalls (pass them as
   * `reconstruct*(…, { deadlines })`, or use `readScript()`, which reads them from here). Absent: the defaults.
   */
  deadlines?: Deadlines;
  /**
   * What a live reader (`reconstructStream()`, the matchers, a read of the served script) reads with these deadlines,
   * where that differs: a deadline cancels a live read, so when one passes before the script has all been written,
   * the reader has only what came by then (verdict as a cut stream gives, outcome `stalled`);
   * and a last frame no blank line ends is never dispatched by a live reader (`not dispatched`, did not finish). Absent: a live read gives this same reading. The script's times count from when the server starts writing: start
   * the reader's clock no later (`startedAt: performance.now()` taken before the request). The reading above is the whole script read at its pace, as
   * `readScript()` reads it; both count every limit from the start of reading.
   */
  live?: LiveReading;
}

/** A live reader's reading of a script, where it differs from the whole script's: its verdict, outcome and finding codes. */
export interface LiveReading {
  verdict: Verdict;
  outcome: Outcome;
  findings: FindingCode[];
}
