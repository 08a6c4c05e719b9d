// Every payload field is `unknown` until checked: the guards the formats share.

import type { Json } from '../object-kinds.js';

export { isObject, type Json } from '../object-kinds.js';

/** A list index: a whole number, not negative. */
export function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Whether every key of `value` is one of `known` (the fast paths plan only for shapes they know whole). */
export function onlyKeys(value: Json, known: ReadonlySet<string>): boolean {
  return Object.keys(value).every((key) => known.has(key));
}
