/**
 * What the library keeps of the wire is its own: strings copied out of the input chunk, and objects whose keys are
 * data. A key read from the wire is never a property name of ours: `__proto__` stays a plain own key (JSON.parse
 * makes it one; assigning it would set the prototype), and looking a wire string up in a table never finds what an
 * object inherits (`constructor`, `toString`, `hasOwnProperty`, …).
 */

/**
 * A slice of 13 or more characters is a view that keeps the whole input chunk alive as long as the slice is kept
 * (and an unescaped value is a chain of such views); JSON.parse would have made a copy, so make one. Shorter slices
 * are copies already. Values that are only queued to be joined with others need no copy: the join makes one.
 */
export function ownCopy(slice: string): string {
  return slice.length < 13 ? slice : (' ' + slice).slice(1);
}

/** Sets a field whose key came from the wire as an own data property, `__proto__` included. */
export function setOwn(target: object, key: string | number, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string | number, unknown>)[key] = value;
}

/** The value a table holds for a wire string, never one the table inherits (a `toString` finish reason). */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/** The value a wire object holds at a key, never one it inherits. */
export function ownField(value: object, key: string | number): unknown {
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string | number, unknown>)[key] : undefined;
}

/**
 * A deep copy of a value read from the wire (plain objects, lists, strings, numbers): the objects are new, the
 * strings are shared, since they cannot change (structuredClone would copy every character of a long answer).
 * Anything else is copied by structuredClone. Recursive: wire values nest at most MAX_NESTING deep (json-depth.ts).
 */
export function copyWire<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyWire) as T;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, copyWire((value as Record<string, unknown>)[key]));
  return out as T;
}
