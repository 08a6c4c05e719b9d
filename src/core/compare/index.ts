// Two answers compared: the difference catalogue, the alignment, and the comparisons.
export { DIFFERENCES, DIFFERENCE_CODES, type DifferenceCode, type DifferenceEntry, type DifferenceSeverity } from './catalogue.js';
export { compareAnswers } from './answers.js';
export { compareReconstructions, compareStreams, type CompareInput } from './streams.js';
export { alignTexts, type TextShape, type TextShapeKind, type TextSpan } from './text-align.js';
export type { ComparePlaces, SidePlaces } from './places.js';
export type { CompareOptions, Comparison, Difference, DifferenceSide, UsageComparison } from './types.js';
