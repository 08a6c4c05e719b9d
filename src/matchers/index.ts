import type { MessageStyle } from './context.js';
import { type MatcherCheck, type MatcherFunction, toMatcherFunction } from './define.js';
import { toArriveWithin } from './to-arrive-within.js';
import { toBeComplete } from './to-be-complete.js';
import { toBeEventStream } from './to-be-event-stream.js';
import { toBeFormat } from './to-be-format.js';
import { toHaveFinding } from './to-have-finding.js';
import { toHaveNoFindings } from './to-have-no-findings.js';
import { toHaveOutcome } from './to-have-outcome.js';
import { toHaveText } from './to-have-text.js';
import { toHaveToolCall } from './to-have-tool-call.js';
import { toHaveToolCalls } from './to-have-tool-calls.js';
import { toHaveUsage } from './to-have-usage.js';
import { toHaveVerdict } from './to-have-verdict.js';
import { toMatchNonStreamed } from './to-match-non-streamed.js';
import { toBeReadableBy } from './to-be-readable-by.js';
import { toReconstructAs } from './to-reconstruct-as.js';
import { toRelay } from './to-relay.js';
import { toStopWith } from './to-stop-with.js';
import type { SseMatcherName } from './types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each check has its own argument tuple
const CHECKS: Record<SseMatcherName, MatcherCheck<any, any>> = {
  toReconstructAs,
  toHaveNoFindings,
  toHaveFinding,
  toBeComplete,
  toHaveVerdict,
  toHaveOutcome,
  toBeFormat,
  toHaveText,
  toHaveToolCall,
  toHaveToolCalls,
  toStopWith,
  toHaveUsage,
  toArriveWithin,
  toBeEventStream,
  toRelay,
  toMatchNonStreamed,
  toBeReadableBy,
};

/** Every matcher by name, as `expect.extend` takes them. */
export type SseMatcherFunctions = Record<SseMatcherName, MatcherFunction>;

/**
 * The matchers for `expect.extend`. `'jest'` puts the diff in the message (every Jest-compatible `expect` shows
 * it); `'vitest'` returns `actual`/`expected` and lets Vitest draw the diff.
 */
export function createMatchers(style: MessageStyle = 'jest'): SseMatcherFunctions {
  const entries = Object.entries(CHECKS).map(([name, check]) => [name, toMatcherFunction(check, style)]);
  return Object.fromEntries(entries) as SseMatcherFunctions;
}

/** The matchers for any Jest-compatible `expect.extend`, with no runner imported and nothing registered. */
export const matchers: SseMatcherFunctions = createMatchers('jest');

/**
 * The matchers that return a promise when given a live stream (all of them: a Response, ReadableStream or async
 * iterable is read first), for the `asyncMatchers` of `jest/valid-expect` and `vitest/valid-expect`. On text or a
 * reconstruction they check at once, and awaiting them costs nothing.
 */
export const ASYNC_MATCHERS: readonly SseMatcherName[] = Object.freeze(Object.keys(CHECKS) as SseMatcherName[]);

export type { MatcherContext, MatcherResult, MessageStyle } from './context.js';
export type { MatcherFunction } from './define.js';
export { configure, type MatcherSettings } from './input.js';
export type * from './types.js';
export type { SseAsymmetricMatchers } from './asymmetric.js';
