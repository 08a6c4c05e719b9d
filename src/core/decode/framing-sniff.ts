// Which framing a stream comes in, told from its first bytes when no format names it: an AWS event-stream prelude
// (binary, its first byte 0 for any frame under 16 MiB), NDJSON (a JSON object on the first line, no `data:`), else
// server-sent events. The chunks are held until that is known (for SSE: the first character), then handed to the
// chosen framing's reader; from then on every chunk goes straight through.
import { SseReconstructError } from '../library-errors.js';
import { describeArgument } from '../words.js';
import type { DecoderSummary } from './decoder-model.js';
import { framingNames, framingOf, hasFraming, type FrameReaderSetup, type FramingName } from './framing.js';
import { MAX_HELD_CHARS } from './held-bound.js';
import type { FrameReader } from './payload.js';
import { crc32 } from './aws-event-stream/crc32.js';

/**
 * Whether a format carried by NDJSON names this first line's JSON object as its own (the pipeline asks the
 * registry). A single JSON line no NDJSON format claims is read as SSE reads it today (a bare JSON body, such as an
 * error body); two or more JSON-object lines are NDJSON whatever they hold.
 */
export type NdjsonClaim = (value: Record<string, unknown>) => boolean;

/** A frame reader that says which framing it reads with, once the first bytes told it (null before). */
export interface SniffingReader extends FrameReader {
  framing(): FramingName | null;
  /** The framings it may still choose: the one chosen, once told; before, all it accepts. */
  possible(): readonly FramingName[];
}

/**
 * A reader that tells the framing from the first bytes, then reads with it. `accepted`: the framings it may choose
 * (a forced format's), the first the one it reads with when the bytes show another; null: any this build reads.
 */
export function openSniffingReader(setup: FrameReaderSetup, claim: NdjsonClaim | null, accepted: readonly FramingName[] | null = null): SniffingReader {
  const sniff = new FramingSniff(setup, claim, accepted);
  const all = accepted ?? framingNames();
  return { push: (chunk) => sniff.push(chunk), end: () => sniff.end(), framing: () => sniff.chosen, possible: () => (sniff.chosen === null ? all : [sniff.chosen]) };
}

class FramingSniff {
  private reader: FrameReader | null = null;
  /** The framing read with, once told. */
  chosen: FramingName | null = null;
  private readonly held: Array<string | Uint8Array> = [];
  /** The text of what is held (bytes decoded for the look only). */
  private head = '';
  private readonly bytes = new TextDecoder('utf-8', { ignoreBOM: true });
  private sawByte = false;
  private firstByteZero = false;
  /** The body's first bytes, up to an AWS prelude's 12: it is binary only when its prelude checksum holds. */
  private readonly prelude: number[] = [];

  constructor(
    private readonly setup: FrameReaderSetup,
    private readonly claim: NdjsonClaim | null,
    private readonly accepted: readonly FramingName[] | null,
  ) {}

  push(chunk: string | Uint8Array): void {
    const reader = this.reader;
    if (reader !== null) return reader.push(chunk);
    if (typeof chunk === 'string') this.head += this.bytes.decode() + chunk;
    else if (chunk instanceof Uint8Array) {
      if (!this.sawByte && chunk.length > 0 && this.head.length === 0) {
        this.sawByte = true;
        this.firstByteZero = chunk[0] === 0;
      }
      for (let at = 0; this.firstByteZero && this.prelude.length < PRELUDE_BYTES && at < chunk.length; at++) this.prelude.push(chunk[at]!);
      this.head += this.bytes.decode(chunk, { stream: true });
    } else throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: push() takes a string or a Uint8Array chunk; it received ${describeArgument(chunk)}.`);
    this.held.push(chunk);
    const framing = this.decide(false);
    if (framing !== null) this.start(framing);
  }

  end(): DecoderSummary & { frameCount: number; readableFrames: number } {
    if (this.reader === null) this.start(this.decide(true) ?? 'sse');
    return (this.reader as FrameReader).end();
  }

  private start(told: FramingName): void {
    const framing = this.accepted === null || this.accepted.includes(told) ? told : (this.accepted[0] as FramingName);
    this.chosen = framing;
    const reader = framingOf(framing).open(this.setup);
    this.reader = reader;
    this.head = '';
    for (const chunk of this.held.splice(0)) reader.push(chunk);
  }

  /** The framing the head tells, or null while it needs more (`ended`: no more comes). */
  private decide(ended: boolean): FramingName | null {
    if (this.firstByteZero && hasFraming('aws-event-stream')) {
      // Zeros, or any binary that only starts like a prelude, read as text: an endless input then meets the held bound.
      if (this.prelude.length < PRELUDE_BYTES) {
        if (!ended) return null;
        return 'aws-event-stream';
      }
      if (preludeHolds(this.prelude)) return 'aws-event-stream';
    }
    const head = this.head;
    // Only NDJSON needs a whole first line; without it, the first byte or character is enough.
    if (this.accepted !== null && !this.accepted.includes('ndjson')) return head.length > 0 || this.sawByte ? 'sse' : ended ? 'sse' : null;
    if (head.length > MAX_HELD_CHARS) return 'sse';
    const first = skipSpace(head, 0);
    if (first === head.length) return ended ? 'sse' : null;
    if (head.charCodeAt(first) !== 123 /* { */) return 'sse';
    const lf = head.indexOf('\n', first);
    if (lf === -1) return ended ? this.singleLine(head.slice(first)) : null;
    const value = objectOf(head.slice(first, lf));
    if (value === null) return 'sse';
    if (this.claim?.(value) === true) return 'ndjson';
    const next = skipSpace(head, lf + 1);
    if (next === head.length) return ended ? 'sse' : null;
    return head.charCodeAt(next) === 123 ? 'ndjson' : 'sse';
  }

  /** One line and nothing after it: NDJSON only when a format carried by NDJSON claims it. */
  private singleLine(line: string): FramingName {
    const value = objectOf(line);
    return value !== null && this.claim?.(value) === true ? 'ndjson' : 'sse';
  }
}

/** The first position from `at` that is not a BOM or JSON whitespace. */
function skipSpace(text: string, at: number): number {
  let code = text.charCodeAt(at);
  while (code === 32 || code === 9 || code === 10 || code === 13 || code === 0xfeff) code = text.charCodeAt(++at);
  return Math.min(at, text.length);
}

/** The line's JSON when it is an object; null otherwise. */
function objectOf(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An AWS event-stream prelude: total length, headers length, then the CRC-32 of those eight bytes. */
const PRELUDE_BYTES = 12;

function preludeHolds(bytes: readonly number[]): boolean {
  const prelude = Uint8Array.from(bytes.slice(0, PRELUDE_BYTES));
  const view = new DataView(prelude.buffer);
  return view.getUint32(0) >= 16 && crc32(prelude, 0, 8) === view.getUint32(8);
}
