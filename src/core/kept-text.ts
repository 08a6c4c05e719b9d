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

/** Blocks start small (a short stream's result stays small) and double up to this size. */
const FIRST_BLOCK = 1 << 10;
const LAST_BLOCK = 1 << 16;
const toBytes = new TextEncoder();

interface Span {
  fromBytes: boolean;
  start: number;
  end: number;
}

export class KeptText {
  private readonly parts: Array<string | Span> = [];
  /** The span being written to, while input of its kind keeps coming. */
  private open: Span | null = null;
  /** Every span's bytes, in order; blocks before the last are cut to what was written to them. */
  private readonly blocks: Uint8Array[] = [];
  private filled = 0;
  private blockSize = FIRST_BLOCK;
  private written = 0;

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
    return this.parts.map((part) => (typeof part === 'string' ? part : this.decode(part))).join('');
  }

  private spanOf(fromBytes: boolean): void {
    if (this.open !== null && this.open.fromBytes === fromBytes) return;
    this.open = { fromBytes, start: this.written, end: this.written };
    this.parts.push(this.open);
  }

  private blockWithRoom(): Uint8Array {
    const last = this.blocks[this.blocks.length - 1];
    return last !== undefined && this.filled < last.length ? last : this.nextBlock();
  }

  /** Starts a new block; the one before it is cut to what was written to it. */
  private nextBlock(): Uint8Array {
    const last = this.blocks.length - 1;
    if (last >= 0) this.blocks[last] = (this.blocks[last] as Uint8Array).subarray(0, this.filled);
    const block = new Uint8Array(this.blockSize);
    this.blockSize = Math.min(LAST_BLOCK, this.blockSize * 2);
    this.blocks.push(block);
    this.filled = 0;
    return block;
  }

  private appendBytes(chunk: Uint8Array): void {
    for (let at = 0; at < chunk.length; ) {
      const block = this.blockWithRoom();
      const count = Math.min(chunk.length - at, block.length - this.filled);
      block.set(chunk.subarray(at, at + count), this.filled);
      this.filled += count;
      this.written += count;
      at += count;
    }
  }

  /** Encodes well-formed text; a character that does not fit in the rest of a block goes to the next. */
  private appendText(text: string): void {
    for (let rest = text; rest.length > 0; ) {
      let block = this.blockWithRoom();
      let done = toBytes.encodeInto(rest, block.subarray(this.filled));
      if (done.read === 0) {
        block = this.nextBlock();
        done = toBytes.encodeInto(rest, block);
      }
      this.filled += done.written;
      this.written += done.written;
      rest = rest.slice(done.read);
    }
  }

  /**
   * A span as text. The decoder keeps a BOM as text (the SSE rules drop it, not UTF-8's), so this decoder keeps it
   * too. A span of bytes is decoded as one stream without its end, as the reader's decoder had read it by then (a
   * character cut at its end came with the text after it).
   */
  private decode(span: Span): string {
    const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
    const out: string[] = [];
    let blockStart = 0;
    for (const block of this.blocks) {
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
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof native === 'function' ? native.call(text) : !LONE_SURROGATE.test(text);
}
