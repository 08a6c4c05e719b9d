/**
 * What both runners give a matcher as `this` (Jest 30 and Vitest 4 alike): only this intersection is used, so
 * one matcher works in either and formats with the runner's own colours and diff.
 */
export type Tester = (a: unknown, b: unknown, customTesters: Tester[]) => boolean | undefined;

export interface MatcherHintOptions {
  isNot?: boolean;
  promise?: string;
  secondArgument?: string;
  comment?: string;
}

export interface MatcherUtils {
  matcherHint(matcherName: string, received?: string, expected?: string, options?: MatcherHintOptions): string;
  printExpected(value: unknown): string;
  printReceived(value: unknown): string;
  printDiffOrStringify(expected: unknown, received: unknown, expectedLabel: string, receivedLabel: string, expand: boolean): string;
  stringify(value: unknown, maxDepth?: number): string;
  EXPECTED_COLOR(text: string): string;
  RECEIVED_COLOR(text: string): string;
  DIM_COLOR(text: string): string;
  BOLD_WEIGHT(text: string): string;
  iterableEquality: Tester;
  subsetEquality: Tester;
}

/** The `this` a runner gives a matcher: the parts of Jest's and Vitest's matcher context the matchers use. */
export interface MatcherContext {
  /** Vitest leaves it undefined when there is no `.not`. */
  isNot: boolean | undefined;
  promise: string;
  expand?: boolean;
  equals(a: unknown, b: unknown, customTesters?: Tester[], strictCheck?: boolean): boolean;
  customTesters?: Tester[];
  utils: MatcherUtils;
}

/** What a matcher returns to the runner: pass or not, the message, and the two sides of a diff. */
export interface MatcherResult {
  pass: boolean;
  message(): string;
  actual?: unknown;
  expected?: unknown;
}

/** How a runner shows a failure: Vitest draws the diff from `actual`/`expected`; Jest shows only the message. */
export type MessageStyle = 'vitest' | 'jest';
