// The model of LangChain.js's merging and partial-JSON reading against @langchain/core 1.4.0 itself: parsePartialJson
// on every cut of random JSON and on random text; _mergeDicts, _mergeLists and mergeContent on random pieces of the
// kind streams carry (the same value, or a throw on both sides).
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { _mergeDicts, _mergeLists, mergeContent as realMergeContent } from '@langchain/core/messages';
import { parsePartialJson as realParsePartialJson } from '@langchain/core/output_parsers';
import { parsePartialJson } from '../../../src/core/clients/langchain-partial-json.js';
import { ClientThrow } from '../../../src/core/clients/run.js';
import { mergeContent, mergeDicts, mergeLists } from '../../../src/core/clients/langchain-dicts.js';

function outcome(read: () => unknown): { value: unknown } | { throws: true } {
  try {
    // A JSON round trip: both sides' values compared as the plain data they hold.
    return { value: JSON.parse(JSON.stringify(read() ?? null)) as unknown };
  } catch (error) {
    if (error instanceof ClientThrow || error instanceof Error) return { throws: true };
    throw error;
  }
}

describe('parsePartialJson', () => {
  it('reads every cut of random JSON as LangChain does', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), (json, cut) => {
        const text = json.slice(0, json.length === 0 ? 0 : cut % (json.length + 1));
        expect(outcome(() => parsePartialJson(text))).toEqual(outcome(() => realParsePartialJson(text)));
      }),
      { numRuns: 1500 },
    );
  });

  it('drops a `__proto__` key of cut JSON as LangChain does (its reader assigns it through the setter)', () => {
    // FC_SEED=808301007 found it: JSON.parse keeps the key as data, LangChain's partial reader loses it.
    for (const text of ['{"__proto__":"', '{"__proto__":{"a":1', '{"a":1,"__proto__":"x', '{"__proto__":""}']) {
      expect(outcome(() => parsePartialJson(text))).toEqual(outcome(() => realParsePartialJson(text)));
    }
  });

  it('reads random text built of JSON pieces as LangChain does', () => {
    const piece = fc.constantFrom('{', '}', '[', ']', ':', ',', '"a"', '"b\\"', '"\\u12', '1', '0', '-', '.5', 'e+', 'tr', 'true', 'nul', 'f', ' ', 'x', '\\', '"', '\\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(outcome(() => parsePartialJson(text))).toEqual(outcome(() => realParsePartialJson(text)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('merging', () => {
  const scalar = fc.oneof(fc.constantFrom('a', 'b', '', 'text', 'function'), fc.integer({ min: -2, max: 3 }), fc.boolean(), fc.constant(null));
  const key = fc.constantFrom('id', 'name', 'type', 'index', 'text', 'args', 'usage', 'model_provider', 'n');
  const item = fc.dictionary(key, scalar, { maxKeys: 4 });
  const value = fc.oneof(scalar, item, fc.array(item, { maxLength: 3 }));
  const dict = fc.dictionary(key, value, { maxKeys: 4 });

  it('merges records as _mergeDicts does', () => {
    fc.assert(
      fc.property(dict, dict, (left, right) => {
        expect(outcome(() => mergeDicts(left, right))).toEqual(outcome(() => _mergeDicts(structuredClone(left), structuredClone(right))));
      }),
      { numRuns: 1500 },
    );
  });

  it('merges lists by index and id as _mergeLists does', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), fc.array(item, { maxLength: 4 }), (left, right) => {
        expect(outcome(() => mergeLists(left, right))).toEqual(outcome(() => _mergeLists(structuredClone(left) as never[], structuredClone(right) as never[])));
      }),
      { numRuns: 1500 },
    );
  });

  it('merges content as mergeContent does', () => {
    const content = fc.oneof(fc.constantFrom('', 'Hi', ' there'), fc.array(item, { maxLength: 3 }));
    fc.assert(
      fc.property(content, content, (first, second) => {
        const real = () => realMergeContent(structuredClone(first) as string, structuredClone(second) as string);
        expect(outcome(() => mergeContent(first, second))).toEqual(outcome(real));
      }),
      { numRuns: 1500 },
    );
  });
});
