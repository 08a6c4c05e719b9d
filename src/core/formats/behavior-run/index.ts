/**
 * Salyro Behavior Run (`POST /v1/behaviors/{behavior}/runs`, `stream: true`), as reference/salyro.md defines it:
 * a run begins with `response.started`, streams `output_text.delta` and tool steps, and ends with
 * `response.completed` or `error`. There is no `[DONE]`.
 *
 * Choices made here:
 * - The answer is choice 0's text. Tool steps run on the server, so they are `steps`, not tool calls: choice 0 has
 *   no tool calls, and a client has nothing to answer.
 * - A `behavior`, `version` or `usage` that breaks the contract is shown as the string `'unknown'` in `response`
 *   (so a draft's `null` version stays distinct from a version nobody can read); `Assembly.usage` is then null.
 *   Without `response.started`, `behavior` and `version` are `'unknown'` too.
 * - A second `response.started`, or a second `tool.started` for a step in use, is `block restarted`: the later
 *   one replaces the earlier, and the stream is not called whole.
 * - Fields the contract types but does not name as bad fields (`id`, `delta`, `step`, `tool`, `created`) are
 *   `not assembled` when their type is wrong, and the event (or the field) is skipped.
 */
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { isObject } from '../json-shape.js';
import { answer } from './answer.js';
import { request } from './request.js';
import { arbitrary } from './arbitrary.js';
import { BehaviorRunAssembler } from './assembler.js';
import { endRule } from './end-rule.js';
import { ERROR_MESSAGE, ERROR_STYLES, errorFrame, httpErrorBody, SALYRO_ERRORS } from './errors.js';
import { BEHAVIOR_RUN_FINISH_REASONS } from './finish-reasons.js';
import { fixtures } from './fixtures.js';
import { synthesize } from './synthesize.js';
import { behaviorRunResponseOf } from './response-of.js';

export { BEHAVIOR_RUN_FINISH_REASONS } from './finish-reasons.js';

/** The events only a run sends (its `response.completed` and `error` are told apart by their fields). */
const RUN_EVENTS = new Set(['response.started', 'output_text.delta', 'tool.started', 'tool.completed', 'tool.failed']);

function recognise(_frame: Frame, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const value = payload.value;
  const type = value.type;
  if (typeof type !== 'string') return 0;
  if (RUN_EVENTS.has(type)) return 2;
  if (type === 'response.completed' && !('response' in value)) {
    const usage = value.usage;
    return isObject(usage) && 'inputTokens' in usage && 'outputTokens' in usage ? 2 : 1;
  }
  if (type === 'error' && !('sequence_number' in value) && isObject(value.error)) {
    return typeof value.error.message === 'string' && !('type' in value.error) ? 1 : 0;
  }
  return 0;
}

export const behaviorRun: FormatModule<'behavior-run', typeof SALYRO_ERRORS> = {
  name: 'behavior-run',
  title: 'Behavior Run',
  endFrame: '`response.completed` (or an `error` event)',
  recognise,
  createAssembler: (context) => new BehaviorRunAssembler(context),
  synthesize,
  responseOf: behaviorRunResponseOf,
  finishReasons: BEHAVIOR_RUN_FINISH_REASONS,
  answer,
  request,
  errorStyles: ERROR_STYLES,
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody,
  endRule,
  errorProviders: ['salyro'],
  errorTables: [SALYRO_ERRORS],
  fixtures,
  arbitrary,
};
