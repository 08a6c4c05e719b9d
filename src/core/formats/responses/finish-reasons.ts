// What each Responses status (with `incomplete_details.reason` when incomplete) means, and where that was read.
import type { FinishReasonTable } from '../../model.js';

export const RESPONSES_FINISH_REASONS: FinishReasonTable = {
  source:
    'openai/openai-openapi openapi.yaml@f85dbe223d40e1a31cba812ab2d755c7e98a92a3 (Response.status, incomplete_details.reason), via reference/responses.md §7; Salyro: reference/salyro.md (Responses)',
  read: '2026-08-21',
  reasons: {
    completed: { meaning: 'The response finished normally: the answer is whole.', class: 'ok', finish: 'stop' },
    'incomplete:max_output_tokens': {
      meaning:
        'The response stopped at max_output_tokens, a limit that counts reasoning tokens as well as visible output: the answer is cut short. Salyro ends a provider length stop this way too.',
      class: 'length_limit', finish: 'length',
    },
    'incomplete:content_filter': {
      meaning: 'Content filtering stopped the output: the answer is cut short and was filtered.',
      class: 'filtered', finish: 'content_filter',
    },
    incomplete: {
      meaning: 'The response stopped before it finished and gave no reason: the answer is partial.',
      class: 'length_limit', finish: 'unknown',
    },
    failed: {
      meaning: 'Generation failed; the response carries the error. What arrived is partial.',
      class: 'ok', finish: 'error',
    },
    cancelled: {
      meaning: 'The client cancelled the response (background mode): the answer stops where it was cancelled.',
      class: 'length_limit', finish: 'unknown',
    },
    in_progress: {
      meaning: 'Still being generated when the stream stopped: no terminal event arrived, so the answer may be partial.',
      class: 'ok', finish: 'unknown',
    },
    queued: {
      meaning: 'Accepted and waiting to start (background mode) when the stream stopped: nothing was generated yet.',
      class: 'ok', finish: 'unknown',
    },
  },
};
