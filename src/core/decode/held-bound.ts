// The bound on characters held without a blank line: its default, and the check of a caller's value.
import { shown } from '../words.js';

/** The bound a common reader holds without a blank line before it gives up on the stream (the default). */
export const MAX_HELD_CHARS = 1_048_576;

/**
 * `value` as a bound on the characters held without a blank line: MAX_HELD_CHARS when undefined, else a whole number
 * of at least 1 or Infinity (no bound). Anything else is a misuse of the API: a TypeError that says what to pass.
 */
export function heldBound(value: unknown, where: string): number {
  if (value === undefined) return MAX_HELD_CHARS;
  if (typeof value === 'number' && (value === Infinity || (Number.isInteger(value) && value >= 1))) return value;
  throw new TypeError(`sse-reconstruct: ${where} must be a whole number of characters (at least 1) or Infinity for no bound; received ${shown(value)}.`);
}
