// Data flows one way through src/core: each rule below names a folder and what its modules may not import. The
// speed layer (fast/) sits beside the formats and the decoder, which know nothing of it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../../src');
const core = join(src, 'core');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module a file imports, as a path relative to src/ (`core/fast/lane`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((match) => relative(src, resolve(dirname(file), match[1] as string)).replace(/\.js$/, ''));
}

/** Each format's accelerator.ts, as a path relative to src/. */
const ACCELERATORS = readdirSync(join(core, 'formats'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `core/formats/${entry.name}/accelerator.ts`);

const RULES: Array<{ folder: string; except?: string[]; mayNotImport: string[] }> = [
  { folder: 'core/decode', except: ['core/decode/index.ts'], mayNotImport: ['core/fast', 'core/formats', 'core/pipeline', 'core/detect', 'core/judge'] },
  { folder: 'core/formats', mayNotImport: ['core/pipeline', 'core/detect', 'core/input'] },
  // Only a format's accelerator.ts, beside its assembler, reaches the speed layer's shared machinery.
  { folder: 'core/formats', except: ACCELERATORS, mayNotImport: ['core/fast'] },
  { folder: 'core/input', mayNotImport: ['core/pipeline', 'core/fast', 'core/formats', 'core/reconstruct'] },
  { folder: 'core/detect', mayNotImport: ['core/pipeline', 'core/fast', 'core/input'] },
  { folder: 'core/judge', mayNotImport: ['core/fast', 'core/formats', 'core/detect', 'core/input/live-read'] },
  { folder: 'core', mayNotImport: ['matchers', 'cli', 'server', 'faults', 'fixtures', 'arbitraries', 'web'] },
  { folder: 'matchers', mayNotImport: ['core/decode', 'core/input', 'core/pipeline', 'core/fast', 'core/formats', 'core/options', 'core/severity'] },
];

describe('src/core layers', () => {
  it('finds the modules', () => expect(files(core).length).toBeGreaterThan(60));

  it.each(RULES.map((rule) => [rule.folder, rule] as const))('%s imports only what flows into it', (_folder, rule) => {
    const broken = files(join(src, rule.folder))
      .filter((file) => !(rule.except ?? []).includes(relative(src, file)))
      .flatMap((file) => importsOf(file).filter((target) => rule.mayNotImport.some((banned) => target === banned || target.startsWith(`${banned}/`))).map((target) => `${relative(src, file)} → ${target}`));
    expect(broken).toEqual([]);
  });
});
