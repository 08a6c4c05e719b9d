import { compareReconstructions } from '../core/index.js';
import type { MatcherCheck } from './define.js';
import { withRequest, type Received } from './input.js';
import { reconstructResponse, responseValue } from './non-streamed.js';
import { checkMatcherOptions } from './options.js';
import { compareOptionsOf, comparisonOutcome, type SideNames } from './relay.js';
import type { ToMatchNonStreamedOptions } from './types.js';

type Args = [response: unknown, options?: ToMatchNonStreamedOptions];

const NAMES: SideNames = { other: 'the non-streamed response', otherLabel: 'response', received: 'the stream', receivedLabel: 'stream', otherPlaced: false };

/**
 * The stream carries the answer of the non-streamed reply to the same request, in any format: the reply is read as
 * the documented stream its format would have sent, and the two answers are compared as `toRelay` compares them.
 */
export const toMatchNonStreamed: MatcherCheck<Args, Received> = {
  name: 'toMatchNonStreamed',
  hint: ([, options]) => (options === undefined ? { expected: 'response' } : { expected: 'response', secondArgument: 'options' }),
  validate([, options]) {
    checkMatcherOptions('toMatchNonStreamed', options);
  },
  readOptions: ([, options]) => withRequest(options, options?.format ? { format: options.format } : {}),
  prepare([response, options]) {
    const value = responseValue(response);
    const read = (json: unknown) => reconstructResponse(json, options?.responseFormat);
    return value instanceof Promise ? value.then(read) : read(value);
  },
  evaluate(context, received, [, options], response) {
    const comparison = compareReconstructions(response, received, compareOptionsOf(options));
    return comparisonOutcome(context, comparison, response, NAMES);
  },
};
