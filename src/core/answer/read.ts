// What every format's answer.ts shares: a finish from its table, a tool call with its input parsed, counts read
// from a usage object. Nothing here names a format.
import type { FinishReasonTable } from '../model.js';
import { parseJson } from '../json-depth.js';
import { isObject, type Json } from '../formats/json-shape.js';
import { ownEntry } from '../own-copy.js';
import type { AnswerChoice, AnswerFinish, AnswerToolCall, FinishClass } from './types.js';

/**
 * The finish of a reason by the format's table. `instead` replaces the table's class for a reason the table maps
 * to `stop` when the answer says more (a Gemini `STOP` with function calls is a tool-use stop), with its source.
 */
export function finishOf(table: FinishReasonTable, reason: string | null, instead?: { class: FinishClass; source: string }): AnswerFinish {
  if (reason === null) return { class: 'unknown', reason: null, source: null };
  const entry = ownEntry(table.reasons, reason);
  if (entry === undefined) return { class: 'unknown', reason, source: null };
  if (instead !== undefined && entry.finish === 'stop') return { class: instead.class, reason, source: instead.source };
  return { class: entry.finish, reason, source: table.source };
}

/** A tool call: `input` parsed from JSON arguments (a custom tool's input is its text); left out when they do not parse. */
export function toolCallOf(id: unknown, name: unknown, kind: AnswerToolCall['kind'], args: unknown): AnswerToolCall {
  const text = typeof args === 'string' ? args : args === undefined || args === null ? '' : (JSON.stringify(args) ?? '');
  const call: AnswerToolCall = { id: typeof id === 'string' ? id : null, name: typeof name === 'string' ? name : '', kind, arguments: text };
  if (kind === 'custom') call.input = text;
  else if (typeof args === 'object' && args !== null) call.input = args;
  else if (text !== '') {
    try {
      call.input = parseJson(text);
    } catch {
      // Arguments that do not parse stay as text only: the reconstruction's findings say why.
    }
  }
  return call;
}

/** An empty choice to fill: no text, no calls, an unknown finish. */
export function emptyChoice(index: number): AnswerChoice {
  return { index, text: '', reasoning: '', signatures: [], encryptedReasoning: [], refusal: '', toolCalls: [], citations: [], finish: { class: 'unknown', reason: null, source: null } };
}

/** A count at `path` in a usage object: a finite number, else null. */
export function countAt(usage: Json, ...path: string[]): number | null {
  let value: unknown = usage;
  for (const key of path) {
    if (!isObject(value) || !Object.hasOwn(value, key)) return null;
    value = value[key];
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The sum of the counts that are there; null when none is. */
export function sumOf(...counts: Array<number | null>): number | null {
  const present = counts.filter((count): count is number => count !== null);
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
}

/** A string field, or null. */
export function textAt(value: Json, key: string): string | null {
  const found = Object.hasOwn(value, key) ? value[key] : undefined;
  return typeof found === 'string' ? found : null;
}

/** The objects of an array field (others skipped). */
export function objectsAt(value: Json, key: string): Json[] {
  const found = Object.hasOwn(value, key) ? value[key] : undefined;
  return Array.isArray(found) ? found.filter(isObject) : [];
}
