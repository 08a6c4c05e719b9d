import type { MatcherCheck } from './define.js';
import { expectedAndOptions } from './define.js';
import { checkOneOf } from './message.js';
import { withoutPaths } from './paths.js';
import { FORMAT_NAMES } from '../core/index.js';
import type { ToReconstructAsOptions } from './types.js';

type Args = [expected: unknown, options?: ToReconstructAsOptions];

/** The equivalent non-streamed response equals `expected`, leaving out the `ignore` paths on both sides. */
export const toReconstructAs: MatcherCheck<Args> = {
  name: 'toReconstructAs',
  hint: expectedAndOptions,
  validate([, options]) {
    if (options === undefined) return;
    if (typeof options !== 'object' || options === null) throw new TypeError(`options must be an object such as { ignore: ['id', 'created'] }.`);
    const ignore: unknown = options.ignore;
    if (ignore !== undefined && !(Array.isArray(ignore) && ignore.every((path) => typeof path === 'string'))) {
      throw new TypeError(`options.ignore must be an array of paths such as ['id', 'created', 'choices[*].message.tool_calls[*].id'].`);
    }
    if (options.format !== undefined) checkOneOf('options.format', options.format, FORMAT_NAMES);
  },
  readOptions: ([, options]) => (options?.format ? { format: options.format } : {}),
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
