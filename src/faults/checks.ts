import type { Fixture } from '../fixtures/types.js';
import type { StreamScript } from './script.js';

export function isScript(value: unknown): value is StreamScript {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Partial<StreamScript>;
  return Array.isArray(candidate.pieces) && typeof candidate.end === 'object' && typeof candidate.expected === 'object';
}

export function isFixture(value: unknown): value is Fixture {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Partial<Fixture>;
  return typeof candidate.stream === 'string' && typeof candidate.format === 'string' && typeof candidate.expected === 'object';
}

/** Names a value for a TypeError's message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return `an object (${Object.keys(value).slice(0, 5).join(', ') || 'no keys'})`;
  if (typeof value === 'function') return 'a function';
  return `${typeof value} ${String(value)}`;
}
