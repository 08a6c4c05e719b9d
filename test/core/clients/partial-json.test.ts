// The model of @anthropic-ai/sdk's partial-JSON parser against the vendored parser itself: the same value, or a throw
// on both sides, for every cut of random JSON and for random text.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { partialJson } from '../../../src/core/clients/partial-json.js';

const require = createRequire(import.meta.url);
const { partialParse } = require('@anthropic-ai/sdk/_vendor/partial-json-parser/parser.js') as { partialParse: (text: string) => unknown };

function outcome(read: (text: string) => unknown, text: string): { value: unknown } | { throws: true } {
  try {
    return { value: read(text) };
  } catch {
    return { throws: true };
  }
}

describe('partialJson', () => {
  it('reads every cut of random JSON as the SDK parser does', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), (json, cut) => {
        const text = json.slice(0, json.length === 0 ? 0 : cut % (json.length + 1));
        expect(outcome(partialJson, text)).toEqual(outcome(partialParse, text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads random text built of JSON pieces as the SDK parser does', () => {
    const piece = fc.constantFrom('{', '}', '[', ']', ':', ',', '"a"', '"b\\"', '1', '-', '.5', 'e+', 'tr', 'true', 'nul', ' ', 'x', '\\', '"');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(outcome(partialJson, text)).toEqual(outcome(partialParse, text));
      }),
      { numRuns: 3000 },
    );
  });
});
