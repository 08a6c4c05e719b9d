// OpenAI's and Salyro's Responses stream (`POST /v1/responses`, `stream: true`): typed events, each numbered by
// `sequence_number`, ending with response.completed, response.incomplete, response.failed or error.
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { openAiHttpErrorBody } from '../openai-errors.js';
import { answer } from './answer.js';
import { request } from './request.js';
import { responsesAccelerator } from './accelerator.js';
import { arbitrary } from './arbitrary.js';
import { ResponsesAssembler } from './assembler.js';
import { endRule } from './end-rule.js';
import { ERROR_MESSAGE, ERROR_STYLES, errorFrame } from './errors.js';
import { fixtures } from './fixtures.js';
import { hasResponsesField, isObject } from './shapes.js';
import { RESPONSES_FINISH_REASONS } from './finish-reasons.js';
import { synthesizeResponses } from './synthesize.js';
import { responsesResponseOf } from './response-of.js';
import { RESPONSES_OUTPUT } from './output-count.js';
import { clients } from './clients.js';

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
  responseOf: responsesResponseOf,
  finishReasons: RESPONSES_FINISH_REASONS,
  answer,
  request,
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
  output: RESPONSES_OUTPUT,
  clients,
};
