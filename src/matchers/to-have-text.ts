import { withRequest } from './input.js';
import type { MatcherCheck } from './define.js';
import { expectedAndOptions } from './define.js';
import { plural, quote } from './message.js';
import { checkMatcherOptions } from './options.js';
import { isAsymmetric } from './paths.js';
import type { AsymmetricMatcherLike, ToHaveTextOptions } from './types.js';

type Args = [text: string | RegExp | AsymmetricMatcherLike, options?: ToHaveTextOptions];

/** The text of one choice: equal to a string, matching a RegExp, or matching an asymmetric matcher. */
export const toHaveText: MatcherCheck<Args> = {
  name: 'toHaveText',
  hint: expectedAndOptions,
  readOptions: ([, options]) => withRequest(options),
  validate([text, options]) {
    if (typeof text !== 'string' && !(text instanceof RegExp) && !isAsymmetric(text)) {
      throw new TypeError(`The expected text must be a string, a RegExp or an asymmetric matcher such as expect.stringContaining('…'); it is ${quote(text)}.`);
    }
    checkMatcherOptions('toHaveText', options);
  },
  evaluate(context, received, [text, options]) {
    const index = options?.choice ?? 0;
    const choice = received.choices.find((candidate) => candidate.index === index);
    const which = index === 0 && received.choices.length <= 1 ? 'the text' : `the text of choice ${index}`;
    if (!choice) {
      return {
        pass: false,
        failure: `Expected ${which} to be ${describe(text)}; there is no choice ${index} (the stream has ${plural(received.choices.length, 'choice')}).`,
        notFailure: '',
      };
    }
    const pass = text instanceof RegExp ? text.test(choice.text) : context.equals(choice.text, text);
    return {
      pass,
      failure: `Expected ${which} to ${text instanceof RegExp ? 'match' : 'be'} ${describe(text)}; it is ${describeText(choice.text)}.`,
      notFailure: `Expected ${which} not to ${text instanceof RegExp ? 'match' : 'be'} ${describe(text)}; it ${text instanceof RegExp ? 'matches' : 'is'}: ${describeText(choice.text)}.`,
      ...(text instanceof RegExp ? {} : { diff: { expected: text, actual: choice.text } }),
    };
  },
};

function describe(text: Args[0]): string {
  if (typeof text === 'string') return describeText(text);
  return text instanceof RegExp ? String(text) : 'what the asymmetric matcher accepts';
}

function describeText(text: string): string {
  if (text.length === 0) return 'empty';
  return text.length > 200 ? `${JSON.stringify(text.slice(0, 200))}… (${text.length} chars)` : JSON.stringify(text);
}
