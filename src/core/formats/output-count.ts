// What the formats' output counts share: reading a count, and the count less hidden reasoning. Each format's
// `output` (its folder's output-count.ts) says which fields its usage and response use.
import type { OutputCount } from '../model.js';
import { isObject } from './json-shape.js';

/** A count read from the usage: a finite number, or null. */
function numberAt(holder: unknown, key: string): number | null {
  if (!isObject(holder)) return null;
  const value = holder[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** `usage[field]` less the hidden reasoning counted inside it (`usage[details][reasoning]`), when there is one. */
export function visibleCount(field: string, details: string | null, reasoning: string): OutputCount['visibleTokens'] {
  return (usage) => {
    const count = numberAt(usage, field);
    if (count === null) return null;
    return count - (details === null ? 0 : (numberAt(usage[details], reasoning) ?? 0));
  };
}

/** `holder[key]` when it is a list, else an empty one. */
export function listAt(holder: unknown, key: string): unknown[] {
  return isObject(holder) && Array.isArray(holder[key]) ? (holder[key] as unknown[]) : [];
}
