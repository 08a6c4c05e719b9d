// OpenAI's and Salyro's Responses stream (`POST /v1/responses`, `stream: true`): typed events, each numbered by
// `sequence_number`, ending with response.completed, response.incomplete, response.failed or error.
import type { Frame, Payload } from '../decode/frame.js';
import type { FormatModule } from '../model.js';
import { ResponsesAssembler } from './responses/assembler.js';
import { RESPONSES_FINISH_REASONS } from './responses/finish-reasons.js';
import { hasResponsesField, isObject } from './responses/shapes.js';
import { synthesizeResponses } from './responses/synthesize.js';
import { RESPONSES_OUTPUT } from './output-count.js';

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

export const responses: FormatModule = {
  name: 'responses',
  title: 'Responses',
  endFrame: '`response.completed` (or `response.incomplete`, `response.failed`, `error`)',
  recognise,
  createAssembler: (context) => new ResponsesAssembler(context),
  synthesize: synthesizeResponses,
  finishReasons: RESPONSES_FINISH_REASONS,
  output: RESPONSES_OUTPUT,
};
