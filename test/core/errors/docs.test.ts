import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_MEANINGS, ERROR_SOURCES } from '../../../src/core/errors/table.js';
import { withErrors } from '../../../scripts/findings-doc.js';

const readme = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');

describe('docs/errors.md, the error table', () => {
  it('is exactly what src/core/errors/table.ts generates (run `npm run docs` after changing the table)', () => {
    expect(readme).toBe(withErrors(readme));
  });

  it('names every value and every source with its date', () => {
    for (const entry of ERROR_MEANINGS) for (const value of entry.values) expect(readme).toContain(value);
    for (const source of Object.values(ERROR_SOURCES)) expect(readme).toContain(`read ${source.read}`);
  });
});
