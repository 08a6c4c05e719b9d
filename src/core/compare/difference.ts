// One difference, made the one way: its severity from the catalogue.
import { DIFFERENCES, type DifferenceCode } from './catalogue.js';
import type { Difference, DifferenceSide } from './types.js';

/** A difference of `code` at `path`, with both sides' values and places. */
export function makeDifference(code: DifferenceCode, path: string, message: string, upstream: DifferenceSide, downstream: DifferenceSide): Difference {
  return { code, severity: DIFFERENCES[code].severity, path, message, upstream, downstream };
}
