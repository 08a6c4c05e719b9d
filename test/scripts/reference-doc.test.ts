// The reference tables in docs/ are what their sources generate, and the CLI's --help is made from the same options.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TABLES, withTable } from '../../scripts/reference-doc.js';
import { READ_OPTIONS, RECORD_OPTIONS, SERVE_OPTIONS, optionNames, optionsHelp } from '../../src/cli/options.js';
import { RECORD_USAGE } from '../../src/cli/record.js';
import { SERVE_USAGE } from '../../src/cli/serve.js';
import { checkServerOptions, SERVER_OPTIONS } from '../../src/server/options.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the generated reference tables', () => {
  for (const table of TABLES) {
    it(`${table.page} (${table.marker}) is what ${table.source} generates (run \`npm run docs\`)`, () => {
      const page = read(table.page);
      expect(page).toBe(withTable(page, table));
    });
  }
});

describe('the CLI options', () => {
  it('are what serve --help and record --help print', () => {
    expect(SERVE_USAGE).toContain(optionsHelp(SERVE_OPTIONS, 29));
    expect(RECORD_USAGE).toContain(optionsHelp(RECORD_OPTIONS, 19));
    for (const { usage } of [...SERVE_OPTIONS, ...RECORD_OPTIONS]) expect(`${SERVE_USAGE}\n${RECORD_USAGE}`).toContain(`  ${usage}`);
  });

  it('name every flag the reader parses, and the reader parses every one', () => {
    const main = read('src/cli/main.ts');
    const parsed = new Set([...main.matchAll(/'--([a-z][a-z-]*)'/g)].map((match) => match[1]));
    expect([...parsed].sort()).toEqual(optionNames(READ_OPTIONS).sort());
  });

  it('of record are the ones it reads', () => {
    const call = /new ArgumentReader\(args, \[([^\]]*)\], \[([^\]]*)\]\)/.exec(read('src/cli/record.ts'));
    const parsed = [...(call?.[1] ?? '').matchAll(/'([a-z-]+)'/g), ...(call?.[2] ?? '').matchAll(/'([a-z-]+)'/g)].map((match) => match[1]);
    expect([...parsed, 'help'].sort()).toEqual(optionNames(RECORD_OPTIONS).sort());
  });

  it('wrap their help beside a short usage and under a long one', () => {
    const text = optionsHelp([{ usage: '--a', help: 'one two three' }, { usage: '--a-very-long-option VALUE', help: 'x' }], 12);
    expect(text).toBe('  --a       one two three\n  --a-very-long-option VALUE\n            x');
  });
});

describe('the server options', () => {
  it('are the names the checks accept, and no other', () => {
    const all = Object.fromEntries(SERVER_OPTIONS.map(({ name }) => [name, undefined]));
    expect(() => checkServerOptions(all)).not.toThrow();
    expect(() => checkServerOptions({ stal: { afterFrames: 1 } })).toThrow(/"stal" is not an option of serveStream; pass chunk, pace/);
  });
});
