import type { MatcherCheck } from './define.js';
import { quote } from './message.js';

/** The answer finished and the whole stream is there. */
export const toBeComplete: MatcherCheck<[]> = {
  name: 'toBeComplete',
  hint: () => ({ expected: '' }),
  evaluate(_context, received) {
    return {
      pass: received.verdict === 'complete',
      failure: `Expected the stream to be complete; it is ${quote(received.verdict)} (outcome ${quote(received.outcome)}).`,
      notFailure: `Expected the stream not to be complete; it is complete (outcome ${quote(received.outcome)}).`,
      diff: { expected: 'complete', actual: received.verdict },
    };
  },
};
