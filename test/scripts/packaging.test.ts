// `npm pack` on a fresh clone builds first, and the README says how to install the packed tarball (issue 20, item 30).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; version: string };

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'vectors', 'fixtures'].includes(entry.name) ? [] : sources(path);
    return /\.(ts|mjs|cjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('packing', () => {
  it('builds the package and the page before npm pack or npm publish (prepack)', () => {
    expect(manifest.scripts.prepack).toBe('npm run build');
    expect(manifest.scripts.build).toMatch(/\btsup\b/);
    expect(manifest.scripts.build).toMatch(/scripts\/build-page\.mjs/);
  });

  it('is not built a second time by the checks that pack what npm test just built', () => {
    const packing = [...sources(join(root, 'scripts')), ...sources(join(root, 'test'))]
      .filter((file) => /\[\s*'pack'/.test(readFileSync(file, 'utf8')))
      .filter((file) => !/\[\s*'pack'[^\]]*'--ignore-scripts'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(packing).toEqual([]);
  });

  it('is how the README says to install before the package is published', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('npm pack');
    expect(readme).toContain(`npm install --save-dev ../sse-reconstruct/sse-reconstruct-${manifest.version}.tgz`);
  });
});
