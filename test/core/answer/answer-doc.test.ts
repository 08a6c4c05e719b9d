// docs/answer.md is generated from the formats' tables: it must be what they say now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerDoc } from '../../../scripts/answer-doc.js';
import { FORMAT_MODULES } from '../../../src/index.js';

const page = readFileSync(new URL('../../../docs/answer.md', import.meta.url), 'utf8');

describe('docs/answer.md', () => {
  it('is exactly what the tables generate (run `npm run docs` after changing a finish-reason table or answer.ts)', () => {
    expect(page).toBe(answerDoc());
  });

  it('has every format, every reason and every usage rule', () => {
    for (const module of FORMAT_MODULES) {
      expect(page).toContain(`(\`${module.name}\`)`);
      expect(page).toContain(module.answer.usage.rule);
      for (const reason of Object.keys(module.finishReasons.reasons)) expect(page).toContain(`| \`${reason}\` |`);
    }
  });
});
