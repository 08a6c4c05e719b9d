// The AI SDK UI message stream's rules, stated from its protocol note (src/core/formats/ui-message-stream/reference.md:
// the part schema of §2, the client's building of §3, the end of §6), apart from the library's assembler: parts by
// `type`; text and reasoning open and close by id (a step's end forgets the open ids); tool calls by `toolCallId`;
// `finish` ends a finished answer and keeps the last reason given; `[DONE]` closes the body; `error` and `abort` fail it.
import { isObject, type FrameFields } from '../../src/core/index.js';
import { lost, type FormatOracle, type Json, type Shared } from './shared.js';

/** Required fields of each part type that must be strings (fields of any value only need to be there). */
const STRINGS: Record<string, readonly string[]> = {
  start: [], 'start-step': [], 'finish-step': [], finish: [], abort: [], 'message-metadata': [],
  error: ['errorText'],
  'text-start': ['id'], 'text-delta': ['id', 'delta'], 'text-end': ['id'],
  'reasoning-start': ['id'], 'reasoning-delta': ['id', 'delta'], 'reasoning-end': ['id'],
  'tool-input-start': ['toolCallId', 'toolName'], 'tool-input-delta': ['toolCallId', 'inputTextDelta'],
  'tool-input-available': ['toolCallId', 'toolName'], 'tool-input-error': ['toolCallId', 'toolName', 'errorText'],
  'tool-approval-request': ['approvalId', 'toolCallId'],
  'tool-output-available': ['toolCallId'], 'tool-output-error': ['toolCallId', 'errorText'], 'tool-output-denied': ['toolCallId'],
  'source-url': ['sourceId', 'url'], 'source-document': ['sourceId', 'mediaType', 'title'], file: ['url', 'mediaType'],
};
/** Required fields of any value. */
const PRESENT: Record<string, readonly string[]> = {
  'message-metadata': ['messageMetadata'], 'tool-input-available': ['input'], 'tool-input-error': ['input'], 'tool-output-available': ['output'],
};
const FINISH_REASONS = new Set(['stop', 'length', 'content-filter', 'tool-calls', 'error', 'other']);

/** Whether the client's part schema takes a part (the optional fields this note lists as checked included). */
function schemaTakes(part: Json, type: string): boolean {
  const data = /^data-./.test(type);
  if (!data && !Object.hasOwn(STRINGS, type)) return false;
  if (data && !Object.hasOwn(part, 'data')) return false;
  if (!data && STRINGS[type]!.some((field) => typeof part[field] !== 'string')) return false;
  if (Object.hasOwn(PRESENT, type) && PRESENT[type]!.some((field) => !Object.hasOwn(part, field))) return false;
  const optional = (field: string, kind: 'string' | 'boolean') => !Object.hasOwn(part, field) || typeof part[field] === kind;
  if (type === 'start' && !optional('messageId', 'string')) return false;
  if (type === 'abort' && !optional('reason', 'string')) return false;
  if (type === 'finish' && Object.hasOwn(part, 'finishReason') && !FINISH_REASONS.has(part.finishReason as string)) return false;
  if (data) return optional('id', 'string') && optional('transient', 'boolean');
  return true;
}

/** The client's reading of an input text: JSON, or (a partial text) what it is as a string. */
function inputOf(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return JSON.stringify(text);
  }
}

export function uiMessageStreamOracle(shared: Shared): FormatOracle {
  let closed = false;
  let finished = false;
  let afterFinish = false;
  let error = false;
  let reason: string | null = null;
  // Text and reasoning parts, each streaming until its end; the ids open now (a step's end forgets them, not the parts).
  const texts: Array<{ streaming: boolean }> = [];
  const open = new Map<string, { kind: string; part: { streaming: boolean } }>();
  const calls = new Map<string, { streaming: boolean; raw: string }>();
  const finish = (part: Json) => {
    if (finished) shared.codes.add('after finish');
    finished = true;
    if (typeof part.finishReason === 'string') reason = part.finishReason;
    else if (reason === null) shared.codes.add('finish without reason');
  };
  const startText = (id: string, kind: string) => {
    const part = { streaming: true };
    texts.push(part);
    open.set(id, { kind, part });
  };
  const readText = (type: string, part: Json) => {
    const [kind, step] = type.split('-') as [string, string];
    const id = part.id as string;
    if (step === 'start') return startText(id, kind);
    const opened = open.get(id);
    if (opened?.kind !== kind) {
      lost(shared, 'block unstarted');
      // The piece is kept as a part of its own, still open.
      if (step === 'delta') startText(id, kind);
      return;
    }
    if (step === 'end') {
      opened.part.streaming = false;
      open.delete(id);
    }
  };
  const readTool = (type: string, part: Json) => {
    const id = part.toolCallId as string;
    const call = calls.get(id);
    if (type === 'tool-input-start') return void (call ? (call.streaming = true) : calls.set(id, { streaming: true, raw: '' }));
    if (type === 'tool-input-available' || type === 'tool-input-error') {
      if (type === 'tool-input-error') shared.codes.add('tool failed');
      else if (call !== undefined && call.raw !== '' && inputOf(call.raw) !== JSON.stringify(part.input)) shared.codes.add('done mismatch');
      return void calls.set(id, { streaming: false, raw: call?.raw ?? '' });
    }
    if (call === undefined) return lost(shared, 'block unstarted');
    if (type === 'tool-input-delta') call.raw += part.inputTextDelta as string;
    if (type === 'tool-output-error') shared.codes.add('tool failed');
  };
  return {
    read(frame: FrameFields) {
      if (closed) return void shared.codes.add('after end');
      if (frame.done) return void (closed = true);
      const part = frame.json;
      const type = isObject(part) && typeof part.type === 'string' ? part.type : null;
      if (!isObject(part) || type === null || !schemaTakes(part, type)) return void shared.codes.add('part rejected');
      if (type === 'finish') return finish(part);
      if (finished && !afterFinish) {
        afterFinish = true;
        shared.codes.add('after finish');
      }
      if (type === 'finish-step') return void open.clear();
      if (type === 'error' || type === 'abort') {
        error = true;
        return void shared.codes.add('error event');
      }
      if (/^(?:text|reasoning)-/.test(type)) return readText(type, part);
      if (type.startsWith('tool-')) readTool(type, part);
    },
    finish() {
      // A part the client still shows streaming (or a call still streaming its input) once the answer finished.
      if (finished && [...texts, ...calls.values()].some((part) => part.streaming)) shared.codes.add('block open');
      // An error ends a failed answer, though the client reads on until the body closes.
      return { ended: finished || error, error, reasons: reason === null ? [] : [reason] };
    },
  };
}
