import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIFFERENCES, DIFFERENCE_CODES } from '../../../src/core/compare/catalogue.js';
import { withDifferences } from '../../../scripts/compare-doc.js';

const page = readFileSync(new URL('../../../docs/compare.md', import.meta.url), 'utf8');

describe('the difference catalogue', () => {
  it('docs/compare.md is exactly what the catalogue generates (run `npm run docs` after changing it)', () => {
    expect(page).toBe(withDifferences(page));
    for (const code of DIFFERENCE_CODES) expect(page).toContain(`#### \`${code}\``);
  });

  it('has every difference the relay bugs need, each with words to say it', () => {
    const wanted = [
      'text dropped at start', 'text dropped at end', 'text missing inside', 'text added', 'text duplicated', 'repeats collapsed',
      'text reordered', 'text changed', 'tool call lost', 'tool call added', 'tool call renamed', 'tool arguments changed',
      'reasoning dropped', 'signature dropped', 'refusal changed', 'citations changed', 'finish changed', 'usage changed',
      'usage inconsistent', 'usage missing', 'failure hidden', 'failure changed', 'choice lost', 'choice added',
    ];
    expect(DIFFERENCE_CODES).toEqual(expect.arrayContaining(wanted));
    for (const code of DIFFERENCE_CODES) {
      const entry = DIFFERENCES[code];
      expect(entry.title.length).toBeGreaterThan(10);
      expect(entry.meaning.length).toBeGreaterThan(30);
      expect(entry.fix.length).toBeGreaterThan(20);
    }
  });

  it('what changes the answer a client sees is an error; usage and citations are warnings', () => {
    expect(DIFFERENCES['failure hidden'].severity).toBe('error');
    expect(DIFFERENCES['text dropped at start'].severity).toBe('error');
    expect(DIFFERENCES['usage inconsistent'].severity).toBe('warning');
  });
});
