import { stateCheck, VERDICTS } from './state-check.js';

/** The verdict: `complete`, `did not finish` or `not the whole stream`. */
export const toHaveVerdict = stateCheck('toHaveVerdict', 'verdict', VERDICTS, (received) => received.verdict);
