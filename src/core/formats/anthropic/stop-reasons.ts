// What each `stop_reason` of Anthropic Messages means, with where that is written.
import type { FinishReasonTable } from '../../model.js';

export const finishReasons: FinishReasonTable = {
  source:
    'https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons and the `StopReason` doc comment of anthropics/anthropic-sdk-typescript (reference/anthropic.md §8)',
  read: '2026-11-30',
  reasons: {
    end_turn: { meaning: 'The model finished its turn on its own: the answer is whole.', class: 'ok', finish: 'stop' },
    max_tokens: {
      meaning: "The output reached the request's max_tokens (or the model's own output ceiling) and was cut there; a tool input may be unfinished.",
      class: 'length_limit', finish: 'length',
    },
    stop_sequence: {
      meaning: 'The model wrote one of the stop_sequences the caller gave; stop_sequence says which. The text ends just before it.',
      class: 'ok', finish: 'stop',
    },
    tool_use: {
      meaning: 'The model called one or more of the caller\'s tools: run them and send their results back in tool_result blocks.',
      class: 'ok', finish: 'tool_use',
    },
    pause_turn: {
      meaning: 'Anthropic paused a long turn (usually a server-tool loop such as web search); send the response back as the assistant turn to let it go on.',
      class: 'ok', finish: 'pause',
    },
    refusal: {
      meaning: "Anthropic's safety classifiers stopped the answer as a possible policy violation; stop_details may name the category, and what came before may be partial.",
      class: 'filtered', finish: 'refusal',
    },
    model_context_window_exceeded: {
      meaning: "The model's context window filled up before max_tokens was reached: the output is valid but cut short.",
      class: 'length_limit', finish: 'length',
    },
  },
};
