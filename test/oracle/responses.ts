// The oracle's rules for Responses API streams, written from its documentation apart from the library's assembler.
import { isObject } from '../../src/core/index.js';
import { typeOf } from '../../src/faults/frame-text.js';
import { lost, parses, type FormatOracle, type Json, type Shared } from './shared.js';

const TEXT_EVENTS: Record<string, { label: (v: Json) => string; part: ((v: Json) => string) | null; done?: string }> = {
  'response.output_text.delta': { label: (v) => `content ${String(v.content_index)}`, part: (v) => `content ${String(v.content_index)}` },
  'response.output_text.done': { label: (v) => `content ${String(v.content_index)}`, part: (v) => `content ${String(v.content_index)}`, done: 'text' },
  'response.refusal.delta': { label: (v) => `content ${String(v.content_index)}`, part: (v) => `content ${String(v.content_index)}` },
  'response.refusal.done': { label: (v) => `content ${String(v.content_index)}`, part: (v) => `content ${String(v.content_index)}`, done: 'refusal' },
  'response.reasoning_text.delta': { label: (v) => `content ${String(v.content_index)}`, part: (v) => `content ${String(v.content_index)}` },
  'response.reasoning_text.done': { label: (v) => `content ${String(v.content_index)}`, part: (v) => `content ${String(v.content_index)}`, done: 'text' },
  'response.reasoning_summary_text.delta': { label: (v) => `summary ${String(v.summary_index)}`, part: (v) => `summary ${String(v.summary_index)}` },
  'response.reasoning_summary_text.done': { label: (v) => `summary ${String(v.summary_index)}`, part: (v) => `summary ${String(v.summary_index)}`, done: 'text' },
  'response.function_call_arguments.delta': { label: () => 'arguments', part: null },
  'response.function_call_arguments.done': { label: () => 'arguments', part: null, done: 'arguments' },
};

const PART_EVENTS: Record<string, { kind: 'content' | 'summary'; added: boolean }> = {
  'response.content_part.added': { kind: 'content', added: true },
  'response.content_part.done': { kind: 'content', added: false },
  'response.reasoning_summary_part.added': { kind: 'summary', added: true },
  'response.reasoning_summary_part.done': { kind: 'summary', added: false },
};

interface ResponsesItem {
  done: boolean;
  call: boolean;
  /** Its fields by label, as built so far; a part that exists has a label, if only with ''. */
  labels: Map<string, string | null>;
  /** Labels an event set (a part added or done, a delta, a field's done value): these are compared with final values. */
  touched: Set<string>;
  deltas: Set<string>;
}

/** The Responses API's rules: items, their parts and text, sequence numbers, and the terminal event. */
export function responsesOracle(shared: Shared): FormatOracle {
  let ended = false;
  let error = false;
  let last: number | null = null;
  let numbered = false;
  let hasFinal = false;
  const reasons: string[] = [];
  const items = new Map<number, ResponsesItem>();
  function sequence(value: Json): void {
    const number = value.sequence_number;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 0) {
      if (numbered || 'sequence_number' in value) shared.codes.add('sequence gap');
      if (last !== null) last += 1;
      return;
    }
    numbered = true;
    if (last !== null && number > last + 1) lost(shared, 'sequence gap');
    else if (last !== null && number <= last) shared.codes.add('sequence gap');
    last = last === null ? number : Math.max(last, number);
  }
  function differs(a: Map<string, string | null>, b: Map<string, string | null>, labels: Iterable<string>): boolean {
    for (const label of labels) if ((a.get(label) ?? null) !== (b.get(label) ?? null)) return true;
    return false;
  }
  function compareFinal(response: Json): void {
    const output = Array.isArray(response.output) ? response.output : [];
    for (const [index, item] of items) {
      if (differs(item.labels, digest(output[index]), item.touched)) return void shared.codes.add('done mismatch');
    }
  }
  return {
    read(frame) {
      if (ended) return void shared.codes.add('after end');
      const value = frame.json;
      if (!isObject(value)) return void shared.codes.add('not json');
      const type = typeOf(frame) ?? '';
      if (frame.event !== 'message' && frame.event !== type) shared.codes.add('event mismatch');
      sequence(value);
      if (type === 'error') {
        ended = error = true;
        return void shared.codes.add('error event');
      }
      if (type === 'response.completed' || type === 'response.incomplete' || type === 'response.failed') {
        ended = true;
        const response = isObject(value.response) ? value.response : {};
        if (type === 'response.failed') {
          error = true;
          shared.codes.add('error event');
        }
        if (type === 'response.incomplete') shared.codes.add('incomplete');
        hasFinal = isObject(value.response);
        const reason = isObject(response.incomplete_details) ? response.incomplete_details.reason : undefined;
        const status = typeof response.status === 'string' ? response.status : type.slice('response.'.length);
        reasons.push(typeof reason === 'string' ? `${status}:${reason}` : status);
        compareFinal(response);
        return;
      }
      if (typeof value.output_index !== 'number') return;
      const index = value.output_index;
      if (type === 'response.output_item.added') {
        if (items.has(index)) lost(shared, 'block restarted');
        const call = isObject(value.item) && value.item.type === 'function_call';
        return void items.set(index, { done: false, call, labels: digest(value.item), touched: new Set(), deltas: new Set() });
      }
      const item = items.get(index);
      if (!item) return lost(shared, 'block unstarted');
      const part = PART_EVENTS[type];
      if (part) {
        const label = `${part.kind} ${String(value[`${part.kind}_index`])}`;
        if (!part.added && !item.labels.has(label)) return lost(shared, 'block unstarted');
        const text = partText(value.part) ?? '';
        if (!part.added && item.deltas.has(label) && (item.labels.get(label) ?? '') !== text) shared.codes.add('done mismatch');
        item.labels.set(label, text);
        item.touched.add(label);
        return;
      }
      if (type === 'response.output_item.done') {
        const done = digest(value.item);
        if (differs(item.labels, done, item.touched)) shared.codes.add('done mismatch');
        item.labels = done;
        item.touched = new Set(done.keys());
        item.done = true;
        return;
      }
      const text = TEXT_EVENTS[type];
      if (!text) return;
      const label = text.label(value);
      if (text.part && !item.labels.has(label)) return lost(shared, 'block unstarted');
      item.touched.add(label);
      if (text.done === undefined) {
        item.deltas.add(label);
        item.labels.set(label, (item.labels.get(label) ?? '') + (typeof value.delta === 'string' ? value.delta : ''));
        return;
      }
      const final = typeof value[text.done] === 'string' ? (value[text.done] as string) : '';
      if (item.deltas.has(label) && (item.labels.get(label) ?? '') !== final) shared.codes.add('done mismatch');
      item.labels.set(label, final);
    },
    finish() {
      const open = hasFinal ? [] : [...items.values()].filter((item) => !item.done);
      if (open.length > 0) lost(shared, 'block open');
      for (const item of open) if (item.call && !parses(item.labels.get('arguments') ?? '')) shared.codes.add('arguments not json');
      return { ended, error, reasons };
    },
  };
}

function partText(part: unknown): string | null {
  if (!isObject(part)) return null;
  if (typeof part.text === 'string') return part.text;
  return typeof part.refusal === 'string' ? part.refusal : null;
}

/** The fields an item holds by label: its parts' text, its arguments, its summaries. */
function digest(item: unknown): Map<string, string | null> {
  const values = new Map<string, string | null>();
  if (!isObject(item)) return values;
  if (item.type === 'function_call') values.set('arguments', typeof item.arguments === 'string' ? item.arguments : null);
  if (item.type === 'message' || item.type === 'reasoning') {
    (Array.isArray(item.content) ? item.content : []).forEach((part, i) => values.set(`content ${i}`, partText(part)));
  }
  if (item.type === 'reasoning') {
    (Array.isArray(item.summary) ? item.summary : []).forEach((part, i) => values.set(`summary ${i}`, partText(part)));
  }
  return values;
}
