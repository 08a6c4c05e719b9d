// The `finish` part's reasons: the enum of `uiMessageChunkSchema` in the `ai` package (vercel/ai, ai@6.0.325,
// dist/index.mjs, read 2026-12-02), the language model's finish reasons in kebab case.
import type { FinishReasonTable } from '../../model.js';

/** The reasons a `finish` part may carry: any other value fails the `ai` client's schema. */
export const UI_STREAM_FINISH_REASONS: FinishReasonTable = {
  source: 'vercel/ai ai@6.0.325 uiMessageChunkSchema (`finish.finishReason`) and LanguageModelV3FinishReason',
  read: '2026-12-02',
  reasons: {
    stop: { meaning: 'The model ended its answer (or a stop sequence was met): the answer is whole.', class: 'ok', finish: 'stop' },
    length: { meaning: 'The output token limit was reached: the answer is cut short.', class: 'length_limit', finish: 'length' },
    'content-filter': { meaning: "The provider's content filter stopped the answer.", class: 'filtered', finish: 'content_filter' },
    'tool-calls': { meaning: 'The model stopped to call tools: the client runs them (or the server did) and continues.', class: 'ok', finish: 'tool_use' },
    error: { meaning: 'The generation failed; an `error` part says why.', class: 'error_event', finish: 'error' },
    other: { meaning: 'The provider gave a reason the AI SDK has no name for: nothing says whether the answer is whole.', class: 'ok', finish: 'unknown' },
  },
};
