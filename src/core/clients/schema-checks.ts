// The checks a zod schema makes, as small predicates: the AI SDK providers validate every chunk with zod before
// their transform sees it, and a chunk that fails is an error part. zod objects strip keys they do not name, so only
// the named keys are checked (an absent key reads as undefined).
import { field } from './run.js';

/** One zod check: true when the value passes. */
export type Check = (value: unknown) => boolean;

/** `z.object({})` accepts a plain object, never an array or null. */
export const isObject = (value: unknown): value is object => value !== null && typeof value === 'object' && !Array.isArray(value);
/** `.nullish()`: null or undefined, or what `check` accepts. */
export const nullish = (check: Check): Check => (value) => value === null || value === undefined || check(value);
/** `.optional()`: undefined, or what `check` accepts (null fails). */
export const optional = (check: Check): Check => (value) => value === undefined || check(value);
export const isString: Check = (value) => typeof value === 'string';
export const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
export const isBoolean: Check = (value) => typeof value === 'boolean';
/** `z.unknown()`: anything, even absent. */
export const anything: Check = () => true;
/** `z.literal(expected)`. */
export const literal = (expected: string): Check => (value) => value === expected;
export const arrayOf = (check: Check): Check => (value) => Array.isArray(value) && value.every(check);
/** `z.record(z.string(), z.unknown())`. */
export const isRecord: Check = isObject;
/** `z.union([...])`: the first option that passes. */
export const oneOf = (...checks: Check[]): Check => (value) => checks.some((check) => check(value));
/** A zod object: each listed key passes its check (absent reads as undefined); other keys are stripped. */
export const objectOf = (shape: Record<string, Check>): Check => (value) => isObject(value) && Object.entries(shape).every(([key, check]) => check(field(value, key)));
/** `z.discriminatedUnion('type', …)`: the option whose `type` literal the value names must pass. */
export const byType = (options: Record<string, Record<string, Check>>): Check => {
  const checks = new Map(Object.entries(options).map(([type, shape]) => [type, objectOf(shape)]));
  return (value) => {
    const type = field(value, 'type');
    const check = typeof type === 'string' ? checks.get(type) : undefined;
    return check !== undefined && check(value);
  };
};
/** `.nullable()`: null, or what `check` accepts (absent fails). */
export const nullable = (check: Check): Check => (value) => value === null || check(value);
/** An object whose named keys are all optional strings (`z.string().nullish()` each). */
export const strings = (...keys: string[]): Check => objectOf(Object.fromEntries(keys.map((key) => [key, nullish(isString)])));
/** An object whose named keys are all optional numbers (`z.number().nullish()` each). */
export const numbers = (...keys: string[]): Check => objectOf(Object.fromEntries(keys.map((key) => [key, nullish(isNumber)])));
