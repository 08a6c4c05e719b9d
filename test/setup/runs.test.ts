// The property budgets' two rules (test/setup/runs.ts), as the suites call them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ciRuns, runsPerFormat } from './runs.js';

afterEach(() => vi.unstubAllEnvs());

describe('ciRuns', () => {
  it('gives half the full budget under npm test, never below 20 nor above the full budget', () => {
    vi.stubEnv('SSE_DEEP_PROPERTIES', '');
    vi.stubEnv('FC_RUNS', '');
    expect([600, 151, 30, 15].map(ciRuns)).toEqual([300, 76, 20, 15]);
  });

  it('gives the full budget under npm run test:deep, and FC_RUNS raises either', () => {
    vi.stubEnv('FC_RUNS', '');
    vi.stubEnv('SSE_DEEP_PROPERTIES', '1');
    expect(ciRuns(600)).toBe(600);
    vi.stubEnv('FC_RUNS', '1000');
    expect(ciRuns(600)).toBe(1000);
    vi.stubEnv('SSE_DEEP_PROPERTIES', '');
    expect(ciRuns(600)).toBe(1000);
  });
});

describe('runsPerFormat', () => {
  it('shares a five-format budget among the formats listed, never below 20', () => {
    vi.stubEnv('FC_RUNS', '');
    expect(runsPerFormat(150, 10)).toBe(75);
    expect(runsPerFormat(150, 5)).toBe(150);
    expect(runsPerFormat(30, 10)).toBe(20);
  });
});
