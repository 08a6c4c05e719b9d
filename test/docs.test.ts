import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FINDING_CODES } from '../src/core/findings.js';
import { withFindings } from '../scripts/findings-doc.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README findings catalogue', () => {
  it('is exactly what src/core/findings.ts generates (run `npm run docs` after changing the catalogue)', () => {
    expect(readme).toBe(withFindings(readme));
  });

  it('names every finding code', () => {
    for (const code of FINDING_CODES) expect(readme).toContain(`#### \`${code}\``);
  });
});
