// What JavaScript does when a client's code reads and writes wire values it never checked: a property read of null or
// undefined throws a TypeError, `+=` joins strings or adds numbers, an assignment into a primitive throws. Profiles of
// code that trusts the wire use these to fail where the real code fails, and nowhere else.
import { ClientThrow, field, isArrayIndex } from './run.js';

/** `value[key]` as JavaScript reads it (own data only): throws the TypeError JavaScript throws for null and undefined. */
export function member(value: unknown, key: unknown): unknown {
  const name = String(key);
  if (value === null || value === undefined) throw new ClientThrow(`TypeError: Cannot read properties of ${String(value)} (reading '${name}')`);
  if (typeof value === 'string') {
    if (name === 'length') return value.length;
    return isArrayIndex(name) && Number(name) < value.length ? value[Number(name)] : undefined;
  }
  return field(value, name);
}

/** `target[key] = value`: an object or array takes it; a primitive throws as it does in strict code. */
export function assign(target: unknown, key: unknown, value: unknown): void {
  const name = String(key);
  if (target === null || target === undefined || typeof target !== 'object') {
    throw new ClientThrow(`TypeError: Cannot create property '${name}' on ${typeof target} '${String(target)}'`);
  }
  // Defined, not set: a wire key such as `__proto__` stays data.
  Object.defineProperty(target, name, { value, writable: true, enumerable: true, configurable: true });
}

/** `a + b` for the values JSON gives: strings (and objects, which turn into strings) join; the rest add as numbers. */
export function plus(a: unknown, b: unknown): unknown {
  const joins = (value: unknown) => typeof value === 'string' || (typeof value === 'object' && value !== null);
  if (joins(a) || joins(b)) return String(a) + String(b);
  return Number(a) + Number(b);
}

/** `array.push(value)`: only an array has it. */
export function push(array: unknown, value: unknown): void {
  if (!Array.isArray(array)) throw new ClientThrow('TypeError: push is not a function');
  array.push(value);
}

/** `for (const item of value)`: arrays and strings iterate; anything else throws. */
export function iterate(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [...value];
  throw new ClientThrow(`TypeError: ${value === null || value === undefined ? String(value) : typeof value} is not iterable`);
}
