import type { MatcherCheck } from './define.js';
import { checkOneOf, quote } from './message.js';
import type { Received } from './input.js';

export { OUTCOMES, VERDICTS } from '../core/index.js';

/** A matcher that compares one named property of the reconstruction with one expected value. */
export function stateCheck<Name extends 'toHaveVerdict' | 'toHaveOutcome' | 'toBeFormat', Value extends string>(
  name: Name,
  noun: string,
  known: readonly Value[],
  read: (received: Received) => Value | null,
): MatcherCheck<[Value]> {
  return {
    name,
    hint: () => ({ expected: 'expected' }),
    validate: ([value]) => checkOneOf(`The ${noun}`, value, known),
    evaluate(_context, received, [value]) {
      const actual = read(received);
      return {
        pass: actual === value,
        failure: `Expected the ${noun} ${quote(value)}; it is ${actual === null ? 'none (no format was recognised)' : quote(actual)}.`,
        notFailure: `Expected ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun} other than ${quote(value)}; it is ${quote(value)}.`,
        diff: { expected: value, actual },
      };
    },
  };
}
