// Cohere v2 chat stream's rules, stated from its protocol note (src/core/formats/cohere/reference.md: the event flow
// of §2, the fields of §3, the finish reasons of §5, the errors of §7, the end of §8), apart from the library's
// assembler: one `message-start` first; content blocks, tool calls and citations opened, filled and closed at their
// `index`; `message-end` the end, with the finish reason; `[DONE]` where the SDK's reader stops.
import { formatModule, isObject, type FrameFields } from '../../src/core/index.js';
import { typeOf } from '../../src/faults/frame-text.js';
import { lost, parses, type FormatOracle, type Json, type Shared } from './shared.js';

const EVENTS = new Set([
  'message-start', 'content-start', 'content-delta', 'content-end', 'tool-plan-delta', 'tool-call-start', 'tool-call-delta', 'tool-call-end',
  'citation-start', 'citation-end', 'message-end', 'debug',
]);

interface Entry {
  open: boolean;
  /** A content block's field (`text`, `thinking`), a call's arguments text, or nothing for a citation. */
  field?: string;
  args?: string;
  id?: unknown;
  name?: unknown;
}

/** `delta.message` of an event. */
function messageOf(value: Json): Json | null {
  return isObject(value.delta) && isObject(value.delta.message) ? value.delta.message : null;
}

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function cohereOracle(shared: Shared): FormatOracle {
  let started = false;
  let noStart = false;
  let ended = false;
  let done = false;
  let error = false;
  const reasons: string[] = [];
  let blocks = new Map<number, Entry>();
  let calls = new Map<number, Entry>();
  let citations = new Map<number, Entry>();
  const table = formatModule('cohere').finishReasons.reasons;
  const needStart = () => {
    if (started || noStart) return;
    noStart = true;
    lost(shared, 'no start');
  };
  /** The open entry at the event's index; a finding when there is none. */
  const openAt = (map: Map<number, Entry>, value: Json, piece: boolean): Entry | null => {
    const entry = isIndex(value.index) ? map.get(value.index) : undefined;
    if (entry?.open) return entry;
    // A piece for no open entry is lost; an end for one that already ended loses nothing.
    if (piece || entry === undefined) lost(shared, 'block unstarted');
    else shared.codes.add('block unstarted');
    return null;
  };
  const open = (map: Map<number, Entry>, index: number, entry: Entry) => {
    if (map.has(index)) lost(shared, 'block restarted');
    map.set(index, entry);
  };
  const readStart = (type: string, value: Json) => {
    const message = messageOf(value);
    if (type === 'content-start') {
      const content = message?.content;
      if (!isIndex(value.index) || !isObject(content)) return void shared.codes.add('not assembled');
      const kind = typeof content.type === 'string' ? content.type : 'text';
      if (kind !== 'text' && kind !== 'thinking') shared.codes.add('not assembled');
      return open(blocks, value.index, { open: true, field: kind });
    }
    if (type === 'tool-call-start') {
      const call = message?.tool_calls;
      if (!isIndex(value.index) || !isObject(call)) return void shared.codes.add('not assembled');
      const fn = isObject(call.function) ? call.function : {};
      return open(calls, value.index, { open: true, id: call.id, name: fn.name, args: typeof fn.arguments === 'string' ? fn.arguments : '' });
    }
    if (!isIndex(value.index) || !isObject(message?.citations)) return void shared.codes.add('not assembled');
    open(citations, value.index, { open: true });
  };
  const readPiece = (type: string, value: Json) => {
    const message = messageOf(value);
    if (type === 'tool-plan-delta') {
      if (typeof message?.tool_plan !== 'string') shared.codes.add('not assembled');
      return;
    }
    if (type === 'tool-call-delta') {
      const call = openAt(calls, value, true);
      if (call === null) return;
      const piece = isObject(message?.tool_calls) && isObject(message.tool_calls.function) ? message.tool_calls.function.arguments : undefined;
      if (typeof piece === 'string') call.args += piece;
      else shared.codes.add('not assembled');
      return;
    }
    const block = openAt(blocks, value, true);
    if (block === null) return;
    const content = message?.content;
    const field = block.field === 'thinking' ? 'thinking' : 'text';
    if (!isObject(content)) return void shared.codes.add('not assembled');
    if (typeof content[field] === 'string') return;
    // The other kind's text poured into this block: a reader takes only the block's own field.
    if (typeof content[field === 'text' ? 'thinking' : 'text'] === 'string') return lost(shared, 'delta mismatch');
    shared.codes.add('not assembled');
  };
  const readEnd = (value: Json) => {
    const delta = isObject(value.delta) ? value.delta : null;
    ended = true;
    if (delta === null) return void shared.codes.add('not assembled');
    const reason = delta.finish_reason;
    if (typeof reason === 'string') {
      reasons.push(reason);
      if (!Object.hasOwn(table, reason)) shared.codes.add('unknown finish reason');
    }
    if (reason === 'ERROR' || reason === 'TIMEOUT' || (delta.error !== undefined && delta.error !== null)) {
      error = true;
      shared.codes.add('error event');
    }
  };
  return {
    read(frame: FrameFields) {
      if (done || ended) {
        // `[DONE]` after `message-end` is how a stream closes; anything else there is not read.
        if (frame.done && !done) return void (done = true);
        return void shared.codes.add('after end');
      }
      if (frame.done) return void (done = true);
      const value = frame.json;
      const type = typeOf(frame);
      if (!isObject(value) || type === null || !EVENTS.has(type)) return void shared.codes.add('unknown event');
      if (frame.event !== 'message' && frame.event !== type) shared.codes.add('event mismatch');
      if (type === 'debug') return;
      if (type === 'message-start') {
        if (started) {
          shared.codes.add('block restarted');
          // A second message replaces what the first built.
          if (blocks.size + calls.size > 0) shared.missing = true;
          blocks = new Map();
          calls = new Map();
          citations = new Map();
        }
        started = true;
        return;
      }
      needStart();
      if (type === 'message-end') return readEnd(value);
      if (type.endsWith('-start')) return readStart(type, value);
      if (type.endsWith('-delta')) return readPiece(type, value);
      const entry = openAt(type === 'content-end' ? blocks : type === 'tool-call-end' ? calls : citations, value, false);
      if (entry !== null) entry.open = false;
    },
    finish() {
      if ([...blocks.values(), ...calls.values(), ...citations.values()].some((entry) => entry.open)) lost(shared, 'block open');
      let whole = 0;
      for (const call of calls.values()) {
        if (typeof call.id !== 'string' || call.id === '' || typeof call.name !== 'string' || call.name === '') shared.codes.add('tool call incomplete');
        else {
          whole += 1;
          // A call never closed is `block open`: its arguments are still coming.
          if (!call.open && call.args !== '' && !parses(call.args ?? '')) shared.codes.add('arguments not json');
        }
      }
      const reason = reasons[reasons.length - 1];
      if (ended && reason === undefined) shared.codes.add('no finish reason');
      if (ended && reason === 'TOOL_CALL' && whole === 0) lost(shared, 'finish mismatch');
      if (ended && (reason === 'COMPLETE' || reason === 'STOP_SEQUENCE') && whole > 0) shared.codes.add('finish mismatch');
      return { ended, error, reasons };
    },
  };
}
