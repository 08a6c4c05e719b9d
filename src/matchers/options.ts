// The matchers' options, checked by the same table-driven checker as the library's own: a wrong value or an unknown
// name is a matcher error that says what to pass.
import { checkOptionTable, FORMAT_NAMES, oneOf, REQUEST, SEVERITIES, type OptionRule, type OptionRules } from '../core/index.js';
import { isAsymmetric, isPlainObject } from './paths.js';

const WHOLE: OptionRule = { expects: 'a whole number ≥ 0', accepts: (value) => Number.isInteger(value) && (value as number) >= 0 };
const CHOICE: OptionRule = { expects: 'a choice index (0, 1, …)', accepts: WHOLE.accepts };
const FINDING_CODE_LIST: OptionRule = { expects: "an array of finding codes, such as ['crlf', 'not assembled']", accepts: Array.isArray };
const PATH_LIST: OptionRule = {
  expects: "an array of paths such as ['id', 'created', 'choices[*].message.tool_calls[*].id']",
  accepts: (value) => Array.isArray(value) && value.every((path) => typeof path === 'string'),
};
const MESSAGE: OptionRule = {
  expects: 'a string (contained in the message), a RegExp or an asymmetric matcher',
  accepts: (value) => typeof value === 'string' || value instanceof RegExp || isAsymmetric(value),
};

const BOOLEAN: OptionRule = { expects: 'true or false', accepts: (value) => typeof value === 'boolean' };
const USAGE: OptionRule = oneOf(['exact', 'consistent', 'ignore']);
const ANSWER_PATH_LIST: OptionRule = {
  expects: "an array of answer paths such as ['choices.*.citations', 'usage.cacheRead']",
  accepts: PATH_LIST.accepts,
};
const SIDE_FORMATS: OptionRule = {
  expects: `an object such as { upstream: '${FORMAT_NAMES[0] ?? ''}', downstream: '${FORMAT_NAMES[1] ?? ''}' }`,
  accepts: isPlainObject,
  fields: { upstream: oneOf(FORMAT_NAMES), downstream: oneOf(FORMAT_NAMES) },
};

export const MATCHER_OPTION_RULES = {
  toReconstructAs: { ignore: PATH_LIST, format: oneOf(FORMAT_NAMES), request: REQUEST },
  toHaveNoFindings: { ignore: FINDING_CODE_LIST, severity: oneOf(SEVERITIES), request: REQUEST },
  toHaveFinding: { count: WHOLE, line: WHOLE, frame: WHOLE, message: MESSAGE, request: REQUEST },
  toHaveText: { choice: CHOICE, request: REQUEST },
  toStopWith: { choice: CHOICE, request: REQUEST },
  toRelay: { ignore: ANSWER_PATH_LIST, usage: USAGE, ids: BOOLEAN, format: SIDE_FORMATS, request: REQUEST },
  toMatchNonStreamed: { ignore: ANSWER_PATH_LIST, usage: USAGE, ids: BOOLEAN, format: oneOf(FORMAT_NAMES), responseFormat: oneOf(FORMAT_NAMES), request: REQUEST },
  toBeReadableBy: { format: oneOf(FORMAT_NAMES) },
} satisfies Record<string, OptionRules>;

const EXAMPLES: Record<keyof typeof MATCHER_OPTION_RULES, string> = {
  toReconstructAs: "{ ignore: ['id', 'created'] }",
  toHaveNoFindings: "{ severity: 'warning', ignore: ['crlf'] }",
  toHaveFinding: '{ line: 12 } or { count: 2 }',
  toHaveText: '{ choice: 1 }',
  toStopWith: '{ choice: 1 }',
  toRelay: "{ usage: 'exact', ignore: ['choices.*.citations'] }",
  toMatchNonStreamed: "{ usage: 'ignore' }",
  toBeReadableBy: `{ format: '${FORMAT_NAMES[0] ?? ''}' }`,
};

/** Throws a TypeError for options that are not an object of the matcher's known options with usable values. */
export function checkMatcherOptions(matcher: keyof typeof MATCHER_OPTION_RULES, options: unknown): void {
  if (options === undefined) return;
  checkOptionTable(options, MATCHER_OPTION_RULES[matcher], { lead: '', example: EXAMPLES[matcher] });
}
