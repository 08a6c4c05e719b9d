import { OUTCOMES, stateCheck } from './state-check.js';

/** The outcome: `ok`, `length_limit`, `filtered`, `error_event`, `dropped` or `stalled`. */
export const toHaveOutcome = stateCheck('toHaveOutcome', 'outcome', OUTCOMES, (received) => received.outcome);
