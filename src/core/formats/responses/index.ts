// OpenAI's and Salyro's Responses stream (`POST /v1/responses`, `stream: true`): typed events, each numbered by
// `sequence_number`, ending with response.completed, response.incomplete, response.failed or error.
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { openAiHttpErrorBody } from '../openai-errors.js';
import { responsesAccelerator } from './accelerator.js';
import { arbitrary } from './arbitrary.js';
import { ResponsesAssembler } from './assembler.js';
import { endRule } from './end-rule.js';
import { ERROR_MESSAGE, ERROR_STYLES, errorFrame } from './errors.js';
import { fixtures } from './fixtures.js';
import { hasResponsesField, isObject } from './shapes.js';
import { synthesizeResponses } from './synthesize.js';

/**
 * 2 for a `response.*` event that carries one of the Responses fields; Salyro's Behavior Run also sends
 * `response.started` and `response.completed`, but with none of them (its completed has `id` and `usage` only).
 * 1 for a numbered `error` event, which could be this format's.
 */
function recognise(_frame: Frame, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const value = payload.value;
  const type = value.type;
  if (typeof type !== 'string') return 0;
  if (type.startsWith('response.') && hasResponsesField(value)) return 2;
  if (type === 'error' && 'sequence_number' in value) return 1;
  return 0;
}

export const responses: FormatModule<'responses', never> = {
  name: 'responses',
  title: 'Responses',
  endFrame: '`response.completed` (or `response.incomplete`, `response.failed`, `error`)',
  recognise,
  createAssembler: (context) => new ResponsesAssembler(context),
  synthesize: synthesizeResponses,
  finishReasons: {
    source:
      'openai/openai-openapi openapi.yaml@f85dbe223d40e1a31cba812ab2d755c7e98a92a3 (Response.status, incomplete_details.reason), via reference/responses.md §7; Salyro: reference/salyro.md (Responses)',
    read: '2026-08-21',
    reasons: {
      completed: { meaning: 'The response finished normally: the answer is whole.', class: 'ok' },
      'incomplete:max_output_tokens': {
        meaning:
          'The response stopped at max_output_tokens, a limit that counts reasoning tokens as well as visible output: the answer is cut short. Salyro ends a provider length stop this way too.',
        class: 'length_limit',
      },
      'incomplete:content_filter': {
        meaning: 'Content filtering stopped the output: the answer is cut short and was filtered.',
        class: 'filtered',
      },
      incomplete: {
        meaning: 'The response stopped before it finished and gave no reason: the answer is partial.',
        class: 'length_limit',
      },
      failed: {
        meaning: 'Generation failed; the response carries the error. What arrived is partial.',
        class: 'ok',
      },
      cancelled: {
        meaning: 'The client cancelled the response (background mode): the answer stops where it was cancelled.',
        class: 'length_limit',
      },
      in_progress: {
        meaning: 'Still being generated when the stream stopped: no terminal event arrived, so the answer may be partial.',
        class: 'ok',
      },
      queued: {
        meaning: 'Accepted and waiting to start (background mode) when the stream stopped: nothing was generated yet.',
        class: 'ok',
      },
    },
  },
  errorStyles: ERROR_STYLES,
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody: openAiHttpErrorBody,
  endRule,
  // OpenAI's entries are listed by Chat Completions, which streams them too: a provider's entries are listed once.
  errorProviders: ['openai', 'salyro'],
  errorTables: [],
  fixtures,
  arbitrary,
  accelerator: responsesAccelerator,
};
