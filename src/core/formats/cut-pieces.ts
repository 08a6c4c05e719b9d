import type { SynthesizeOptions } from '../model.js';
import { SseReconstructError } from '../library-errors.js';

/**
 * Cuts text into the pieces a synthesized stream sends it in: each at most `pieceSize` UTF-16 units (default 8),
 * sizes drawn from `random` when given, never splitting a surrogate pair (a lone surrogate is not valid text). A
 * piece is longer than `pieceSize` only when `pieceSize` is 1 and the character needs two units.
 */
export function cutPieces(text: string, options: SynthesizeOptions): string[] {
  const max = options.pieceSize ?? 8;
  if (!Number.isInteger(max) || max < 1) {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: synthesize() takes a pieceSize that is a whole number of at least 1; received ${String(max)}.`);
  }
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + pieceLength(max, options.random));
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += end - 1 > at ? -1 : 1;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

/** A size in 1…max drawn from `random` (max itself without one). */
export function pieceLength(max: number, random: SynthesizeOptions['random']): number {
  if (!random) return max;
  const size = Math.floor(random(max));
  return Number.isFinite(size) ? Math.min(max, Math.max(1, size)) : max;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
