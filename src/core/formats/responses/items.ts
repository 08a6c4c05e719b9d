// Output items as the stream builds them: added, patched by part and delta events, replaced by the …done events.
import { type Json, chars, copyJson, isIndex, isObject, stringOf } from './shapes.js';
import { preview } from '../../words.js';
import { type PhraseFamily, phraseFamily } from '../phrases.js';
import { PieceText } from '../piece-text.js';

export interface ItemState {
  index: number;
  item: Json;
  /** `response.output_item.done` arrived. */
  done: boolean;
  /** A part, delta or field-done event touched it: its content came from the stream, so the final value is checked. */
  built: boolean;
  /** Fields that deltas built ('arguments', 'content 0', 'summary 1'): their …done values are checked. */
  deltas: Set<string>;
  /** Index of the frame that added it. */
  frame: number;
  /** Delta pieces not yet joined onto the text they belong to (see settle). */
  pending: PendingText;
}

/**
 * Delta pieces are held in a PieceText and joined onto the text they belong to when it changes place or is read:
 * whatever reads an item's text settles the item first.
 */
interface PendingText {
  /** The object whose `key` the held pieces extend; null when none are held. */
  holder: Json | null;
  key: string;
  pieces: PieceText;
  /** What the deltas to this place carried ("text +5 chars to item 0 content 0"), for the noun it was made for. */
  phrase: PhraseFamily | null;
  noun: string;
}

/** Joins the item's held delta pieces onto their text: call before reading the item's text. */
export function settle(state: ItemState): void {
  const { pending } = state;
  const holder = pending.holder;
  if (holder === null) return;
  holder[pending.key] = (stringOf(holder[pending.key]) ?? '') + pending.pieces.text;
  pending.pieces.text = '';
  pending.holder = null;
}

/** Holds `piece` for `key` of `holder`; the place's label is recorded and its phrase made when the place changes. */
function queueText(state: ItemState, place: { holder: Json; key: string; label: string }, noun: string, piece: string): PhraseFamily {
  const { pending } = state;
  if (pending.holder !== place.holder || pending.key !== place.key || pending.noun !== noun || pending.phrase === null) {
    settle(state);
    pending.holder = place.holder;
    pending.key = place.key;
    pending.noun = noun;
    pending.phrase = deltaPhrase(noun, place.label);
    state.deltas.add(place.label);
  }
  pending.pieces.push(piece);
  return pending.phrase;
}

/** What a handler needs from the assembler: raise a finding about the frame being read. */
export interface Report {
  unstarted(message: string): void;
  unassembled(message: string): void;
  mismatch(message: string): void;
}

/** The outcome of one item event: what it carried, and whether that was content. */
export interface Carried {
  carried: string;
  progress?: boolean;
}

const NOT_READ: Carried = { carried: 'not read' };

export function newItem(index: number, item: Json, frame: number): ItemState {
  return { index, item: copyJson(item), done: false, built: false, deltas: new Set(), frame, pending: { holder: null, key: '', pieces: new PieceText(), phrase: null, noun: '' } };
}

export function itemLabel(state: ItemState): string {
  const type = stringOf(state.item.type) ?? 'item';
  const id = stringOf(state.item.id);
  return `output item ${state.index} (${type}${id ? ` ${id}` : ''})`;
}

/** The item's parts of one kind: `content` of a message or reasoning item, `summary` of a reasoning item. */
function partsOf(state: ItemState, field: 'content' | 'summary', create: boolean): unknown[] | null {
  const parts = state.item[field];
  if (Array.isArray(parts)) return parts;
  if (!create) return null;
  const fresh: unknown[] = [];
  state.item[field] = fresh;
  return fresh;
}

/** Where a part event puts its part: a message's content, a reasoning item's content or summary. */
function partField(state: ItemState, part: unknown): 'content' | null {
  const itemType = state.item.type;
  const partType = isObject(part) ? part.type : undefined;
  if (itemType === 'message' && partType !== 'reasoning_text') return 'content';
  if (itemType === 'reasoning' && partType === 'reasoning_text') return 'content';
  return null;
}

function putPart(parts: unknown[], index: number, part: Json): void {
  if (index < parts.length) parts[index] = part;
  else parts.push(part);
}

/** `content_part.added` and `reasoning_summary_part.added`. */
export function addPart(state: ItemState, value: Json, summary: boolean, report: Report): Carried {
  const index = summary ? value.summary_index : value.content_index;
  const part = value.part;
  const field = summary ? (state.item.type === 'reasoning' ? 'summary' : null) : partField(state, part);
  if (!isIndex(index) || !isObject(part) || field === null) {
    report.unassembled(`it does not fit ${itemLabel(state)} (it needs a whole-number index and a part object of a kind this item holds)`);
    return NOT_READ;
  }
  const parts = partsOf(state, field, true) ?? [];
  putPart(parts, index, copyJson(part));
  state.built = true;
  return { carried: `${field === 'summary' ? 'summary' : 'content'} part ${index} added to item ${state.index}` };
}

/** `content_part.done` and `reasoning_summary_part.done`: the part in its final form replaces the built one. */
export function finishPart(state: ItemState, value: Json, summary: boolean, report: Report): Carried {
  const index = summary ? value.summary_index : value.content_index;
  const part = value.part;
  const field = summary ? (state.item.type === 'reasoning' ? 'summary' : null) : partField(state, part);
  const parts = field === null ? null : partsOf(state, field, false);
  if (!isIndex(index) || !isObject(part) || parts === null) {
    report.unassembled(`it does not fit ${itemLabel(state)} (it needs a whole-number index and a part object of a kind this item holds)`);
    return NOT_READ;
  }
  settle(state);
  if (index >= parts.length) {
    report.unstarted(`its ${field} part ${index} of ${itemLabel(state)} was never added`);
    return NOT_READ;
  }
  checkDone(state, `${field === 'summary' ? 'summary' : 'content'} ${index}`, partText(parts[index]), partText(part), report);
  parts[index] = copyJson(part);
  state.built = true;
  return { carried: `${field === 'summary' ? 'summary' : 'content'} part ${index} of item ${state.index} done` };
}

/** The text a part holds: `text` of a text part, `refusal` of a refusal part. */
export function partText(part: unknown): string | null {
  if (!isObject(part)) return null;
  if (part.type === 'refusal') return stringOf(part.refusal);
  return stringOf(part.text);
}

/** What a text delta or done event writes into, and where. */
export interface TextTarget {
  /** 'content' or 'summary' parts, or the item's own 'arguments'. */
  field: 'content' | 'summary' | 'arguments';
  /** The part's field that holds the text. */
  key: 'text' | 'refusal';
  /** The part type the event needs. */
  partType?: string;
  /** The item type the event needs. */
  itemType: string;
  /** How `carried` names it. */
  noun: string;
}

const PART_LABELS = { content: [] as string[], summary: [] as string[] };

/** "content 0", "summary 1": made once per place, since every delta names one. */
function partLabel(field: 'content' | 'summary', index: number): string {
  if (index >= 64) return `${field} ${index}`;
  const labels = PART_LABELS[field];
  return (labels[index] ??= `${field} ${index}`);
}

/** Finds the object and key a text event writes, or says why it cannot. */
function locateText(state: ItemState, value: Json, target: TextTarget): { holder: Json; key: string; label: string } | string {
  if (state.item.type !== target.itemType) return `${itemLabel(state)} is not a ${target.itemType} item`;
  if (target.field === 'arguments') return { holder: state.item, key: 'arguments', label: 'arguments' };
  const index = target.field === 'summary' ? value.summary_index : value.content_index;
  if (!isIndex(index)) return `it has no whole-number ${target.field === 'summary' ? 'summary_index' : 'content_index'}`;
  const parts = partsOf(state, target.field, false);
  const part = parts?.[index];
  if (!isObject(part)) return `unstarted:its ${target.field} part ${index} of ${itemLabel(state)} was never added`;
  if (target.partType && part.type !== target.partType) return `${target.field} part ${index} of ${itemLabel(state)} is ${JSON.stringify(part.type)}, not ${target.partType}`;
  return { holder: part, key: target.key, label: partLabel(target.field, index) };
}

function located(state: ItemState, value: Json, target: TextTarget, report: Report) {
  const place = locateText(state, value, target);
  if (typeof place !== 'string') return place;
  if (place.startsWith('unstarted:')) report.unstarted(place.slice('unstarted:'.length));
  else report.unassembled(place);
  return null;
}

const DELTA_PHRASES = new Map<string, Map<string, PhraseFamily>>();

/** "text +5 chars to item 0 content 0": one shared phrase family per noun and place. */
function deltaPhrase(noun: string, label: string): PhraseFamily {
  let byLabel = DELTA_PHRASES.get(noun);
  if (byLabel === undefined) DELTA_PHRASES.set(noun, (byLabel = new Map()));
  let family = byLabel.get(label);
  if (family === undefined) {
    const render = (index: number, count: number): string => `${noun} +${chars(count)} to item ${index}${label === 'arguments' ? '' : ` ${label}`}`;
    if (byLabel.size >= 64) return render; // an unusual stream: made fresh, nothing registered
    family = phraseFamily(render);
    byLabel.set(label, family);
  }
  return family;
}

/** A delta event: appends its text where the target says. */
export function appendText(state: ItemState, value: Json, target: TextTarget, report: Report): Carried {
  const delta = stringOf(value.delta);
  if (delta === null) {
    report.unassembled('its `delta` is not a string');
    return NOT_READ;
  }
  const place = located(state, value, target, report);
  return place ? appendAt(state, place, target, delta) : NOT_READ;
}

/** A delta event whose place is found, its text a string: appended (null when its place is not found: nothing done). */
export function appendFound(state: ItemState, value: Json, target: TextTarget, delta: string): Carried | null {
  const place = locateText(state, value, target);
  return typeof place === 'string' ? null : appendAt(state, place, target, delta);
}

function appendAt(state: ItemState, place: { holder: Json; key: string; label: string }, target: TextTarget, delta: string): Carried {
  const phrase = queueText(state, place, target.noun, delta);
  state.built = true;
  return { carried: phrase(state.index, delta.length), progress: true };
}

/** A field-done event (`output_text.done`, `function_call_arguments.done`, …): its value replaces the built one. */
export function setText(state: ItemState, value: Json, target: TextTarget, field: string, report: Report): Carried {
  const text = stringOf(value[field]);
  if (text === null) {
    report.unassembled(`its \`${field}\` is not a string`);
    return NOT_READ;
  }
  const place = located(state, value, target, report);
  if (!place) return NOT_READ;
  settle(state);
  checkDone(state, place.label, stringOf(place.holder[place.key]) ?? '', text, report);
  place.holder[place.key] = text;
  state.built = true;
  return { carried: `${target.noun} of item ${state.index}${place.label === 'arguments' ? '' : ` ${place.label}`} done (${chars(text.length)})` };
}

/** Raises `done mismatch` when a final value differs from what deltas built for that field. */
function checkDone(state: ItemState, label: string, built: string | null, final: string | null, report: Report): void {
  if (!state.deltas.has(label) || built === final) return;
  report.mismatch(`${label} of ${itemLabel(state)}: ${describeDifference(built, final)}`);
}

export function describeDifference(built: string | null, final: string | null): string {
  const had = built === null ? 'nothing' : `${chars(built.length)} ${preview(built, 40)}`;
  const has = final === null ? 'nothing' : `${chars(final.length)} ${preview(final, 40)}`;
  return `the stream built ${had}, the final value is ${has}`;
}

/** `response.output_text.annotation.added`: the annotation goes at its index in the text part. */
export function addAnnotation(state: ItemState, value: Json, report: Report): Carried {
  const target: TextTarget = { field: 'content', key: 'text', partType: 'output_text', itemType: 'message', noun: 'annotation' };
  const place = located(state, value, target, report);
  if (!place) return NOT_READ;
  const index = value.annotation_index;
  if (!isIndex(index)) {
    report.unassembled('it has no whole-number `annotation_index`');
    return NOT_READ;
  }
  const annotations = Array.isArray(place.holder.annotations) ? place.holder.annotations : [];
  place.holder.annotations = annotations;
  putPart(annotations, index, copyJson(value.annotation) as Json);
  return { carried: `annotation ${index} added to item ${state.index} ${place.label}` };
}

/** The values the assembly builds in an item, by label: text and refusal parts, arguments, summaries. */
export function digest(item: unknown): Map<string, string | null> {
  const values = new Map<string, string | null>();
  if (!isObject(item)) return values;
  if (item.type === 'function_call') values.set('arguments', stringOf(item.arguments));
  if (item.type === 'message' || item.type === 'reasoning') {
    const content = Array.isArray(item.content) ? item.content : [];
    content.forEach((part, index) => values.set(`content ${index}`, partText(part)));
  }
  if (item.type === 'reasoning') {
    const summary = Array.isArray(item.summary) ? item.summary : [];
    summary.forEach((part, index) => values.set(`summary ${index}`, partText(part)));
  }
  return values;
}

/** The first way the final item differs from the built one, or null when they agree. */
export function compareItems(built: Json, final: unknown): string | null {
  if (!isObject(final)) return 'the final object has no item at this index';
  if (final.type !== built.type) return `the final object has a ${JSON.stringify(final.type)} item here, the stream built a ${JSON.stringify(built.type)} item`;
  const mine = digest(built);
  const theirs = digest(final);
  for (const label of new Set([...mine.keys(), ...theirs.keys()])) {
    const a = mine.get(label) ?? null;
    const b = theirs.get(label) ?? null;
    if (a !== b) return `${label}: ${describeDifference(a, b)}`;
  }
  return null;
}
