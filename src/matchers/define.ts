import { isReconstruction, isLiveStream } from '../core/index.js';
import type { MatcherContext, MatcherResult, MessageStyle } from './context.js';
import { resolveReceived, ReceivedTypeError, type ReadOptions, type Received } from './input.js';
import { failureMessage, type Outcome } from './message.js';
import type { SseMatcherName } from './types.js';
import { SseReconstructError } from '../core/index.js';

/** One matcher, free of any runner: how it reads its arguments and what it decides about a reconstruction. */
export interface MatcherCheck<Args extends unknown[], Prepared = undefined> {
  name: SseMatcherName;
  /** The argument labels in the hint: `expect(received).toHaveFinding(code, options)`. */
  hint(args: Args): { expected: string; secondArgument?: string };
  /** Throws a TypeError for arguments that are not usable, before any stream is read. */
  validate?(args: Args): void;
  readOptions?(args: Args): ReadOptions;
  /**
   * Reads what an argument stands for before `evaluate` (the other stream of `toRelay`, a non-streamed response):
   * a promise when it is live. Throws a TypeError for one that cannot be read.
   */
  prepare?(args: Args): Prepared | Promise<Prepared>;
  /** Decides; `input` is what `expect()` was given, for a matcher that reads the stream's own bytes. */
  evaluate(context: MatcherContext, received: Received, args: Args, prepared: Prepared, input: unknown): Outcome;
}

/** A matcher as `expect.extend` takes it: a result at once for text and reconstructions, a promise for live streams. */
export type MatcherFunction = (this: MatcherContext, received: unknown, ...args: unknown[]) => MatcherResult | Promise<MatcherResult>;

/** The function a runner's `expect.extend` takes: checks at once on text and reconstructions, awaits streams. */
export function toMatcherFunction<Args extends unknown[], Prepared>(check: MatcherCheck<Args, Prepared>, style: MessageStyle): MatcherFunction {
  return function matcher(this: MatcherContext, received: unknown, ...rest: unknown[]) {
    const args = rest as Args;
    // Only a failure prints the hint: build it then (colours and all), not on every passing check.
    const hint = () => hintOf(this, check, args);
    let resolved: Received | Promise<Received>;
    let prepared: Prepared | Promise<Prepared>;
    try {
      check.validate?.(args);
      if (isAsymmetricCall(this) && isLiveStream(received)) throw new TypeError(asymmetricStream(check.name));
      resolved = resolveReceived(received, check.readOptions?.(args) ?? {});
      prepared = check.prepare ? check.prepare(args) : (undefined as Prepared);
    } catch (error) {
      throw usageError(this, hint, error, received);
    }
    if (isThenable(prepared)) {
      const both = Promise.all([resolved, prepared]).catch((error: unknown) => Promise.reject(error instanceof TypeError ? usageError(this, hint, error, received) : error));
      return both.then(([value, ready]) => resultOf(this, style, check, hint, value, args, ready, received));
    }
    const ready = prepared;
    if (resolved instanceof Promise) return resolved.then((value) => resultOf(this, style, check, hint, value, args, ready, received));
    return resultOf(this, style, check, hint, resolved, args, ready, received);
  };
}

function isThenable<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * Both runners call a matcher used as `expect.toBeComplete()` inside `toEqual` with a context that has no `promise`
 * (their `expect(…)` calls always set it): such a match returns a boolean at once, and cannot wait for a stream.
 */
function isAsymmetricCall(context: MatcherContext): boolean {
  return typeof context === 'object' && context !== null && !('promise' in context);
}

function asymmetricStream(name: string): string {
  return `expect.${name}(…) inside toEqual (or another matcher) cannot read a live stream: such a match cannot wait. Read it first, \`const result = await reconstructStream(response)\`, and put the reconstruction in the value compared; or use \`await expect(response).${name}(…)\`.`;
}

function resultOf<Args extends unknown[], Prepared>(context: MatcherContext, style: MessageStyle, check: MatcherCheck<Args, Prepared>, hint: () => string, received: Received, args: Args, prepared: Prepared, input: unknown): MatcherResult {
  let outcome: Outcome;
  try {
    outcome = check.evaluate(context, received, args, prepared, input);
  } catch (error) {
    if (error instanceof TypeError) throw usageError(context, hint, error, received);
    throw error;
  }
  const result: MatcherResult = { pass: outcome.pass, message: () => failureMessage(context, style, hint(), received, outcome) };
  // Vitest draws its diff from these; on a `.not` failure both sides are alike, so no diff.
  if (outcome.diff && !context.isNot) {
    result.expected = outcome.diff.expected;
    result.actual = outcome.diff.actual;
  }
  return result;
}

function hintOf<Args extends unknown[], Prepared>(context: MatcherContext, check: MatcherCheck<Args, Prepared>, args: Args): string {
  const labels = check.hint(args);
  return context.utils.matcherHint(check.name, 'received', labels.expected, {
    isNot: context.isNot,
    promise: context.promise,
    ...(labels.secondArgument ? { secondArgument: labels.secondArgument } : {}),
  });
}

/** A wrong argument or received value fails the test with the hint and what to pass, whether or not `.not`. */
function usageError(context: MatcherContext, hint: () => string, error: unknown, received: unknown): Error {
  const text = error instanceof Error ? error.message : String(error);
  const label = context.utils.BOLD_WEIGHT('Matcher error');
  const shown = error instanceof ReceivedTypeError ? `\n\nReceived: ${context.utils.printReceived(received)}` : '';
  // A reconstruction at hand: say what it is, so the reader knows which stream this was.
  const about = isReconstruction(received) ? `\n\nStream: ${received.summary}` : '';
  const usage = new SseReconstructError('ERR_SSE_MATCHER_USAGE', `${hint()}\n\n${label}: ${text}${shown}${about}`);
  if (error instanceof Error && !(error instanceof TypeError)) usage.cause = error;
  return usage;
}

/** The hint labels of a matcher with one expected argument and optional options. */
export function expectedAndOptions(args: readonly unknown[]): { expected: string; secondArgument?: string } {
  return args[1] === undefined ? { expected: 'expected' } : { expected: 'expected', secondArgument: 'options' };
}
