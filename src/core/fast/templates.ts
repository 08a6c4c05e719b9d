import type { MakerAt } from './accelerator.js';
import { ownCopy } from '../own-copy.js';
import { defaultFastSettings, type FastSettings } from './settings.js';

/**
 * A fast read for the hot delta frames: most frames of a stream are the same JSON text with another delta string
 * (and a few counters). A template is learned from a frame JSON.parse read: its text cut into literal pieces around
 * "holes" (the values of a few named string and integer fields). A later frame whose text is the same outside the
 * holes gives the same value with the holes filled in, built without JSON.parse. Anything else returns undefined,
 * and the caller reads the frame with JSON.parse as before.
 *
 * Why it is exact: a template is only kept when JSON.parse of the learned text, with probe values put into the
 * holes, gives the probes back at known places in the value (so each hole's text is the value at that place, and no
 * duplicate key hides it). Swapping one JSON string token for another (or one integer token for another) keeps the
 * rest of the parse the same, so the built value deep-equals what JSON.parse would give.
 */

/**
 * Fields whose string values change from frame to frame: delta text and arguments, Responses' `delta` and
 * `obfuscation` (its padding, new on every frame), Ollama's `created_at` (a time on every line) and `response`
 * (/api/generate's text), and Bedrock's tool `input` fragments and `p` (its padding). A field whose value is an object (Chat's and Anthropic's `delta`)
 * is no hole: only string values are.
 */
const STRING_HOLES = ['content', 'arguments', 'text', 'partial_json', 'thinking', 'refusal', 'reasoning', 'reasoning_content', 'delta', 'obfuscation', 'created_at', 'response', 'input', 'p'];
/** Fields whose integer values change from frame to frame. */
const NUMBER_HOLES = ['sequence_number', 'candidatesTokenCount', 'totalTokenCount', 'thoughtsTokenCount'];

const PROBE = '\u0007fast-probe-';
const NUMBER_PROBE = 987_654_321_012;
/** Integers JSON.parse reads exactly, with no sign, fraction or exponent. */
const MAX_DIGITS = 15;
const TEMPLATES_KEPT = 4;
/** Frames longer than this are not learned from: hot delta frames are small, a final event with the whole answer is not. */
export const MAX_LEARNED_LENGTH = 4096;

/** How the built value is made: constants, holes, and fresh objects and arrays around them. */
export type Node =
  | { kind: 'constant'; value: string | number | boolean | null }
  | { kind: 'hole'; slot: number }
  | { kind: 'object'; keys: string[]; children: Node[]; boilerplate: Record<string, unknown>; built: number[] }
  | { kind: 'array'; children: Node[] };

interface Hole {
  kind: 'string' | 'number';
  /** Where the value's text starts and ends in the learned frame (a string's text without its quotes). */
  start: number;
  end: number;
}

export interface Template {
  /** Text between holes: pieces[0], hole 0, pieces[1], hole 1, … pieces[n]. */
  pieces: string[];
  kinds: Array<'string' | 'number'>;
  root: Node;
}

interface Kept {
  template: Template;
  hits: number;
  misses: number;
}

/**
 * A per-stream reader: tries the templates it learned, and learns from frames JSON.parse read. The frame lane learns
 * its frame shapes from the template that built or was learned from the frame just read (`templateOf`), so each new
 * frame is learned once, and both share one learning budget: learning stops paying when few frames fit.
 */
export class TemplateReader {
  private readonly templates: Kept[] = [];
  /** Frames that fit a learned template: built here, or taken whole by the lane (which counts its own here). */
  fitted = 0;
  private attempts = 0;
  /** The template that built `lastData` or was learned from it (null: none). */
  private last: Template | null = null;
  private lastData = '';

  constructor(private readonly settings: FastSettings = defaultFastSettings()) {}

  /** The value of `data` when it fits a template; undefined when JSON.parse must read it. */
  read(data: string): unknown {
    if (!this.settings.enabled) return undefined;
    const templates = this.templates;
    for (let i = 0; i < templates.length; i += 1) {
      const kept = templates[i] as Kept;
      const value = build(kept.template, data);
      if (value !== undefined) {
        this.fitted += 1;
        kept.hits += 1;
        this.settings.counts.built += 1;
        this.last = kept.template;
        this.lastData = data;
        return value;
      }
      // A template that never fits costs a comparison on every frame: let it go.
      kept.misses += 1;
      if (kept.hits === 0 && kept.misses > 16) templates.splice(i--, 1);
    }
    return undefined;
  }

  /** Learns from a frame JSON.parse read (rarely once learning stops paying: each try costs a parse). */
  learn(data: string, value: unknown): void {
    this.last = null;
    this.lastData = '';
    // Hot delta frames are small; a large frame (a final event carrying the whole answer) is read once, and
    // learning from it would cost several reads of it.
    if (!this.settings.enabled || data.length > MAX_LEARNED_LENGTH || !this.mayLearn()) return;
    const holes = findHoles(data);
    // A template without a string hole fits only the same frame again: not worth trying on every frame.
    if (!holes.some((hole) => hole.kind === 'string')) return;
    const template = learnTemplate(data, value, holes);
    if (template === null) return;
    this.settings.counts.learned += 1;
    this.templates.unshift({ template, hits: 0, misses: 0 });
    if (this.templates.length > TEMPLATES_KEPT) this.templates.pop();
    this.last = template;
    this.lastData = data;
  }

  /** Counts one try at learning (a template here, a frame shape in the lane); false once tries stop paying. */
  mayLearn(): boolean {
    if (this.attempts > 16 + this.fitted / 4) return false;
    this.attempts += 1;
    return true;
  }

  /**
   * The template of the frame just read when its data is `data` (it built it, or was learned from it), else null.
   * Asked once per frame: the data is let go, as it may be a view of the input chunk.
   */
  templateOf(data: string): Template | null {
    const template = this.lastData === data ? this.last : null;
    this.last = null;
    this.lastData = '';
    return template;
  }
}

/** A template from a frame's text and its parsed value; null when no hole is found or the probes do not agree. */
export function learnTemplate(data: string, value: unknown, holes = findHoles(data)): Template | null {
  if (typeof value !== 'object' || value === null || holes.length === 0) return null;
  const pieces: string[] = [];
  let probeText = '';
  let at = 0;
  holes.forEach((hole, slot) => {
    pieces.push(ownCopy(data.slice(at, hole.start)));
    probeText += data.slice(at, hole.start) + (hole.kind === 'string' ? JSON.stringify(PROBE + slot).slice(1, -1) : String(NUMBER_PROBE + slot));
    at = hole.end;
  });
  pieces.push(ownCopy(data.slice(at)));
  probeText += data.slice(at);
  let probed: unknown;
  try {
    probed = JSON.parse(probeText);
  } catch {
    return null;
  }
  const seen = new Array<number>(holes.length).fill(0);
  const root = toNode(probed, seen);
  if (root === null || seen.some((count) => count !== 1)) return null;
  const template: Template = { pieces, kinds: holes.map((hole) => hole.kind), root };
  // The learned frame itself must come out the same as JSON.parse read it.
  const again = build(template, data);
  return again !== undefined && JSON.stringify(again) === JSON.stringify(value) ? template : null;
}

/** The named fields whose `"key":` marker occurs once, in text order. */
export function findHoles(data: string): Hole[] {
  const holes: Hole[] = [];
  for (const key of STRING_HOLES) {
    const start = onlyValueStart(data, key);
    if (start === -1 || data.charCodeAt(start) !== 34 /* " */) continue;
    const end = stringEnd(data, start + 1);
    if (end !== -1) holes.push({ kind: 'string', start: start + 1, end });
  }
  for (const key of NUMBER_HOLES) {
    const start = onlyValueStart(data, key);
    if (start === -1) continue;
    const end = integerEnd(data, start);
    if (end !== -1) holes.push({ kind: 'number', start, end });
  }
  holes.sort((a, b) => a.start - b.start);
  return holes.every((hole, i) => i === 0 || (holes[i - 1]?.end ?? 0) < hole.start) ? holes : [];
}

/**
 * Where the value after `"key":` starts (past any spaces: Gemini writes `"text": "…"`), when that marker occurs
 * exactly once; -1 otherwise.
 */
function onlyValueStart(data: string, key: string): number {
  const marker = `"${key}":`;
  const at = data.indexOf(marker);
  if (at === -1 || data.indexOf(marker, at + 1) !== -1) return -1;
  let start = at + marker.length;
  while (isJsonSpace(data.charCodeAt(start))) start += 1;
  return start;
}

function isJsonSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** The value as a node; probes become holes (counted in `seen`). Null for a shape we do not copy. */
function toNode(value: unknown, seen: number[]): Node | null {
  if (typeof value === 'string' && value.startsWith(PROBE)) return hole(Number(value.slice(PROBE.length)), seen);
  if (typeof value === 'number' && value >= NUMBER_PROBE && value < NUMBER_PROBE + seen.length) return hole(value - NUMBER_PROBE, seen);
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { kind: 'constant', value };
  if (Array.isArray(value)) {
    const children = nodes(value, seen);
    return children && { kind: 'array', children };
  }
  const keys = Object.keys(value as object);
  // JSON.parse makes `__proto__` an own property; plain assignment would not.
  if (keys.includes('__proto__')) return null;
  const children = nodes(keys.map((key) => (value as Record<string, unknown>)[key]), seen);
  return children && objectNode(keys, children);
}

/**
 * An object node keeps a boilerplate with every key in order and the constants filled in: a copy of it (spread)
 * has the same shape every time and is made in one step; only the fields in `built` are set after it.
 */
function objectNode(keys: string[], children: Node[]): Node {
  const boilerplate: Record<string, unknown> = {};
  const built: number[] = [];
  children.forEach((child, i) => {
    boilerplate[keys[i] as string] = child.kind === 'constant' ? child.value : null;
    if (child.kind !== 'constant') built.push(i);
  });
  return { kind: 'object', keys, children, boilerplate, built };
}

function nodes(values: unknown[], seen: number[]): Node[] | null {
  const children: Node[] = [];
  for (const child of values) {
    const node = toNode(child, seen);
    if (node === null) return null;
    children.push(node);
  }
  return children;
}

function hole(slot: number, seen: number[]): Node | null {
  if (!Number.isInteger(slot) || slot < 0 || slot >= seen.length) return null;
  seen[slot] = (seen[slot] ?? 0) + 1;
  return { kind: 'hole', slot };
}

/** The value of `data` when it fits the template, or undefined. */
export function build(template: Template, data: string): unknown {
  const values: Array<string | number> = [];
  const end = matchHoles(template.pieces, template.kinds, data, 0, values);
  return end === data.length ? make(template.root, ownValues(values)) : undefined;
}

/**
 * Matches `pieces` and holes of `kinds` against `text` from `at`: hole `slot`'s value goes into `values[slot]`, and
 * the result is where the match ends, or -1. Text past the last piece is not looked at. String values may be views
 * of `text`: see ownValues.
 */
export function matchHoles(pieces: readonly string[], kinds: ReadonlyArray<'string' | 'number'>, text: string, at: number, values: Array<string | number>): number {
  for (let slot = 0; slot < kinds.length; slot += 1) {
    const piece = pieces[slot] as string;
    if (!matches(text, at, piece)) return -1;
    at += piece.length;
    if (kinds[slot] === 'string') {
      const end = stringBodyEnd(text, at);
      if (end < 0) {
        if (end === -1) return -1;
        const value = escaped(text.slice(at, -end - 2));
        if (value === undefined) return -1;
        values[slot] = value;
        at = -end - 2;
      } else {
        values[slot] = text.slice(at, end);
        at = end;
      }
    } else {
      const end = integerEnd(text, at);
      if (end === -1) return -1;
      let number = 0;
      for (let i = at; i < end; i += 1) number = number * 10 + (text.charCodeAt(i) - 48);
      values[slot] = number;
      at = end;
    }
  }
  const last = pieces[kinds.length] as string;
  return matches(text, at, last) ? at + last.length : -1;
}

/** Whether `piece` is in `text` at `at`: a slice compared whole is a memory compare, startsWith goes char by char. */
function matches(text: string, at: number, piece: string): boolean {
  return at + piece.length <= text.length && text.slice(at, at + piece.length) === piece;
}

/** Makes the part of a fitting frame's value at `path` (dotted, as holePaths writes it); null when there is none. */
export function makerAt(template: Template): MakerAt {
  return (path) => {
    let node: Node | undefined = template.root;
    for (const segment of path === '' ? [] : path.split('.')) {
      if (node?.kind === 'object') node = node.children[node.keys.indexOf(segment)];
      else if (node?.kind === 'array') node = node.children[Number(segment)];
      else return null;
    }
    const found = node;
    return found === undefined ? null : (values) => make(found, values);
  };
}

/** Where each hole sits in the value, in slot order: keys and array positions joined with dots ("delta.text"). */
export function holePaths(template: Template): string[] {
  const paths: string[] = new Array<string>(template.kinds.length).fill('');
  const walk = (node: Node, path: string): void => {
    if (node.kind === 'hole') paths[node.slot] = path;
    else if (node.kind === 'array') node.children.forEach((child, i) => walk(child, path === '' ? String(i) : `${path}.${i}`));
    else if (node.kind === 'object') node.children.forEach((child, i) => walk(child, path === '' ? (node.keys[i] as string) : `${path}.${node.keys[i] as string}`));
  };
  walk(template.root, '');
  return paths;
}

/**
 * Where the string body starting at `start` ends (its closing quote). A body with a backslash gives -(end + 2);
 * -1 for no closing quote or a raw control character (JSON.parse rejects those: let it say so).
 */
function stringBodyEnd(data: string, start: number): number {
  let escapes = false;
  for (let at = start; at < data.length; at += 1) {
    const code = data.charCodeAt(at);
    if (code === 34) return escapes ? -(at + 2) : at;
    if (code < 32) return -1;
    if (code === 92) {
      escapes = true;
      at += 1;
      if (data.charCodeAt(at) < 32) return -1;
    }
  }
  return -1;
}

/** The values, each string a copy of its own (see ownCopy). */
export function ownValues(values: Array<string | number>): Array<string | number> {
  for (let slot = 0; slot < values.length; slot += 1) {
    const value = values[slot];
    if (typeof value === 'string') values[slot] = ownCopy(value);
  }
  return values;
}

/** A string body with escapes, decoded as JSON.parse decodes it; undefined for a bad escape. */
function escaped(body: string): string | undefined {
  let out = '';
  let from = 0;
  for (let at = body.indexOf('\\'); at !== -1; at = body.indexOf('\\', from)) {
    out += body.slice(from, at);
    const code = body.charCodeAt(at + 1);
    const simple = ESCAPED[code];
    if (simple !== undefined) {
      out += simple;
      from = at + 2;
    } else if (code === 117 /* u */) {
      const unit = hexUnit(body, at + 2);
      if (unit === -1) return undefined;
      out += String.fromCharCode(unit);
      from = at + 6;
    } else return undefined;
  }
  return out + body.slice(from);
}

/** The characters a one-letter escape stands for, by the letter's code. */
const ESCAPED: Array<string | undefined> = [];
for (const [letter, char] of [['"', '"'], ['\\', '\\'], ['/', '/'], ['b', '\b'], ['f', '\f'], ['n', '\n'], ['r', '\r'], ['t', '\t']] as const) {
  ESCAPED[letter.charCodeAt(0)] = char;
}

/** The UTF-16 unit of the four hex digits at `at`; -1 when they are not four hex digits. */
function hexUnit(text: string, at: number): number {
  let unit = 0;
  for (let i = at; i < at + 4; i += 1) {
    const code = text.charCodeAt(i);
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : code >= 65 && code <= 70 ? code - 55 : -1;
    if (digit === -1) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

/** End of a plain JSON integer (no sign, no leading zero, at most 15 digits) at `start`; -1 when there is none. */
function integerEnd(data: string, start: number): number {
  let at = start;
  while (at < data.length && at - start <= MAX_DIGITS) {
    const code = data.charCodeAt(at);
    if (code < 48 || code > 57) break;
    at += 1;
  }
  const digits = at - start;
  if (digits === 0 || digits > MAX_DIGITS || (digits > 1 && data.charCodeAt(start) === 48)) return -1;
  return at;
}

/** Index of the quote that closes the JSON string whose body starts at `start`; -1 when there is none. */
function stringEnd(data: string, start: number): number {
  let at = start;
  for (;;) {
    const quote = data.indexOf('"', at);
    if (quote === -1) return -1;
    let slashes = 0;
    while (data.charCodeAt(quote - 1 - slashes) === 92) slashes += 1;
    if (slashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** A fresh value from the node: nothing is shared between frames, as with JSON.parse. */
export function make(node: Node, values: ReadonlyArray<string | number>): unknown {
  switch (node.kind) {
    case 'constant':
      return node.value;
    case 'hole':
      return values[node.slot];
    case 'array':
      return node.children.map((child) => make(child, values));
    case 'object': {
      const out: Record<string, unknown> = { ...node.boilerplate };
      for (let j = 0; j < node.built.length; j += 1) {
        const i = node.built[j] as number;
        out[node.keys[i] as string] = make(node.children[i] as Node, values);
      }
      return out;
    }
  }
}
