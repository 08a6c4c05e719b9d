/**
 * The start of the input's text, kept so the frames in it get their data when rows are made. It is kept as UTF-8 in
 * blocks (1 to 64 KiB): outside the collected heap, so the garbage collector never copies it while the stream is
 * read (kept as strings, it was measured to cost a fifth of the read), and a stream fed a few bytes at a time makes
 * no object a chunk.
 *
 * The text is a list of spans of those bytes, and of strings. A chunk that came as bytes is kept as a copy of them, a
 * tenth of the cost of encoding its text again: byte chunks in a row decode together to their texts joined, as the
 * reader's decoder read them, so they share a span. Text that came as a string is encoded into a span of its own
 * kind. A string with a lone surrogate (a pair cut between string chunks) stays a string: as UTF-8 it would come back
 * as U+FFFD.
 */

import { ByteBlocks } from './byte-blocks.js';

const FIRST_BLOCK = 1 << 10;
const LAST_BLOCK = 1 << 16;
const toBytes = new TextEncoder();

interface Span {
  fromBytes: boolean;
  start: number;
  end: number;
}

export class KeptText extends ByteBlocks {
  private readonly parts: Array<string | Span> = [];
  /** The span being written to, while input of its kind keeps coming. */
  private open: Span | null = null;
  /** Bytes written in all, every span's in order. */
  private written = 0;

  constructor() {
    super(FIRST_BLOCK, LAST_BLOCK);
  }

  /** Keeps a chunk's text; `bytes`: the chunk it was decoded from, when it came as bytes. */
  add(text: string, bytes?: Uint8Array): void {
    if (bytes !== undefined) {
      this.spanOf(true);
      this.appendBytes(bytes);
    } else if (text.length === 0) return;
    else if (isWellFormed(text)) {
      this.spanOf(false);
      this.appendText(text);
    } else {
      this.parts.push(text);
      this.open = null;
      return;
    }
    (this.open as Span).end = this.written;
  }

  /** The text kept, whole. */
  text(): string {
    const blocks = this.writtenBlocks();
    return this.parts.map((part) => (typeof part === 'string' ? part : decodeSpan(part, blocks))).join('');
  }

  private spanOf(fromBytes: boolean): void {
    if (this.open !== null && this.open.fromBytes === fromBytes) return;
    this.open = { fromBytes, start: this.written, end: this.written };
    this.parts.push(this.open);
  }

  private appendBytes(chunk: Uint8Array): void {
    for (let from = 0; from < chunk.length; ) {
      if (this.at === this.block.length) this.nextBlock();
      const count = Math.min(chunk.length - from, this.block.length - this.at);
      this.block.set(chunk.subarray(from, from + count), this.at);
      this.at += count;
      this.written += count;
      from += count;
    }
  }

  /** Encodes well-formed text; a character that does not fit in the rest of a block goes to the next. */
  private appendText(text: string): void {
    for (let rest = text; rest.length > 0; ) {
      if (this.at === this.block.length) this.nextBlock();
      let done = toBytes.encodeInto(rest, this.block.subarray(this.at));
      if (done.read === 0) {
        this.nextBlock();
        done = toBytes.encodeInto(rest, this.block);
      }
      this.at += done.written;
      this.written += done.written;
      rest = rest.slice(done.read);
    }
  }
}

/**
 * A span of `blocks` as text. The decoder keeps a BOM as text (the SSE rules drop it, not UTF-8's), so this decoder
 * keeps it too. A span of bytes is decoded as one stream without its end, as the reader's decoder had read it by then
 * (a character cut at its end came with the text after it).
 */
function decodeSpan(span: Span, blocks: Uint8Array[]): string {
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  const out: string[] = [];
  let blockStart = 0;
  for (const block of blocks) {
    const blockEnd = blockStart + block.length;
    if (blockEnd > span.start && blockStart < span.end) {
      const piece = block.subarray(Math.max(0, span.start - blockStart), Math.min(block.length, span.end - blockStart));
      out.push(utf8.decode(piece, { stream: true }));
    }
    blockStart = blockEnd;
    if (blockStart >= span.end) break;
  }
  return out.join('');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof native === 'function' ? native.call(text) : !LONE_SURROGATE.test(text);
}
