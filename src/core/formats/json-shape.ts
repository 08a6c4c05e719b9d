// Every payload field is `unknown` until checked: the one guard the formats share.

/** A JSON object as a payload carries it. */
export type Json = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
