import { withRequest } from './input.js';
import type { MatcherCheck } from './define.js';
import { expectedAndOptions } from './define.js';
import { plural, quote } from './message.js';
import { checkMatcherOptions } from './options.js';
import { isAsymmetric } from './paths.js';
import type { AsymmetricMatcherLike, ToStopWithOptions } from './types.js';

type Args = [reason: string | AsymmetricMatcherLike, options?: ToStopWithOptions];

/** Every choice (or the one named) stopped with this finish reason, as the provider wrote it. */
export const toStopWith: MatcherCheck<Args> = {
  name: 'toStopWith',
  hint: expectedAndOptions,
  readOptions: ([, options]) => withRequest(options),
  validate([reason, options]) {
    if (typeof reason !== 'string' && !isAsymmetric(reason)) throw new TypeError(`The finish reason must be a string as the provider writes it ('stop', 'end_turn', 'STOP', …); it is ${quote(reason)}.`);
    checkMatcherOptions('toStopWith', options);
  },
  evaluate(context, received, [reason, options]) {
    const choices = options?.choice === undefined ? received.choices : received.choices.filter((choice) => choice.index === options.choice);
    const reasons = choices.map((choice) => choice.finishReason);
    const pass = choices.length > 0 && reasons.every((actual) => context.equals(actual, reason));
    const which = options?.choice === undefined ? (choices.length > 1 ? 'every choice' : 'the stream') : `choice ${options.choice}`;
    const stopped = choices.length === 0
      ? `there is no ${options?.choice === undefined ? 'choice' : `choice ${options.choice}`} (the stream has ${plural(received.choices.length, 'choice')})`
      : choices.map((choice) => `${choices.length > 1 ? `choice ${choice.index} ` : ''}${choice.finishReason === null ? 'has no finish reason' : `stopped with ${quote(choice.finishReason)}: ${choice.finishMeaning ?? ''}`}`).join('; ');
    const shown = typeof reason === 'string' ? quote(reason) : 'the expected reason';
    const single = reasons.length === 1;
    return {
      pass,
      failure: `Expected ${which} to stop with ${shown}; ${stopped}`,
      notFailure: `Expected ${which} not to stop with ${shown}; ${stopped}`,
      diff: { expected: single ? reason : choices.map(() => reason), actual: single ? reasons[0] : reasons },
    };
  },
};
