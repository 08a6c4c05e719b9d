import { compareReconstructions, REQUEST_FINDING_CODES } from '../core/index.js';
import type { MatcherCheck } from './define.js';
import type { Outcome } from './message.js';
import { resolveReceived, ReceivedTypeError, type Received, withRequest } from './input.js';
import { checkMatcherOptions } from './options.js';
import { compareOptionsOf, comparisonOutcome, type SideNames } from './relay.js';
import type { ToRelayOptions } from './types.js';

type Args = [upstream: unknown, options?: ToRelayOptions];

const NAMES: SideNames = { other: 'the upstream', otherLabel: 'upstream', received: 'the downstream', receivedLabel: 'downstream' };

/**
 * The received stream (a relay's downstream) carries the answer of `upstream`, whatever format each side speaks.
 * Both sides are read as any matcher reads its stream: at once for text, once per object for live streams.
 */
export const toRelay: MatcherCheck<Args, Received> = {
  name: 'toRelay',
  hint: ([, options]) => (options === undefined ? { expected: 'upstream' } : { expected: 'upstream', secondArgument: 'options' }),
  validate([, options]) {
    checkMatcherOptions('toRelay', options);
  },
  readOptions: ([, options]) => withRequest(options, options?.format?.downstream ? { format: options.format.downstream } : {}),
  prepare([upstream, options]) {
    try {
      return resolveReceived(upstream, options?.format?.upstream ? { format: options.format.upstream } : {});
    } catch (error) {
      if (!(error instanceof ReceivedTypeError)) throw error;
      // The message names the received value; here it is the argument that cannot be read.
      throw new TypeError(`The upstream (toRelay's first argument) ${error.message.replace(/^The received value /, '')}`);
    }
  },
  evaluate(context, received, [, options], upstream) {
    const comparison = compareReconstructions(upstream, received, compareOptionsOf(options));
    const outcome = comparisonOutcome(context, comparison, upstream, NAMES);
    return options?.request === undefined ? outcome : withUnmetRequest(outcome, received);
  },
};

/** The request findings that fail a relay: what the client asked and its stream does not show (not `info`). */
function withUnmetRequest(outcome: Outcome, received: Received): Outcome {
  const unmet = received.findings.filter((finding) => (REQUEST_FINDING_CODES as readonly string[]).includes(finding.code) && finding.severity !== 'info');
  if (unmet.length === 0) return outcome;
  const lines = unmet.map((finding) => `  ${finding.code} (${finding.severity}) at ${finding.line}:${finding.column}: ${finding.message}`);
  const told = `The downstream does not do what the client's request asked:\n${lines.join('\n')}`;
  return { ...outcome, pass: false, failure: outcome.pass ? `Expected the downstream to do what its request asked.\n\n${told}` : `${outcome.failure}\n\n${told}` };
}
