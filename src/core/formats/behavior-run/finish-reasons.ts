import type { FinishReasonTable } from '../../model.js';

export const BEHAVIOR_RUN_FINISH_REASONS: FinishReasonTable = {
  source: 'reference/salyro.md, "Behavior Run" (Salyro\'s own contract; the seed\'s "Salyro\'s streams")',
  read: '2026-11-30',
  reasons: {
    completed: { meaning: 'The run finished: response.completed arrived with its id and usage.', class: 'ok', finish: 'stop' },
    // The outcome of a failed run is its error event; the class is never what decides it.
    failed: { meaning: 'The run failed: an error event ended it, and `error` holds why.', class: 'ok', finish: 'error' },
  },
};
