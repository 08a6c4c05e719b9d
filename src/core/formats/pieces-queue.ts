/**
 * Text that arrives a few characters a frame, gathered in batches. Joining each piece onto the text as it comes
 * makes a chain of small strings that lives as long as the answer, and the garbage collector copies every link
 * of it while the stream is read; a batch joined at once is one flat string. Whoever reads the text settles the
 * batch first.
 */
export interface PieceQueue<Field extends string> {
  field: Field | null;
  pieces: string[];
}

/** Pieces held before they are joined: enough to make the chain short, few enough to stay young. */
const BATCH = 256;

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
  if (queue.pieces.length >= BATCH) settleQueue(queue, target, apply);
}

export function settleQueue<Target, Field extends string>(
  queue: PieceQueue<Field>,
  target: Target,
  apply: (target: Target, field: Field, joined: string) => void,
): void {
  if (queue.field === null || queue.pieces.length === 0) return;
  const joined = queue.pieces.length === 1 ? (queue.pieces[0] as string) : queue.pieces.join('');
  queue.pieces.length = 0;
  apply(target, queue.field, joined);
}
