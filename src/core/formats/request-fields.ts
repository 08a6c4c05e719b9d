// Reading a request body's fields, for the formats' request.ts: a field by its path, only when it has the kind asked
// (a request is the caller's data, and a field of another kind asks nothing).
import { isObject } from '../object-kinds.js';
import { ownEntry } from '../own-copy.js';

/** The value at `path` in `body`, through objects only; undefined when any step is missing or not an object. */
export function fieldAt(body: unknown, ...path: string[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (!isObject(value)) return undefined;
    value = ownEntry(value, key);
  }
  return value;
}

/** The string at `path`, or null. */
export function stringAt(body: unknown, ...path: string[]): string | null {
  const value = fieldAt(body, ...path);
  return typeof value === 'string' ? value : null;
}

/** The whole number (at least 1) at `path`, or null. */
export function countAt(body: unknown, ...path: string[]): number | null {
  const value = fieldAt(body, ...path);
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
}

/** `stream: true` in a body that streams by that field: asked, or what it lacked. */
export function streamField(body: unknown): { ok: boolean; asked: string } {
  const value = fieldAt(body, 'stream');
  return value === true ? { ok: true, asked: 'has `stream: true`' } : { ok: false, asked: `has no \`stream: true\` (its \`stream\` is ${value === undefined ? 'missing' : JSON.stringify(value)})` };
}

/** The output limit at the first of `paths` that holds a count, quoted as its field. */
export function limitAt(body: unknown, paths: readonly (readonly string[])[]): { limit: number; asked: string } | null {
  for (const path of paths) {
    const limit = countAt(body, ...path);
    if (limit !== null) return { limit, asked: `${path.join('.')}: ${limit}` };
  }
  return null;
}
