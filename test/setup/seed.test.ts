// Property tests take a fresh seed on every run, CI included, print it, and replay it from FC_SEED (issue 20, item 29).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { chooseSeed, seedLine } from './seed.mjs';

const root = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'vectors' ? [] : testFiles(path);
    return /\.(ts|cjs|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('the property seed', () => {
  it('is fresh on every run, in CI too', () => {
    const seeds = new Set(Array.from({ length: 8 }, () => chooseSeed({ CI: 'true' })));
    for (const chosen of seeds) expect(chosen.replayed).toBe(false);
    expect(new Set([...seeds].map((chosen) => chosen.seed)).size).toBeGreaterThan(1);
  });

  it('comes from FC_SEED when set, so a printed seed replays a failure', () => {
    expect(chooseSeed({ CI: 'true', FC_SEED: '1234567' })).toEqual({ seed: 1234567, replayed: true });
    expect(chooseSeed({ FC_SEED: '' }).replayed).toBe(false);
    expect(() => chooseSeed({ FC_SEED: 'yesterday' })).toThrow(/FC_SEED must be a whole number/);
  });

  it('is printed with the command that replays it', () => {
    expect(seedLine({ seed: 77, replayed: false }, 'npx vitest run')).toBe('fast-check seed 77 (fresh this run; replay with FC_SEED=77 npx vitest run)');
    expect(seedLine({ seed: 77, replayed: true }, 'npx vitest run')).toBe('fast-check seed 77 (from FC_SEED)');
  });

  it('is the seed every property of this vitest run starts from', () => {
    expect(fc.readConfigureGlobal().seed).toBe(inject('fcSeed'));
    let seen: number | undefined;
    fc.assert(fc.property(fc.integer(), () => true), { numRuns: 1, reporter: (details) => void (seen = details.seed) });
    expect(seen).toBe(inject('fcSeed'));
  });

  it('reaches the Jest run too, chosen once in its globalSetup', () => {
    const config = createRequire(import.meta.url)(join(root, 'jest.config.cjs')) as { globalSetup?: string; setupFiles?: string[] };
    expect(config.globalSetup).toBe('<rootDir>/test/setup/jest-seed.cjs');
    expect(config.setupFiles).toContain('<rootDir>/test/setup/jest-fast-check.cjs');
  });

  it('is pinned by no test file (a fixed seed explores the same cases on every run)', () => {
    const pinned = testFiles(join(root, 'test'))
      .filter((file) => !file.includes(join('test', 'setup')))
      .filter((file) => /process\.env\.FC_SEED|20_?261_?130/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(pinned).toEqual([]);
  });
});
