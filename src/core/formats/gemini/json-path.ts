import { MAX_NESTING } from '../../json-depth.js';
import type { Json } from '../json-shape.js';
import { ownField, setOwn } from '../../own-copy.js';

export const NO_VALUE = Symbol('no value');

export function partialValue(item: Json): unknown {
  if (typeof item.stringValue === 'string') return item.stringValue;
  if (typeof item.numberValue === 'number') return item.numberValue;
  if (typeof item.boolValue === 'boolean') return item.boolValue;
  if ('nullValue' in item) return null;
  return NO_VALUE;
}

/** Reads the RFC 9535 paths Vertex sends (`$.a.b[0]`, `$['a b']`); null for anything else. */
export function parseJsonPath(path: string): Array<string | number> | null {
  if (!path.startsWith('$')) return null;
  const segments: Array<string | number> = [];
  const pattern = /\.([^.[\]]+)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]/y;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < path.length) {
    const match = pattern.exec(path);
    if (!match) return null;
    if (match[2] !== undefined) segments.push(Number(match[2]));
    else segments.push((match[1] ?? match[3] ?? match[4] ?? '').replace(/\\(.)/g, '$1'));
  }
  return segments.length > 0 && segments.length <= MAX_PATH_SEGMENTS ? segments : null;
}

/** How far past a list's end a streamed argument may set an element (the gap becomes nulls). */
const MAX_LIST_GAP = 1024;
/** What a call's streamed-argument paths may make, in JSON characters, per character that carried them. */
export const MAX_GROWTH = 8;
/**
 * ...plus this much, so that a short call may open a few lists and objects. Small on purpose: it does not grow with
 * the input, so a flat 4,096 let a 13-character path make 808 gap-filling nulls (a 218-byte stream whose result was
 * 62 times its size). Gaps beyond a few elements are paid for by the bytes that carried them.
 */
export const GROWTH_ALLOWANCE = 64;

/**
 * The JSON characters setting a value at a path would make beyond the value itself: each list or object made, each
 * key, each null that fills a gap. Counted without making anything; null when the path does not fit (setAtPath's
 * rules: a list index on a list, a key on an object, a gap of at most MAX_LIST_GAP).
 */
export function madeBy(root: Json, segments: ReadonlyArray<string | number>): number | null {
  let made = 0;
  let container: unknown = root;
  for (let i = 0; i < segments.length; i += 1) {
    const key = segments[i] as string | number;
    if (container !== undefined && (typeof container !== 'object' || container === null)) return null;
    const list = Array.isArray(container) ? container : null;
    if (container !== undefined && (list !== null) !== (typeof key === 'number')) return null;
    if (typeof key === 'number') {
      const length = list === null ? 0 : list.length;
      if (key > length + MAX_LIST_GAP) return null;
      made += Math.max(0, key - length) * 5 + 1;
    } else made += key.length + 4;
    const existing = typeof container === 'object' && container !== null ? ownField(container, key) : undefined;
    container = existing;
    if (i < segments.length - 1 && (typeof existing !== 'object' || existing === null)) made += 2;
  }
  return made;
}
/** Paths longer than this are not read: with a value nested at most MAX_NESTING, the arguments stay printable. */
const MAX_PATH_SEGMENTS = MAX_NESTING / 2;

function setArgument(container: Json | unknown[], key: string | number, value: unknown): void {
  // A list index past the end leaves no holes: JSON would write them as null, so `input` holds null too.
  if (Array.isArray(container)) while (container.length < (key as number)) container.push(null);
  setOwn(container, key, value);
}

/** Sets (or, for a continued string, appends) a value at a path, making objects and lists on the way. */
export function setAtPath(root: Json, segments: Array<string | number>, value: unknown, append: boolean): boolean {
  // Checked before anything is made: a path refused halfway would leave the lists it made on the way.
  if (madeBy(root, segments) === null) return false;
  let container: Json | unknown[] = root;
  for (let i = 0; i < segments.length; i += 1) {
    const key = segments[i] as string | number;
    if (Array.isArray(container) !== (typeof key === 'number')) return false;
    // A gap is filled with nulls: one this wide is no list an answer streams, and filling it would exhaust memory.
    if (Array.isArray(container) && (key as number) > container.length + MAX_LIST_GAP) return false;
    const existing = ownField(container, key);
    if (i === segments.length - 1) {
      const next = append && typeof existing === 'string' ? `${existing}${value as string}` : value;
      setArgument(container, key, next);
      return true;
    }
    if (typeof existing === 'object' && existing !== null) {
      container = existing as Json | unknown[];
      continue;
    }
    if (existing !== undefined) return false;
    const made: Json | unknown[] = typeof segments[i + 1] === 'number' ? [] : {};
    setArgument(container, key, made);
    container = made;
  }
  return false;
}
