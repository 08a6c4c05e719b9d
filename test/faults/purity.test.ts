// Fixtures, faults and arbitraries run in a browser as they do in Node: no Node built-ins, no dependency but
// fast-check (arbitraries only, an optional peer). Checked on the source text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = join(__dirname, '../../src');
const folders = ['fixtures', 'faults', 'arbitraries'];
const files = folders.flatMap((folder) => readdirSync(join(SRC, folder)).filter((f) => f.endsWith('.ts')).map((f) => ({ folder, path: join(SRC, folder, f) })));

function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ').replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
}

describe('fixtures, faults and arbitraries are pure', () => {
  test('there are sources to check', () => expect(files.length).toBeGreaterThan(8));

  test.each(files.map((f) => [`${f.folder}/${f.path.split('/').pop()}`, f]))('%s imports only its own modules and the core', (_, file) => {
    const source = readFileSync(file.path, 'utf8');
    const specifiers = [...source.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/g)].map((m) => m[1]!);
    for (const specifier of specifiers) {
      const allowed = specifier.startsWith('../core/') || specifier.startsWith('./') || /^\.\.\/(fixtures|faults)\//.test(specifier) || (file.folder === 'arbitraries' && specifier === 'fast-check');
      expect(allowed, `${file.path} imports ${specifier}`).toBe(true);
    }
    expect(code(source)).not.toMatch(/\b(process|Buffer|require|__dirname|setTimeout|globalThis\.process)\b/);
  });
});
