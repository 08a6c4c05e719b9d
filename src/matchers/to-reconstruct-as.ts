import { withRequest } from './input.js';
import type { MatcherCheck } from './define.js';
import { expectedAndOptions } from './define.js';
import { checkMatcherOptions } from './options.js';
import { withoutPaths } from './paths.js';
import type { ToReconstructAsOptions } from './types.js';

type Args = [expected: unknown, options?: ToReconstructAsOptions];

/** The equivalent non-streamed response equals `expected`, leaving out the `ignore` paths on both sides. */
export const toReconstructAs: MatcherCheck<Args> = {
  name: 'toReconstructAs',
  hint: expectedAndOptions,
  validate([, options]) {
    checkMatcherOptions('toReconstructAs', options);
  },
  readOptions: ([, options]) => withRequest(options, options?.format ? { format: options.format } : {}),
  evaluate(context, received, [expected, options]) {
    const ignore = options?.ignore ?? [];
    const actual = withoutPaths(received.response, ignore);
    const wanted = withoutPaths(expected, ignore);
    const pass = received.response !== null && context.equals(actual, wanted, [...(context.customTesters ?? []), context.utils.iterableEquality]);
    const ignoring = ignore.length > 0 ? ` (leaving out ${ignore.join(', ')})` : '';
    const found = received.response === null ? 'there is no response: no format was recognised in the stream.' : 'it differs.';
    return {
      pass,
      failure: `Expected the stream to reconstruct as the expected response${ignoring}; ${found}`,
      notFailure: `Expected the stream not to reconstruct as this response${ignoring}; it does.`,
      diff: { expected: wanted, actual },
    };
  },
};
