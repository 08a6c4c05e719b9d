import { ownCopy } from '../own-copy.js';
import { PIECES_JOINED, takePieces } from './pieces-queue.js';

/**
 * Text that arrives a few characters a frame. Joining each piece on as it comes makes a chain of small strings that
 * lives as long as the answer, and the garbage collector copies every link of it while the stream is read; pieces
 * joined in batches make a short chain of flat strings. The held pieces are joined when the text is read.
 */
export class PieceText {
  private joined = '';
  private readonly pieces: string[] = [];
  private characters = 0;

  constructor(start = '') {
    this.joined = start === '' ? '' : ownCopy(start);
    this.characters = start.length;
  }

  /** `piece` may be a view of the input chunk: it is copied when joined. */
  push(piece: string): void {
    this.pieces.push(piece);
    this.characters += piece.length;
    if (this.pieces.length >= PIECES_JOINED) this.joined += takePieces(this.pieces);
  }

  get length(): number {
    return this.characters;
  }

  get text(): string {
    if (this.pieces.length > 0) this.joined += takePieces(this.pieces);
    return this.joined;
  }

  /** Replaces the whole text (a final value that overrides what the deltas built). */
  set text(value: string) {
    this.pieces.length = 0;
    this.joined = ownCopy(value);
    this.characters = value.length;
  }
}
