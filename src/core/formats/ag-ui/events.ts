// The AG-UI events of protocol 1.0 and the fields each one requires, as @ag-ui/core 1.0.0 states them (its generated
// event types and schemas; reference.md, sources C1 and C2). The client validates every event against them before
// anything else, and rejects the run at the first event that fails; `fieldProblem` says what such an event lacks.
import { isObject, type Json } from '../json-shape.js';

/** What a field must hold. */
type Kind = 'string' | 'int' | 'boolean' | 'array' | 'object' | 'present' | 'content' | 'role' | 'reasoning role' | 'tool role';

interface Shape {
  required: Readonly<Record<string, Kind>>;
  optional?: Readonly<Record<string, Kind>>;
}

/** Every event's optional fields (BaseEvent and attribution); RUN_* and MESSAGES_SNAPSHOT take no subagentRunId. */
const BASE: Readonly<Record<string, Kind>> = { timestamp: 'int', metadata: 'object' };
const ATTRIBUTED: Readonly<Record<string, Kind>> = { ...BASE, subagentRunId: 'string' };
const MESSAGE_ID = { messageId: 'string' } as const;
const TOOL_CALL_ID = { toolCallId: 'string' } as const;

/** The event types of protocol 1.0 (`EventType`), each with its fields. A Map: a type from the wire finds no prototype key. */
export const EVENT_SHAPES: ReadonlyMap<string, Shape> = new Map<string, Shape>([
  ['TEXT_MESSAGE_START', { required: MESSAGE_ID, optional: { role: 'role', name: 'string' } }],
  ['TEXT_MESSAGE_CONTENT', { required: { ...MESSAGE_ID, delta: 'string' } }],
  ['TEXT_MESSAGE_END', { required: MESSAGE_ID }],
  ['TEXT_MESSAGE_CHUNK', { required: {}, optional: { messageId: 'string', role: 'role', delta: 'string', name: 'string' } }],
  ['TOOL_CALL_START', { required: { ...TOOL_CALL_ID, toolCallName: 'string' }, optional: { parentMessageId: 'string' } }],
  ['TOOL_CALL_ARGS', { required: { ...TOOL_CALL_ID, delta: 'string' } }],
  ['TOOL_CALL_END', { required: TOOL_CALL_ID }],
  ['TOOL_CALL_CHUNK', { required: {}, optional: { toolCallId: 'string', toolCallName: 'string', parentMessageId: 'string', delta: 'string' } }],
  ['TOOL_CALL_RESULT', { required: { ...MESSAGE_ID, ...TOOL_CALL_ID, content: 'content' }, optional: { role: 'tool role' } }],
  ['STATE_SNAPSHOT', { required: { snapshot: 'present' } }],
  ['STATE_DELTA', { required: { delta: 'array' } }],
  ['MESSAGES_SNAPSHOT', { required: { messages: 'array' } }],
  ['ACTIVITY_SNAPSHOT', { required: { ...MESSAGE_ID, activityType: 'string', content: 'object' }, optional: { replace: 'boolean' } }],
  ['ACTIVITY_DELTA', { required: { ...MESSAGE_ID, activityType: 'string', patch: 'array' } }],
  ['RAW', { required: { event: 'present' }, optional: { source: 'string' } }],
  ['CUSTOM', { required: { name: 'string', value: 'present' } }],
  ['RUN_STARTED', { required: { threadId: 'string', runId: 'string' }, optional: { protocolVersion: 'string', parentRunId: 'string', input: 'object' } }],
  ['RUN_FINISHED', { required: { threadId: 'string', runId: 'string' }, optional: { outcome: 'object', usage: 'array' } }],
  ['RUN_ERROR', { required: { message: 'string' }, optional: { code: 'string', usage: 'array' } }],
  ['STEP_STARTED', { required: { stepName: 'string' } }],
  ['STEP_FINISHED', { required: { stepName: 'string' } }],
  ['REASONING_START', { required: MESSAGE_ID }],
  ['REASONING_MESSAGE_START', { required: { ...MESSAGE_ID, role: 'reasoning role' } }],
  ['REASONING_MESSAGE_CONTENT', { required: { ...MESSAGE_ID, delta: 'string' } }],
  ['REASONING_MESSAGE_END', { required: MESSAGE_ID }],
  ['REASONING_MESSAGE_CHUNK', { required: {}, optional: { messageId: 'string', delta: 'string' } }],
  ['REASONING_END', { required: MESSAGE_ID }],
  ['REASONING_ENCRYPTED_VALUE', { required: { subtype: 'string', entityId: 'string', encryptedValue: 'string' } }],
  ['SUBAGENT_STARTED', { required: { subagentRunId: 'string', name: 'string' }, optional: { description: 'string', parentSubagentRunId: 'string', parentToolCallId: 'string', parentMessageId: 'string' } }],
  ['SUBAGENT_FINISHED', { required: { subagentRunId: 'string' }, optional: { outcome: 'object' } }],
  ['SUBAGENT_ERROR', { required: { subagentRunId: 'string', message: 'string' }, optional: { code: 'string' } }],
]);

/** The events that carry no attribution to a subagent (run-scoped, conversation-wide, or naming one themselves). */
const UNATTRIBUTED = new Set(['RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR', 'MESSAGES_SNAPSHOT', 'SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR']);

const TEXT_ROLES = new Set(['developer', 'system', 'assistant', 'user']);

function fits(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'present':
      return value !== undefined;
    case 'content':
      return typeof value === 'string' || Array.isArray(value);
    case 'role':
      return typeof value === 'string' && TEXT_ROLES.has(value);
    case 'reasoning role':
      return value === 'reasoning';
    case 'tool role':
      return value === 'tool';
  }
}

const WANTED: Readonly<Record<Kind, string>> = {
  string: 'a string',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  present: 'a JSON value',
  content: 'a string or an array of parts',
  role: '"assistant", "user", "system" or "developer"',
  'reasoning role': '"reasoning"',
  'tool role': '"tool"',
};

function shown(value: unknown): string {
  return value === undefined ? 'missing' : value === null ? 'null' : `${JSON.stringify(value)?.slice(0, 40) ?? String(value)}`;
}

/** Each type's fields, flattened once: [field, kind, required]. */
const CHECKS = new Map<string, ReadonlyArray<readonly [string, Kind, boolean]>>(
  [...EVENT_SHAPES].map(([type, shape]) => {
    const optional = { ...(UNATTRIBUTED.has(type) ? BASE : ATTRIBUTED), ...shape.optional };
    const required = Object.entries(shape.required).map(([field, kind]) => [field, kind, true] as const);
    return [type, [...required, ...Object.entries(optional).map(([field, kind]) => [field, kind, false] as const)]];
  }),
);

/**
 * The first field of `event` its schema rejects, in words ("`threadId` is missing; it must be a string"), or null.
 * A known optional field set to null is rejected too: the protocol's optional fields are absent, never null.
 */
export function fieldProblem(type: string, event: Json): string | null {
  const checks = CHECKS.get(type);
  if (checks === undefined) return null;
  for (const [field, kind, required] of checks) {
    const value = Object.hasOwn(event, field) ? event[field] : undefined;
    if (value === undefined && !required) continue;
    if (!fits(value, kind)) return required ? `\`${field}\` is ${shown(value)}; it must be ${WANTED[kind]}` : `\`${field}\` is ${shown(value)}; when present it must be ${WANTED[kind]}`;
  }
  return null;
}
