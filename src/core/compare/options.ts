// The options of the comparisons checked (misuse throws with what to pass), and ignored paths matched.
import { FORMAT_NAMES } from '../model.js';
import { BOOLEAN, checkOptionTable, objectOf, oneOf, type OptionRules } from '../options.js';

const USAGE_MODES = ['exact', 'consistent', 'ignore'] as const;

/** The options of compareStreams, compareReconstructions and compareAnswers. */
export const COMPARE_OPTION_RULES: OptionRules = {
  ignore: {
    expects: "a list of paths such as ['usage.cacheRead', 'choices.*.toolCalls.*.id']",
    accepts: (value) => Array.isArray(value) && value.every((path) => typeof path === 'string' && path.length > 0),
  },
  usage: oneOf(USAGE_MODES),
  ids: BOOLEAN,
  format: objectOf({ upstream: oneOf(FORMAT_NAMES), downstream: oneOf(FORMAT_NAMES) }, `{ upstream: '${FORMAT_NAMES[0]}', downstream: '${FORMAT_NAMES[1] ?? FORMAT_NAMES[0]}' }`),
};

/** Throws a TypeError that says what to pass when `options` is not what the comparisons take. */
export function checkCompareOptions(options: unknown, where: string): void {
  checkOptionTable(options, COMPARE_OPTION_RULES, { where });
}

/** A path as segments: `choices[0].toolCalls[1].id` and `choices.0.toolCalls.1.id` both give the same. */
function segments(path: string): string[] {
  return path.replace(/\[([^\]]*)\]/g, '.$1').split('.').filter((segment) => segment !== '');
}

/** True when `path` is one of `ignore`, or under one (`*` matches any one segment). */
export function isIgnored(path: string, ignore: readonly string[]): boolean {
  if (ignore.length === 0) return false;
  const parts = segments(path);
  return ignore.some((pattern) => {
    const wanted = segments(pattern);
    return wanted.length <= parts.length && wanted.every((segment, i) => segment === '*' || segment === parts[i]);
  });
}
