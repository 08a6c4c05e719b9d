// Where frames end in a byte stream, read by the decoder itself, so a writer that cuts bytes at frame ends (the fault
// server) cuts where a spec client dispatches. The decoder counts UTF-16 offsets in the text it decodes; this maps
// each frame end back to bytes by its line end: CR and LF are ASCII, never part of a multi-byte character, and a
// UTF-8 decoder never swallows one (a bad sequence before it becomes U+FFFD, the CR or LF still follows), so the
// n-th CR or LF of a chunk's text is the n-th CR or LF byte of that chunk, whatever the bytes around it.
import { FindingList } from '../findings.js';
import { openDecoder } from './decoder.js';
import type { EventStreamDecoder } from './decoder-model.js';

const LF = 10;
const CR = 13;

/** Called with the offset in the bytes just pushed past a frame's end, and how many frames have ended with it. */
export type FrameEndCallback = (end: number, count: number) => void;

/** Finds where frames end in a byte stream pushed in pieces (see createFrameCutter). */
export interface FrameCutter {
  /** Frames ended so far. */
  readonly count: number;
  /** Reads the next bytes of the stream, calling `onEnd` for each frame that ends in them, in order. */
  push(bytes: Uint8Array, onEnd: FrameEndCallback): void;
}

/**
 * Where frames end in a UTF-8 byte stream fed in pieces: at the blank line after a block with a `data` field, as a
 * spec client dispatches them (a block of comments, or of `id:`/`event:` lines only, dispatches nothing; a leading
 * BOM is taken off; lines are read as they are, with no bound on a frame's size). Each end is told while the bytes
 * that make it are pushed: where a CR that ends the pushed bytes ends the frame, the frame ends just past it, and an
 * LF at the start of the next bytes (the rest of a CRLF) comes before the next frame.
 */
export function createFrameCutter(): FrameCutter {
  return new DecodedCuts();
}

/** The decoder, and the chunk being read: its text and bytes, and a CR or LF matched in both. */
class DecodedCuts implements FrameCutter {
  count = 0;
  private readonly decoder: EventStreamDecoder;
  private onEnd: FrameEndCallback = () => undefined;
  /** UTF-16 offset in the stream where the chunk's text starts, and where the next chunk's will. */
  private textBase = 0;
  private nextTextBase = 0;
  private readonly text = new LineEnds<string>((text, char, from) => text.indexOf(char === LF ? '\n' : '\r', from));
  private readonly bytes = new LineEnds<Uint8Array>((bytes, byte, from) => bytes.indexOf(byte, from));
  /** The frame that ended at a chunk's last CR, told then, which the decoder hands over later. */
  private toldEarly = false;

  constructor() {
    this.decoder = openDecoder(
      {
        timestamps: false,
        maxHeldChars: Infinity,
        onText: (text, bytes) => this.startChunk(text, bytes),
        onFrame: (frame) => {
          if (!frame.dispatched) return;
          if (this.toldEarly) this.toldEarly = false;
          else this.tell(frame.end);
        },
      },
      new FindingList(),
      undefined,
      (end) => {
        this.tell(end);
        this.toldEarly = true;
      },
    );
  }

  push(bytes: Uint8Array, onEnd: FrameEndCallback): void {
    this.onEnd = onEnd;
    this.decoder.push(bytes);
  }

  private startChunk(text: string, bytes: Uint8Array | undefined): void {
    this.textBase = this.nextTextBase;
    this.nextTextBase += text.length;
    this.text.start(text);
    this.bytes.start(bytes ?? EMPTY);
  }

  /** A frame ended just past a CR or LF at the stream's UTF-16 offset `end`: its end in the chunk's bytes. */
  private tell(end: number): void {
    const textEnd = end - this.textBase;
    // A frame ends in the chunk that holds its blank line's last character (the decoder tells it early otherwise).
    if (textEnd <= 0) return;
    while (this.text.at < textEnd && this.text.pass()) this.bytes.pass();
    this.count += 1;
    const onEnd = this.onEnd;
    onEnd(this.bytes.at, this.count);
  }
}

const EMPTY = new Uint8Array(0);

/** A walk over one chunk's CRs and LFs, in text or in bytes: each search made once, so a chunk is read once. */
class LineEnds<Chunk extends string | Uint8Array> {
  /** Just past the last CR or LF passed (0 at the chunk's start). */
  at = 0;
  private chunk: Chunk | null = null;
  /** The next LF and CR at or after `at`: -1 when none is left, -2 until searched. */
  private lf = -2;
  private cr = -2;

  constructor(private readonly find: (chunk: Chunk, char: number, from: number) => number) {}

  start(chunk: Chunk): void {
    this.chunk = chunk;
    this.at = 0;
    this.lf = -2;
    this.cr = -2;
  }

  /** Goes just past the next CR or LF; false if none is left (never for a frame end: one comes before it). */
  pass(): boolean {
    const chunk = this.chunk as Chunk;
    if (this.lf !== -1 && this.lf < this.at) this.lf = this.find(chunk, LF, this.at);
    if (this.cr !== -1 && this.cr < this.at) this.cr = this.find(chunk, CR, this.at);
    const next = this.lf === -1 || (this.cr !== -1 && this.cr < this.lf) ? this.cr : this.lf;
    if (next === -1) return false;
    this.at = next + 1;
    return true;
  }
}
