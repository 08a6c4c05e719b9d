/**
 * Gemini `models/{model}:streamGenerateContent?alt=sse`: every frame is a whole GenerateContentResponse holding
 * only what is new since the previous frame. There is no end frame: a stream is finished when every candidate it
 * named has a finish reason, when the prompt was blocked and no candidate came, or when an error frame arrived.
 *
 * Choices made here (see also the finish-reason table):
 * - Parts are merged as the non-streamed API returns them: a text part joins the text part before it when both
 *   are of the same kind (answer or `thought`) and it carries no `thoughtSignature`; a signed part starts a new part,
 *   so a signature stays with the text it arrived with. Other parts are kept whole and in order.
 * - A tool call's `id` is the `functionCall.id` when there is one, else null: nothing is made up. A call without
 *   `args` has the arguments `{}` (as the non-streamed API gives `args` for a call without parameters).
 * - Streamed arguments (Vertex `willContinue` / `partialArgs`) are built into one `{name, args}` part, as the
 *   non-streamed API returns the call.
 * - A response candidate carries `index` when a frame of it did (a choice's index is 0 for a candidate without one);
 *   other candidate fields keep their latest non-empty value, except citation lists, which are joined.
 * - Frames after every candidate finished are still assembled (Gemini clients read to the end of the body), and
 *   each one is an `after end` finding. Frames after an error frame are not read.
 */
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { answer } from './answer.js';
import { request } from './request.js';
import { geminiAccelerator } from './accelerator.js';
import { arbitrary } from './arbitrary.js';
import { GeminiAssembler } from './assembler.js';
import { endRule } from './end-rule.js';
import { ERROR_MESSAGE, ERROR_STYLES, errorFrame, GOOGLE_ERRORS, httpErrorBody } from './errors.js';
import { fixtures } from './fixtures.js';
import { GEMINI_FINISH_REASONS } from './finish-reasons.js';
import { synthesize } from './synthesize.js';
import { geminiResponseOf } from './response-of.js';
import { isObject } from '../json-shape.js';
import { GEMINI_OUTPUT } from './output-count.js';
import { clients } from './clients.js';

export { GEMINI_BLOCK_REASONS, GEMINI_FINISH_REASONS } from './finish-reasons.js';
export { MAX_GROWTH, parseJsonPath } from './json-path.js';

function recognise(_frame: Frame, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const value = payload.value;
  if (Array.isArray(value.candidates)) return 2;
  const named = 'usageMetadata' in value || 'promptFeedback' in value || 'modelVersion' in value;
  return named && !('choices' in value) && !('type' in value) ? 1 : 0;
}

export const gemini: FormatModule<'gemini', typeof GOOGLE_ERRORS> = {
  name: 'gemini',
  title: 'Gemini',
  endFrame: 'a `finishReason` for every candidate (Gemini has no end frame)',
  recognise,
  createAssembler: (context) => new GeminiAssembler(context),
  synthesize,
  responseOf: geminiResponseOf,
  finishReasons: GEMINI_FINISH_REASONS,
  answer,
  request,
  errorStyles: ERROR_STYLES,
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody,
  endRule,
  errorProviders: ['google'],
  errorTables: [GOOGLE_ERRORS],
  fixtures,
  arbitrary,
  accelerator: geminiAccelerator,
  output: GEMINI_OUTPUT,
  clients,
};
