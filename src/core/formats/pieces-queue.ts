/**
 * Text that arrives a few characters a frame, gathered in batches. Joining each piece onto the text as it comes
 * makes a chain of small strings that lives as long as the answer, and the garbage collector copies every link
 * of it while the stream is read; a batch joined at once is one flat string. Whoever reads the text settles the
 * batch first.
 */
import { ownCopy } from '../own-copy.js';

export interface PieceQueue<Field extends string> {
  field: Field | null;
  pieces: string[];
}

/** Pieces held before they are joined: enough to make the chain short, few enough to stay young. */
export const PIECES_JOINED = 256;

/**
 * The held pieces joined into one string of its own; the list is emptied. Pieces may be views of the input chunk
 * (see ownCopy): a join copies them, and a single piece is copied too, or the answer would keep the chunk alive.
 */
export function takePieces(pieces: string[]): string {
  const joined = pieces.length === 1 ? ownCopy(pieces[0] as string) : pieces.join('');
  pieces.length = 0;
  return joined;
}

export function newQueue<Field extends string>(): PieceQueue<Field> {
  return { field: null, pieces: [] };
}

/**
 * Queues `piece` for `field` of `target`; `apply(target, field, joined)` joins the queued pieces onto their field
 * (a function made once, not a closure a frame). Called when the field changes and when the batch is full.
 */
export function queuePiece<Target, Field extends string>(
  queue: PieceQueue<Field>,
  field: Field,
  piece: string,
  target: Target,
  apply: (target: Target, field: Field, joined: string) => void,
): void {
  if (queue.field !== field) settleQueue(queue, target, apply);
  queue.field = field;
  queue.pieces.push(piece);
  if (queue.pieces.length >= PIECES_JOINED) settleQueue(queue, target, apply);
}

export function settleQueue<Target, Field extends string>(
  queue: PieceQueue<Field>,
  target: Target,
  apply: (target: Target, field: Field, joined: string) => void,
): void {
  if (queue.field === null || queue.pieces.length === 0) return;
  apply(target, queue.field, takePieces(queue.pieces));
}
