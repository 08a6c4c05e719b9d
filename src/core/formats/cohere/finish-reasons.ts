// What each Cohere v2 `finish_reason` means, with where that is written.
import type { FinishReasonTable } from '../../model.js';

export const finishReasons: FinishReasonTable = {
  source: 'the `ChatFinishReason` doc comment of the cohere-ai 8.1.0 SDK (cohere/reference.md §5)',
  read: '2026-12-02',
  reasons: {
    COMPLETE: { meaning: 'The model finished its message on its own: the answer is whole.', class: 'ok', finish: 'stop' },
    STOP_SEQUENCE: { meaning: 'The model wrote one of the stop sequences the caller gave: the answer ends there, whole.', class: 'ok', finish: 'stop' },
    MAX_TOKENS: {
      meaning: "The output reached the request's max_tokens or the model's context length and was cut there; a tool call's arguments may be unfinished.",
      class: 'length_limit', finish: 'length',
    },
    TOOL_CALL: { meaning: 'The model asks for tool calls: run them and send their results back in tool messages.', class: 'ok', finish: 'tool_use' },
    ERROR: { meaning: 'The generation failed inside Cohere; `error` says why. What came before is partial.', class: 'error_event', finish: 'error' },
    TIMEOUT: { meaning: 'The generation ran past the time Cohere allows it and was stopped: what came before is partial.', class: 'error_event', finish: 'error' },
  },
};
