// docs/api.md's list of exported names is what the sources generate, every exported name has JSDoc, and the names
// the README and the docs call or import are ones the package exports.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { entryPoints, exportedNames, firstSentence, withApi, type ExportedName } from '../../scripts/api-doc.js';
import { ASYNC_MATCHERS } from '../../src/matchers/index.js';
import { clientProfiles } from '../../src/core/index.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
/** The pages a user reads; docs/house-plan.md and docs/layout.md are about the code, not the API. */
const PAGES = ['README.md', 'docs/api.md', 'docs/matchers.md', 'docs/server.md', 'docs/fixtures-and-faults.md', 'docs/cli-and-page.md', 'docs/errors.md'];
/** Calls in the pages that are methods of a result or of the runner, not exports. */
const METHODS = ['end', 'push', 'expect', 'toThrow', 'close', 'fetch', 'text', 'stream', 'reset', 'waitForDisconnect'];
/** Calls of the real clients the pages name (`finalChatCompletion()`, `streamText()`): those the client profiles' readers make. */
const CLIENT_CALLS = [...clientProfiles().values()].flat().flatMap((profile) => [...profile.reader.matchAll(/([A-Za-z_$][\w$]*)\(/g)].map((match) => match[1]!));

let names: Map<string, ExportedName[]>;
// The TypeScript program over every entry takes a while on a loaded machine.
beforeAll(() => {
  names = exportedNames();
}, 240_000);

describe('docs/api.md, every exported name', () => {
  it('is exactly what the sources generate (run `npm run docs` after changing an export or its JSDoc)', () => {
    const page = read('docs/api.md');
    expect(page).toBe(withApi(page, names));
  });

  it('covers every entry point of package.json that has types', () => {
    const withTypes = Object.entries(packageJson.exports).filter(([, target]) => typeof target === 'object').map(([path]) => (path === '.' ? 'sse-reconstruct' : `sse-reconstruct/${path.slice(2)}`));
    expect(entryPoints().map((entry) => entry.specifier).sort()).toEqual(withTypes.sort());
  });

  it('has JSDoc for every exported name', () => {
    const undocumented = [...names].flatMap(([specifier, entries]) => entries.filter((entry) => entry.summary === '').map((entry) => `${specifier}: ${entry.name}`));
    expect(undocumented).toEqual([]);
  });

  it('gives each name one meaning: a name several entries export is one declaration', () => {
    const all = [...names.values()].flat();
    expect(all.filter((entry) => !/^src\/.+\.ts:\d+$/.test(entry.declaredAt))).toEqual([]);
    const places = new Map<string, Set<string>>();
    for (const entries of names.values()) for (const { name, declaredAt } of entries) places.set(name, (places.get(name) ?? new Set()).add(declaredAt));
    const twoMeanings = [...places].filter(([name, at]) => name !== 'default' && at.size > 1).map(([name, at]) => `${name}: ${[...at].join(', ')}`);
    expect(twoMeanings).toEqual([]);
  });

  it('takes the first sentence of a JSDoc as its summary', () => {
    expect(firstSentence('Reads a frame. Then more.')).toBe('Reads a frame.');
    expect(firstSentence('Sizes, e.g. 3 or 4. Next')).toBe('Sizes, e.g. 3 or 4.');
    expect(firstSentence('One line\nwrapped.\n\nA second paragraph.')).toBe('One line wrapped.');
  });
});

describe('the names the README and the docs use', () => {
  it('imports only names the entry exports', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      for (const [, list = '', specifier = ''] of read(page).matchAll(/import \{([^}]*)\} from '(sse-reconstruct[^']*)'/g)) {
        const exported = new Set((names.get(specifier) ?? []).map((entry) => entry.name));
        for (const name of list.split(',').map((part) => part.replace(/^\s*type\s+/, '').trim()).filter(Boolean)) {
          if (!exported.has(name)) missing.push(`${page}: ${name} from ${specifier}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('calls only exported functions, matchers and methods of what they return', () => {
    const exported = new Set([...names.values()].flatMap((entries) => entries.map((entry) => entry.name)));
    const known = new Set([...exported, ...ASYNC_MATCHERS, ...METHODS, ...CLIENT_CALLS]);
    const unknown = new Set<string>();
    for (const page of PAGES) {
      for (const [code = ''] of read(page).matchAll(/`[^`\n]+`/g)) {
        for (const [, name = ''] of code.matchAll(/(?:^`|[^.\w$])([A-Za-z_$][\w$]*)\(/g)) if (!known.has(name)) unknown.add(`${page}: ${name}`);
      }
    }
    expect([...unknown]).toEqual([]);
  });
});
