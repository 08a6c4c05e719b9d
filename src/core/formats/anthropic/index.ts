// Anthropic Messages streaming (`POST /v1/messages` with `stream: true`): blocks built at their index, tool input
// parsed when its block stops, `message_delta` usage replacing `message_start`'s field by field, `message_stop` the end.
// The assembly is in anthropic/assembler.ts.
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { answer } from './answer.js';
import { request } from './request.js';
import { anthropicAccelerator } from './accelerator.js';
import { arbitrary } from './arbitrary.js';
import { AnthropicAssembler } from './assembler.js';
import { endRule } from './end-rule.js';
import { ANTHROPIC_ERRORS, ERROR_MESSAGE, ERROR_STYLES, errorFrame, httpErrorBody } from './errors.js';
import { fixtures } from './fixtures.js';
import { finishReasons } from './stop-reasons.js';
import { synthesize } from './synthesize.js';
import { anthropicResponseOf } from './response-of.js';
import { isObject } from '../json-shape.js';
import { ANTHROPIC_OUTPUT } from './output-count.js';
import { clients } from './clients.js';

/** Every event type of the stream; `error` is told apart by its `error` object. */
const EVENT_TYPES = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
]);

function recognise(_frame: Frame, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const { type, error } = payload.value;
  if (typeof type !== 'string') return 0;
  if (EVENT_TYPES.has(type)) return 2;
  return type === 'error' && isObject(error) && typeof error.type === 'string' ? 1 : 0;
}

export const anthropic: FormatModule<'anthropic', typeof ANTHROPIC_ERRORS> = {
  name: 'anthropic',
  title: 'Anthropic Messages',
  endFrame: '`event: message_stop`',
  recognise,
  createAssembler: (context) => new AnthropicAssembler(context),
  synthesize,
  responseOf: anthropicResponseOf,
  finishReasons,
  answer,
  request,
  errorStyles: ERROR_STYLES,
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody,
  endRule,
  errorProviders: ['anthropic'],
  errorTables: [ANTHROPIC_ERRORS],
  fixtures,
  arbitrary,
  accelerator: anthropicAccelerator,
  output: ANTHROPIC_OUTPUT,
  clients,
  // Bedrock's InvokeModelWithResponseStream carries these events in AWS event-stream `chunk` messages (base64
  // `bytes`, unwrapped by that framing): a forced `anthropic` reads such a binary body too, told by its first byte.
  alsoFramings: ['aws-event-stream'],
};
