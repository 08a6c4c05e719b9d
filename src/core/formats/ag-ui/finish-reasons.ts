// AG-UI carries no finish reason: how a run ended is its terminal event and RUN_FINISHED's `outcome`. These are the
// names this library gives each ending (the choice's `finishReason`), read from @ag-ui/core 1.0.0's RunFinishedEvent
// and RunErrorEvent (reference.md, C1).
import type { FinishReasonTable } from '../../model.js';

export const AG_UI_FINISH_REASONS: FinishReasonTable = {
  source: '@ag-ui/core 1.0.0 RunFinishedEvent.outcome and RunErrorEvent (this library names each ending; the protocol has no finish reason field)',
  read: '2026-12-02',
  reasons: {
    success: { meaning: 'RUN_FINISHED with no outcome or a `success` outcome, and no tool call left for the application: the run completed.', class: 'ok', finish: 'stop' },
    tool_calls: {
      meaning: 'RUN_FINISHED with a `success` outcome while tool calls wait for the application (`pendingToolCallIds`, or calls with no TOOL_CALL_RESULT): the next input carries their results.',
      class: 'ok',
      finish: 'tool_use',
    },
    interrupt: { meaning: 'RUN_FINISHED with an `interrupt` outcome: the run paused for an approval or a value; a new run resumes it.', class: 'ok', finish: 'pause' },
    cancelled: {
      meaning: 'RUN_FINISHED with a `cancelled` outcome: whoever ran it stopped the run before it completed; it did not fail, and produced no result.',
      class: 'ok',
      finish: 'unknown',
    },
    // The outcome of a failed run is its error event; the class is never what decides it.
    error: { meaning: 'RUN_ERROR ended the run: it failed, and `error` holds its message and code.', class: 'ok', finish: 'error' },
  },
};
