import { isPlainObject } from '../core/index.js';

/** Parses `'choices[*].message.tool_calls[0].id'` into `['choices', '*', 'message', 'tool_calls', '0', 'id']`. */
export function parsePath(path: string): string[] {
  return path
    .replace(/\[(\*|\d+)\]/g, '.$1')
    .split('.')
    .filter((segment) => segment.length > 0);
}

/** A copy of `value` without the fields at `paths`; only plain objects and arrays are entered (matchers stay as they are). */
export function withoutPaths(value: unknown, paths: readonly string[]): unknown {
  return paths.reduce((current, path) => omit(current, parsePath(path)), value);
}

function omit(value: unknown, segments: readonly string[]): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  if (Array.isArray(value)) return omitInArray(value, head, rest);
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = { ...value };
  for (const key of head === '*' ? Object.keys(copy) : [head]) {
    if (!Object.prototype.hasOwnProperty.call(copy, key)) continue;
    if (rest.length === 0) delete copy[key];
    else copy[key] = omit(copy[key], rest);
  }
  return copy;
}

function omitInArray(value: readonly unknown[], head: string, rest: readonly string[]): unknown[] {
  const all = head === '*';
  const at = Number(head);
  if (rest.length === 0) return value.filter((_, index) => !(all || index === at));
  return value.map((item, index) => (all || index === at ? omit(item, rest) : item));
}

/** A plain object from any realm: JSON from `fetch` in a Jest test comes from outside the test's realm. */
export { isPlainObject };

export function isAsymmetric(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function';
}
