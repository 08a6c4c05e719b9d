import { describeArgument, decodeAs, FORMAT_NAMES, formatModule, reconstruct, createReconstruction, wireBytes } from '../core/index.js';
import type { FindingCode, FormatName, Reconstruction, ReconstructOptions } from '../core/index.js';
import { matchStamp, StampClock } from '../core/index.js';
import type { Fixture } from '../fixtures/types.js';
import type { ExpectedReading, ScriptEnd, ScriptPiece, StreamScript } from './script.js';
import { SseReconstructError } from '../core/index.js';
import { isFixture, isScript } from './checks.js';

/** What `scriptOf()` takes: a stream's text or bytes (chunks are joined), a timestamped capture, a fixture or a script. */
export type ScriptSource = string | Uint8Array | ArrayBuffer | ReadonlyArray<string | Uint8Array | ArrayBuffer> | Fixture | StreamScript;

/** Options of `scriptOf()`: the format, when the frames do not tell it. */
export interface ScriptOfOptions {
  /** Read the stream as this format instead of telling it from the frames. */
  format?: FormatName;
}

/**
 * Turns a stream into a script: one piece per frame (with the blank line that ends it) and one per run of text
 * between frames, so every character is kept and faults can address frames by the index `decode()` gives them.
 * A timestamped capture keeps its recorded pace as the pieces' delays, and its stamps are taken off the text.
 * `expected` is what the library reads in the stream as it is (a fixture's documented reading, for a fixture).
 * Bytes are read as UTF-8, as a client's decoder reads them: bytes that are not UTF-8 become U+FFFD in the script.
 */
export function scriptOf(source: ScriptSource, options: ScriptOfOptions = {}): StreamScript {
  if (isScript(source)) return copyScript(source);
  if (isFixture(source)) return cut(source.stream, source.format, { ...source.expected, findings: [...source.expected.findings] });
  if (options.format !== undefined && typeof options.format !== 'string') {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: scriptOf()'s \`format\` is a format name, one of ${FORMAT_NAMES.join(', ')}; it received ${describeArgument(options.format)}.`);
  }
  const recorded = recordedEnd(textOf(source));
  const text = recorded.text;
  const reading = reconstruct(text, options.format ? { format: options.format } : {});
  return cut(text, options.format ?? reading.format, readingOf(reading), recorded.end);
}

/** The comment `record` stamps as a capture's last line, followed by how the answer ended. */
export const RECORDED_END_PREFIX = ': sse-reconstruct record: ';
/** How a recorded answer ended: the upstream ended it, the upstream connection failed, or the client left first. */
export const RECORDED_ENDS = ['upstream ended', 'upstream failed', 'client left'] as const;
/** How a recorded answer ended, as `record` writes it after `RECORDED_END_PREFIX`. */
export type RecordedEnd = (typeof RECORDED_ENDS)[number];

/** A capture's text without the line `record` stamped last (how and when its answer ended), and that line's parts. */
function recordedEnd(text: string): { text: string; end: { how: RecordedEnd; stamp: string } | null } {
  const match = /(?:^|\r\n|\r|\n)([^\r\n]+)(?:\r\n|\r|\n)?$/.exec(text);
  const line = match?.[1];
  if (match === null || line === undefined || !line.includes(RECORDED_END_PREFIX)) return { text, end: null };
  const stamp = matchStamp(line);
  const how = stamp === null ? '' : line.slice(stamp.length);
  if (stamp === null || !how.startsWith(RECORDED_END_PREFIX)) return { text, end: null };
  const kind = how.slice(RECORDED_END_PREFIX.length) as RecordedEnd;
  if (!RECORDED_ENDS.includes(kind)) return { text, end: null };
  const lineStart = match.index + match[0].length - match[0].replace(/^(\r\n|\r|\n)/, '').length;
  return { text: text.slice(0, lineStart), end: { how: kind, stamp: stamp.text } };
}

/** The stream a script writes, as one string: its pieces joined. */
export function scriptText(script: StreamScript): string {
  checkScript(script, 'scriptText');
  let text = '';
  for (const piece of script.pieces) text += piece.text;
  return text;
}

/**
 * The body a script stands for, as the wire of its format carries it: for a format whose wire is binary (Bedrock's
 * AWS event stream), each frame its message, and a frame the faults cut off a message cut before its end; for every
 * other format, its text in UTF-8. Serve it (`serveStream(scriptBytes(script))`, with the framing's media type) or
 * read it; its pace and end are the script's to keep.
 */
export function scriptBytes(script: StreamScript): Uint8Array {
  const text = scriptText(script);
  return (script.format === null ? null : wireBytes(formatModule(script.format), text)) ?? new TextEncoder().encode(text);
}

/**
 * Reads a script as a client would receive it: each piece pushed when its delay says it arrives, so `stalled` and
 * the timing reflect the script's pace. The clock starts when reading starts (a client that reads as the server
 * starts writing): the first piece's delay counts, and every limit counts from there, as a live read counts them.
 * It reads with the deadlines the script's expectation names (timing faults set them below their stalls) unless
 * `options.deadlines` says otherwise. It reads the whole script, past any deadline, and gives `expected`; a live
 * reader is cancelled at the deadline and gives `expected.live` where the script states one. A stall at the very
 * end (no piece after it) is seen only by a live reader with deadlines: nothing arrives here to measure it by.
 */
export function readScript(script: StreamScript, options: ReconstructOptions = {}): Reconstruction {
  checkScript(script, 'readScript');
  return readAtPace(script, options, false);
}

/**
 * The script read at its pace, as `readScript()` reads it; `waitOutEnd`: a reader that also waits out the silence
 * at the end (a stall or a reset after a while), which a deadline that passes in it then sees.
 */
export function readAtPace(script: StreamScript, options: ReconstructOptions, waitOutEnd: boolean): Reconstruction {
  const deadlines = script.expected.deadlines;
  const session = createReconstruction({ ...(script.format ? { format: script.format } : {}), ...(deadlines ? { deadlines } : {}), ...options });
  // No byte yet: this sets the clock's origin to the start of reading.
  session.push('', 0);
  let at = 0;
  for (const piece of script.pieces) {
    at += piece.delayMs;
    session.push(piece.text, at);
  }
  const silence = silenceAtEnd(script.end);
  if (waitOutEnd && silence > 0) session.push('', at + silence);
  return session.end();
}

/** How long the connection stays silent after the last piece before it ends. */
export function silenceAtEnd(end: ScriptEnd): number {
  return end.kind === 'stall' ? end.ms : end.kind === 'reset' ? (end.afterMs ?? 0) : 0;
}

/** The reading of a reconstruction as an expectation: its verdict, outcome and the set of its finding codes. */
export function readingOf(reading: Reconstruction): ExpectedReading {
  const codes = Object.keys(reading.findingCounts) as FindingCode[];
  return { verdict: reading.verdict, outcome: reading.outcome, findings: codes.sort() };
}

function textOf(source: Exclude<ScriptSource, Fixture | StreamScript>): string {
  if (typeof source === 'string') return source;
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) return utf8(source);
  if (Array.isArray(source)) {
    // One decoder across the byte chunks, so a character split between two of them is read whole.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let text = '';
    source.forEach((chunk: unknown, index) => {
      if (typeof chunk === 'string') text += decoder.decode() + chunk;
      else if (chunk instanceof Uint8Array || chunk instanceof ArrayBuffer) text += decoder.decode(chunk, { stream: true });
      else throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: scriptOf() takes chunks that are strings or Uint8Arrays; chunk ${index} is ${describeArgument(chunk)}.`);
    });
    return text + decoder.decode();
  }
  throw new SseReconstructError('ERR_SSE_ARGUMENT',
    `sse-reconstruct: scriptOf() takes a stream's text (a string), its bytes (a Uint8Array or ArrayBuffer), an array of such chunks, a fixture or a script; it received ${describeArgument(source)}.`,
  );
}

/** Bytes as a client's TextDecoder reads them; a leading BOM is kept as U+FEFF so that it is written back. */
function utf8(bytes: Uint8Array | ArrayBuffer): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

function cut(text: string, format: FormatName | null, expected: ExpectedReading, recorded: { how: RecordedEnd; stamp: string } | null = null): StreamScript {
  const decoded = decodeAs(format === null ? 'sse' : formatModule(format).framing, text, { maxHeldChars: Infinity });
  const pieces: ScriptPiece[] = [];
  const clock = decoded.timestamped ? new Pace() : null;
  let at = 0;
  const add = (end: number, frame: number | null) => {
    if (end <= at) return;
    const raw = text.slice(at, end);
    at = end;
    if (clock === null) pieces.push({ text: raw, delayMs: 0, frame });
    else pieces.push({ frame, ...clock.unstamp(raw) });
  };
  for (const frame of decoded.frames) {
    add(frame.start, null);
    add(frame.end, frame.index);
  }
  add(text.length, null);
  return { format, pieces, end: recorded === null ? { kind: 'close' } : endOf(recorded.how, clock?.silenceUntil(recorded.stamp) ?? 0), expected };
}

/** The script's end for a recorded end: how it ended, after how long a silence since the last line. */
function endOf(how: RecordedEnd, silenceMs: number): ScriptEnd {
  if (how === 'client left') return { kind: 'stall', ms: Infinity };
  if (how === 'upstream failed') return silenceMs > 0 ? { kind: 'reset', afterMs: silenceMs } : { kind: 'reset' };
  return silenceMs > 0 ? { kind: 'stall', ms: silenceMs } : { kind: 'close' };
}

/** Takes the stamps off a capture's lines and turns them into delays between pieces. */
class Pace {
  private readonly clock = new StampClock();
  private last = 0;
  /** The time of the latest stamped line. */
  private latest = 0;

  /** Milliseconds from the latest stamped line to `stamp`. */
  silenceUntil(stamp: string): number {
    const at = this.clock.elapsed(stamp);
    return at === undefined ? 0 : Math.max(0, at - this.latest);
  }

  unstamp(raw: string): { text: string; delayMs: number } {
    let text = '';
    let first: number | undefined;
    for (const line of raw.split(/(?<=\n)|(?<=\r)(?!\n)/)) {
      const stamp = matchStamp(line.replace(/\r?\n?$/, ''));
      if (stamp === null) {
        text += line;
        continue;
      }
      const elapsed = this.clock.elapsed(stamp.text);
      if (first === undefined && elapsed !== undefined) first = elapsed;
      if (elapsed !== undefined) this.latest = Math.max(this.latest, elapsed);
      text += line.slice(stamp.length);
    }
    if (first === undefined) return { text, delayMs: 0 };
    const delayMs = Math.max(0, first - this.last);
    this.last = first;
    return { text, delayMs };
  }
}

function copyScript(script: StreamScript): StreamScript {
  checkScript(script, 'scriptOf');
  return {
    format: script.format,
    pieces: script.pieces.map((piece) => ({ ...piece })),
    end: { ...script.end },
    expected: { ...script.expected, findings: [...script.expected.findings] },
  };
}

export function checkScript(script: StreamScript, caller: string): void {
  if (!isScript(script)) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: ${caller}() takes a stream script (from scriptOf()); it received ${describeArgument(script)}.`);
  }
}
