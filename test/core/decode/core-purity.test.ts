// src/core runs in a browser: no Node built-ins and no runtime dependencies. Checked on the source text.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORE = fileURLToPath(new URL('../../../src/core/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Module specifiers of static imports and exports, dynamic imports and require calls. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1] ?? '');
  return found;
}

/** Source text without comments and string contents, so a word in a message or a comment is not a use. */
function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
}

const files = sourceFiles(CORE);

describe('src/core has no Node built-ins and no runtime dependencies', () => {
  it('finds the core sources', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(files.some((f) => f.endsWith(join('decode', 'decoder.ts')))).toBe(true);
  });

  it.each(files.map((f) => [relative(CORE, f), f]))('%s imports only relative modules', (_name, file) => {
    const bad = specifiers(readFileSync(file, 'utf8')).filter((s) => !s.startsWith('./') && !s.startsWith('../'));
    expect(bad).toEqual([]);
  });

  it.each(files.map((f) => [relative(CORE, f), f]))('%s uses no Buffer, process or require', (_name, file) => {
    const text = code(readFileSync(file, 'utf8'));
    expect(text.match(/\bBuffer\b|\bprocess\.|\brequire\(|\b__dirname\b|\b__filename\b/g) ?? []).toEqual([]);
  });

  it('the checks catch what they look for', () => {
    expect(specifiers("import { x } from 'node:fs';\nimport type { Y } from 'zod';\nconst z = await import('path');")).toEqual([
      'node:fs',
      'zod',
      'path',
    ]);
    expect(specifiers("export * from './a.js';\nexport { b } from '../b.js';")).toEqual(['./a.js', '../b.js']);
    expect(code("const b = Buffer.from(x); // Buffer\nconst s = 'process.env';").match(/\bBuffer\b|\bprocess\./g)).toEqual(['Buffer']);
  });
});
