import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { ASYNC_MATCHERS } from '../../src/matchers/index.js';
import { FINDING_CODES } from '../../src/core/findings.js';
import { withFindings } from '../../scripts/findings-doc.js';
import { renderMatrixPage, renderReadmeMatrix, withMatrix } from '../../scripts/clients-doc.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const findingsPage = readFileSync(new URL('../../docs/findings.md', import.meta.url), 'utf8');

describe('docs/findings.md, the findings catalogue', () => {
  it('is exactly what src/core/findings.ts generates (run `npm run docs` after changing the catalogue)', () => {
    expect(findingsPage).toBe(withFindings(findingsPage));
  });

  it('names every finding code', () => {
    for (const code of FINDING_CODES) expect(findingsPage).toContain(`#### \`${code}\``);
  });

  it('is linked from the README', () => {
    expect(readme).toContain('](docs/findings.md)');
  });
});

describe('the client matrix (docs/clients-matrix.md and the README table)', () => {
  it('is what the client profiles generate (run `npm run docs` after adding or changing a profile)', () => {
    const page = readFileSync(new URL('../../docs/clients-matrix.md', import.meta.url), 'utf8');
    expect(page).toBe(withMatrix(page, renderMatrixPage(), 'docs/clients-matrix.md'));
    expect(readme).toBe(withMatrix(readme, renderReadmeMatrix(), 'README.md'));
  });

  it('shows a cut the loop hides and the final helper throws on, and keeps the README under 30 KB', () => {
    expect(readme).toMatch(/\| cut mid-text \| did not finish \| ⚠ part, quietly \| throws \|/);
    expect(Buffer.byteLength(readme)).toBeLessThan(30 * 1024);
    expect(readme).toContain('](docs/clients-matrix.md)');
  });
});

/**
 * README examples that show their output: a ```ts block after `<!-- doc-test: CAPTURE -->`. Each line
 * `expression; // value` (or `expression;` with the value in the `//` lines under it) is run against the package with
 * `capturedBody` read from CAPTURE, and its value compared with the one shown. A string shown ending in `…` is the start
 * of the real one.
 */
interface DocExample {
  capture: string;
  code: string;
  line: number;
}

function docExamples(text: string): DocExample[] {
  return [...text.matchAll(/<!-- doc-test: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map((match) => ({
    capture: match[1] ?? '',
    code: match[2] ?? '',
    line: text.slice(0, match.index).split('\n').length + 2,
  }));
}

interface Shown {
  expression: string;
  value: unknown;
  line: number;
}

/** What reads as a value rather than words: a string, an array, an object, a number, true, false or null. */
const VALUE = /^(['"`[{\d-]|true\b|false\b|null\b)/;

const NOT_A_VALUE = Symbol('not a value');

/** The value a comment shows, or NOT_A_VALUE when it is words that only start like one (`{ …, deadlines: {…} }`). */
function valueOf(comment: string): unknown {
  try {
    return new Function(`return (${comment});`)() as unknown;
  } catch {
    return NOT_A_VALUE;
  }
}

/** The statements to run, and each expression whose value the example shows. */
function parseExample(code: string): { statements: string[]; shown: Shown[] } {
  const lines = code.split('\n');
  const statements: string[] = [];
  const shown: Shown[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (/^\s*import\b/.test(line) || /^\s*(\/\/.*)?$/.test(line)) continue;
    const [, statement = line, inline] = /^(.*?;)\s*(?:\/\/ ?(.*))?$/.exec(line) ?? [];
    let comment = inline ?? '';
    while (/^\s*\/\//.test(lines[i + 1] ?? '') && (comment === '' || VALUE.test(comment.trim()))) {
      comment += ` ${(lines[i + 1] ?? '').replace(/^\s*\/\/ ?/, '')}`;
      i += 1;
    }
    const expression = statement.replace(/;$/, '').trim();
    const value = VALUE.test(comment.trim()) && !/^(const|let|var)\s/.test(expression) ? valueOf(comment) : NOT_A_VALUE;
    if (value !== NOT_A_VALUE) {
      shown.push({ expression, value, line: i });
    } else {
      statements.push(statement);
    }
  }
  return { statements, shown };
}

/** Deep equality where a string shown as `'start …'` matches any string that starts with `start`. */
function matchesShown(actual: unknown, expected: unknown): boolean {
  if (typeof expected === 'string' && expected.endsWith('…')) {
    return typeof actual === 'string' && actual.startsWith(expected.slice(0, -1).trimEnd());
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => matchesShown(actual[index], item));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null) return false;
    const keys = Object.keys(expected);
    return isDeepStrictEqual(Object.keys(actual).sort(), [...keys].sort()) && keys.every((key) => matchesShown((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]));
  }
  return isDeepStrictEqual(actual, expected);
}

/** Runs an example's statements, then returns the value of each shown expression. */
function runExample(example: DocExample, shown: readonly Shown[], statements: readonly string[]): unknown[] {
  const capturedBody = readFileSync(new URL(`../../${example.capture}`, import.meta.url), 'utf8');
  const names = Object.keys(api);
  const body = `${statements.join('\n')}\nreturn [${shown.map((entry) => entry.expression).join(', ')}];`;
  const run = new Function('capturedBody', ...names, body) as (...args: unknown[]) => unknown[];
  return run(capturedBody, ...names.map((name) => (api as Record<string, unknown>)[name]));
}

describe('README examples show what the code gives', () => {
  const examples = docExamples(readme);

  it('the 30-second example is among them', () => {
    expect(examples.length).toBeGreaterThan(0);
    expect(examples[0]?.code).toContain('reconstruct(capturedBody)');
  });

  it('every example that shows a value is tested (has a doc-test line)', () => {
    const blocks = [...readme.matchAll(/(<!-- doc-test: \S+ -->\n)?```ts\n([\s\S]*?)```/g)];
    const untested = blocks.filter((block) => !block[1] && parseExample(block[2] ?? '').shown.some((entry) => /^result\b/.test(entry.expression)));
    expect(untested.map((block) => block[2])).toEqual([]);
  });

  for (const example of examples) {
    it(`README line ${example.line}, on ${example.capture}`, () => {
      const { statements, shown } = parseExample(example.code);
      expect(shown.length).toBeGreaterThan(0);
      const values = runExample(example, shown, statements);
      shown.forEach((entry, index) => {
        const actual = values[index];
        if (!matchesShown(actual, entry.value)) expect.soft(actual, `${entry.expression} (example line ${entry.line + 1})`).toEqual(entry.value);
      });
    });
  }
});

describe('README matchers section', () => {
  it('gives the install line', () => {
    expect(readme).toContain('npm i -D sse-reconstruct');
  });

  it('lists every matcher in its table', () => {
    for (const name of ASYNC_MATCHERS) expect(readme).toMatch(new RegExp(`^\\| \`${name}\\(`, 'm'));
  });

  it('shows the lint config with ASYNC_MATCHERS', () => {
    expect(readme).toContain("import { ASYNC_MATCHERS } from 'sse-reconstruct/matchers'");
    expect(readme).toContain('asyncMatchers: [');
  });

  it('gives the jest + TypeScript types entry', () => {
    expect(readme).toContain('"types": ["jest", "node", "sse-reconstruct/jest"]');
  });
});

describe('docs/performance.md', () => {
  it('holds the measurements; the README keeps a short table and how to rerun', () => {
    const performance = readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8');
    expect(performance).toContain('npm run bench');
    const speed = /## Speed and memory\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    expect(speed).toContain('npm run bench');
    expect(speed).toContain('docs/performance.md');
    expect(speed.split('\n').length).toBeLessThan(40);
  });
});
