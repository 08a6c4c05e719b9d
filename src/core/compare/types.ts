// What compareStreams takes and hands back.
import type { Answer, AnswerPlace } from '../answer/types.js';
import type { FormatName } from '../formats/registry.js';
import type { DifferenceCode, DifferenceSeverity } from './catalogue.js';

/** How token counts are compared. */
export type UsageComparison = 'exact' | 'consistent' | 'ignore';

/** Options of compareStreams, compareReconstructions and compareAnswers. */
export interface CompareOptions {
  /**
   * Paths not to compare, as differences spell them, with `*` for any index: `'choices.*.toolCalls.*.arguments'`,
   * `'usage.cacheRead'`, `'choices.*.citations'`. A path also leaves out everything under it.
   */
  ignore?: string[];
  /**
   * `'exact'`: every count both sides carry must be equal. `'consistent'` (default): only contradictions count (a side
   * without a cache count, or a total left out, is fine; cache reads reported as 0 where upstream had some are not).
   * `'ignore'`: usage is not compared.
   */
  usage?: UsageComparison;
  /** Compare tool-call ids too (formats make them up, so by default they are not compared). */
  ids?: boolean;
  /** Read a side as this format instead of detecting it (the `format` option of `reconstruct`). */
  format?: { upstream?: FormatName; downstream?: FormatName };
}

/** One side of a difference: the value there, and where it is in that side's stream (null when not known). */
export interface DifferenceSide {
  value: unknown;
  at: AnswerPlace | null;
}

/** One way the downstream's answer differs from the upstream's. */
export interface Difference {
  code: DifferenceCode;
  severity: DifferenceSeverity;
  /** Where in the answer: `choices[0].text`, `choices[1].toolCalls[0].arguments`, `usage.cacheRead`, `finish`. */
  path: string;
  /** In plain words: `the first 3 characters of upstream's answer are missing: "Hel"`. */
  message: string;
  upstream: DifferenceSide;
  downstream: DifferenceSide;
}

/** What compareStreams finds: whether the downstream carried the upstream's answer, and how it did not. */
export interface Comparison {
  /** True when no difference was found (differences of ignored paths do not count). */
  same: boolean;
  differences: Difference[];
  upstream: Answer;
  downstream: Answer;
  /** One line: `same answer` or how many differences of which codes. */
  summary: string;
}
