// Cohere v2 Chat streaming (`POST /v2/chat` with `stream: true`): content blocks and tool calls built at their
// index, the tool plan, citations, and `message-end` with the finish reason and both usage pairs. The assembly is in
// cohere/assembler.ts; the protocol note is cohere/reference.md.
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { isObject } from '../json-shape.js';
import { cohereAccelerator } from './accelerator.js';
import { answer } from './answer.js';
import { arbitrary } from './arbitrary.js';
import { CohereAssembler } from './assembler.js';
import { COHERE_ERRORS, ERROR_MESSAGE, ERROR_STYLES, errorFrame, httpErrorBody } from './errors.js';
import { finishReasons } from './finish-reasons.js';
import { fixtures } from './fixtures.js';
import { COHERE_OUTPUT } from './output-count.js';
import { request } from './request.js';
import { cohereResponseOf } from './response-of.js';
import { synthesize } from './synthesize.js';

/** The event types only Cohere v2 streams send; `debug` is too generic a name to vote (it is read all the same). */
const EVENT_TYPES = new Set([
  'message-start',
  'content-start',
  'content-delta',
  'content-end',
  'tool-plan-delta',
  'tool-call-start',
  'tool-call-delta',
  'tool-call-end',
  'citation-start',
  'citation-end',
  'message-end',
]);

function recognise(_frame: Omit<Frame, 'data'>, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const { type } = payload.value;
  return typeof type === 'string' && EVENT_TYPES.has(type) ? 2 : 0;
}

export const cohere: FormatModule<'cohere', typeof COHERE_ERRORS> = {
  name: 'cohere',
  title: 'Cohere v2 Chat',
  endFrame: '`event: message-end`',
  recognise,
  createAssembler: (context) => new CohereAssembler(context),
  synthesize,
  responseOf: cohereResponseOf,
  finishReasons,
  answer,
  request,
  errorStyles: ERROR_STYLES,
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody,
  // `message-end` ends the answer; the `[DONE]` after it goes with it (the SDK's reader stops at `[DONE]`).
  endRule: {
    ends: (frame) => frame.done || (isObject(frame.json) && frame.json.type === 'message-end'),
    withoutEnd: () => null,
  },
  errorProviders: ['cohere'],
  errorTables: [COHERE_ERRORS],
  fixtures,
  arbitrary,
  accelerator: cohereAccelerator,
  output: COHERE_OUTPUT,
};
