import { ownCopy } from '../own-copy.js';

/** Pieces held before they are joined: enough to make the chain short, few enough to stay young. */
export const PIECES_JOINED = 256;

/**
 * The held pieces joined into one string of its own; the list is emptied. Pieces may be views of the input chunk
 * (see ownCopy): a join copies them, and a single piece is copied too, or the answer would keep the chunk alive.
 */
function takePieces(pieces: string[]): string {
  const joined = pieces.length === 1 ? ownCopy(pieces[0] as string) : pieces.join('');
  pieces.length = 0;
  return joined;
}

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
