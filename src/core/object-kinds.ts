// The two object guards the whole package shares: one for JSON from the wire, one for objects passed to the API.

/** A JSON object as a payload carries it. */
export type Json = Record<string, unknown>;

/** A JSON object (not null, not an array): how wire data and loose records are told apart from other values. */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object literal (or one with no prototype, or from another realm): not an array, a Date or a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Object.prototype.toString.call(value) !== '[object Object]') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
