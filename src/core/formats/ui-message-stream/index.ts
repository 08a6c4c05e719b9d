// The AI SDK UI message stream (`toUIMessageStreamResponse`, header `x-vercel-ai-ui-message-stream: v1`): `data:`
// parts with a `type`, read as the `ai` package's client reads them (see reference.md and assembler.ts).
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { isObject } from '../json-shape.js';
import { answer } from './answer.js';
import { arbitrary } from './arbitrary.js';
import { UiMessageStreamAssembler } from './assembler.js';
import { endRule } from './end-rule.js';
import { AI_SDK_ERRORS, ERROR_MESSAGE, ERROR_STYLES, errorFrame, httpErrorBody } from './errors.js';
import { UI_STREAM_FINISH_REASONS } from './finish-reasons.js';
import { fixtures } from './fixtures.js';
import { request } from './request.js';
import { uiMessageResponseOf } from './response-of.js';
import { synthesize } from './synthesize.js';

export { UI_STREAM_FINISH_REASONS } from './finish-reasons.js';

/** Part types no other listed format sends (kebab-case names with these fields). */
const OWN_TYPES = new Set([
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-input-error',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'tool-approval-request',
  'start-step',
  'finish-step',
  'source-url',
  'source-document',
  'message-metadata',
]);

/** The envelope parts, told apart from other formats' by having only their own fields. */
const ENVELOPE_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['start', new Set(['type', 'messageId', 'messageMetadata'])],
  ['finish', new Set(['type', 'finishReason', 'messageMetadata'])],
  ['abort', new Set(['type', 'reason'])],
  ['error', new Set(['type', 'errorText'])],
]);

function recognise(_frame: Omit<Frame, 'data'>, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const value = payload.value;
  const type = value.type;
  if (typeof type !== 'string') return 0;
  if (OWN_TYPES.has(type)) return 2;
  const fields = ENVELOPE_FIELDS.get(type);
  if (fields !== undefined) {
    const keys = Object.keys(value);
    if (!keys.every((key) => fields.has(key))) return 0;
    // `{"type":"error","errorText":…}` and a `finish` with a reason name this stream; a bare `start` could be another's.
    return (type === 'error' && typeof value.errorText === 'string') || (type === 'finish' && 'finishReason' in value) || keys.length > 1 ? 2 : 1;
  }
  return type.startsWith('data-') && 'data' in value ? 1 : 0;
}

export const uiMessageStream: FormatModule<'ui-message-stream', typeof AI_SDK_ERRORS> = {
  name: 'ui-message-stream',
  title: 'AI SDK UI message stream',
  endFrame: 'the `finish` part',
  recognise,
  createAssembler: (context) => new UiMessageStreamAssembler(context),
  synthesize,
  responseOf: uiMessageResponseOf,
  finishReasons: UI_STREAM_FINISH_REASONS,
  answer,
  request,
  errorStyles: ERROR_STYLES,
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody,
  endRule,
  errorProviders: ['ai-sdk'],
  errorTables: [AI_SDK_ERRORS],
  fixtures,
  arbitrary,
};
