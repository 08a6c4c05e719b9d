import type { MatcherCheck } from './define.js';
import { isPlainObject } from './paths.js';

type Args = [usage: Record<string, unknown>];

/** The usage holds these fields, in the provider's names (a partial match, like toMatchObject). */
export const toHaveUsage: MatcherCheck<Args> = {
  name: 'toHaveUsage',
  hint: () => ({ expected: 'expected' }),
  validate([usage]) {
    if (!isPlainObject(usage)) throw new TypeError('The expected usage must be an object in the provider\'s field names, such as { prompt_tokens: 149 } or { output_tokens: 12 }.');
  },
  evaluate(context, received, [usage]) {
    const actual = received.usage;
    const testers = [...(context.customTesters ?? []), context.utils.iterableEquality, context.utils.subsetEquality];
    const pass = actual !== null && context.equals(actual, usage, testers);
    return {
      pass,
      failure: actual === null ? 'Expected usage with these fields; the stream carries no usage.' : 'Expected the usage to hold these fields; it does not.',
      notFailure: 'Expected the usage not to hold these fields; it does.',
      diff: { expected: usage, actual: actual === null ? null : subset(actual, usage) },
    };
  },
};

/** The fields of `actual` that `expected` names, so the diff shows only what was compared. */
function subset(actual: unknown, expected: unknown): unknown {
  if (!isPlainObject(actual) || !isPlainObject(expected)) return actual;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(expected)) {
    if (key in actual) out[key] = subset(actual[key], expected[key]);
  }
  return out;
}
