// The part types of the UI message stream and the fields the `ai` client's schema requires of each
// (`uiMessageChunkSchema`, vercel/ai ai@6.0.325 dist/index.mjs, read 2026-12-02). A part that fails the schema makes
// the client (`DefaultChatTransport`) throw and end the response there.
import { isObject, type Json } from '../json-shape.js';
import { UI_STREAM_FINISH_REASONS } from './finish-reasons.js';

/** Each part type with the string fields its schema requires. */
const REQUIRED_STRINGS: ReadonlyMap<string, readonly string[]> = new Map([
  ['start', []],
  ['start-step', []],
  ['finish-step', []],
  ['finish', []],
  ['abort', []],
  ['message-metadata', []],
  ['error', ['errorText']],
  ['text-start', ['id']],
  ['text-delta', ['id', 'delta']],
  ['text-end', ['id']],
  ['reasoning-start', ['id']],
  ['reasoning-delta', ['id', 'delta']],
  ['reasoning-end', ['id']],
  ['tool-input-start', ['toolCallId', 'toolName']],
  ['tool-input-delta', ['toolCallId', 'inputTextDelta']],
  ['tool-input-available', ['toolCallId', 'toolName']],
  ['tool-input-error', ['toolCallId', 'toolName', 'errorText']],
  ['tool-approval-request', ['approvalId', 'toolCallId']],
  ['tool-output-available', ['toolCallId']],
  ['tool-output-error', ['toolCallId', 'errorText']],
  ['tool-output-denied', ['toolCallId']],
  ['source-url', ['sourceId', 'url']],
  ['source-document', ['sourceId', 'mediaType', 'title']],
  ['file', ['url', 'mediaType']],
]);

/** Optional fields whose type the schema checks, when present, by part type: name → the kind it must be. */
type Kinds = ReadonlyArray<readonly [string, 'string' | 'boolean']>;
const TOOL_KINDS: Kinds = [['providerExecuted', 'boolean'], ['dynamic', 'boolean'], ['title', 'string']];
const OPTIONAL_KINDS: ReadonlyMap<string, Kinds> = new Map<string, Kinds>([
  ['start', [['messageId', 'string']]],
  ['abort', [['reason', 'string']]],
  ['tool-input-start', TOOL_KINDS],
  ['tool-input-available', TOOL_KINDS],
  ['tool-input-error', TOOL_KINDS],
  ['tool-output-available', [['providerExecuted', 'boolean'], ['dynamic', 'boolean'], ['preliminary', 'boolean']]],
  ['tool-output-error', [['providerExecuted', 'boolean'], ['dynamic', 'boolean']]],
  ['source-url', [['title', 'string']]],
  ['source-document', [['filename', 'string']]],
]);
const DATA_KINDS: Kinds = [['id', 'string'], ['transient', 'boolean']];

/** The types only this stream has (every part type but the custom `data-*` ones). */
export const PART_TYPES: ReadonlySet<string> = new Set(REQUIRED_STRINGS.keys());

/** A custom data part: `data-` and a name. */
export function isDataPart(type: string): boolean {
  return type.startsWith('data-');
}

/**
 * Why the client's schema rejects `part`, in a few words; null when it takes it. Unknown types, required fields
 * missing or not strings, a checked optional field of the wrong kind, a finish reason outside the enum.
 */
export function schemaProblem(part: Json, type: string): string | null {
  if (isDataPart(type)) return kindProblem(part, DATA_KINDS);
  const required = REQUIRED_STRINGS.get(type);
  if (required === undefined) return `its type ${JSON.stringify(type)} is none the schema lists (nor a \`data-*\` type)`;
  for (const field of required) {
    if (typeof part[field] !== 'string') return `\`${field}\` is ${Object.hasOwn(part, field) ? 'not a string' : 'missing'}`;
  }
  if (type === 'finish' && part.finishReason !== undefined) {
    const reason = part.finishReason;
    if (typeof reason !== 'string' || !Object.hasOwn(UI_STREAM_FINISH_REASONS.reasons, reason)) return `\`finishReason\` ${JSON.stringify(reason)} is not one of the enum's values`;
  }
  if (type === 'tool-input-start' && part.inputEncoding !== undefined && part.inputEncoding !== 'json' && part.inputEncoding !== 'text') return '`inputEncoding` is neither `json` nor `text`';
  const kinds = OPTIONAL_KINDS.get(type);
  return kinds === undefined ? null : kindProblem(part, kinds);
}

function kindProblem(part: Json, kinds: Kinds): string | null {
  for (const [field, kind] of kinds) {
    const value = part[field];
    if (value !== undefined && typeof value !== kind) return `\`${field}\` is not a ${kind}`;
  }
  return null;
}

/** A part's `type`, when the value is an object with a string type. */
export function partType(value: unknown): string | null {
  return isObject(value) && typeof value.type === 'string' ? value.type : null;
}
