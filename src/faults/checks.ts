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

