// The pieces every format's arbitrary of responses draws from. fast-check is handed in (an optional peer dependency:
// src/core imports only its types), so each is made from the module it is given.
import type * as FastCheck from 'fast-check';

/** A JSON object as a response holds it. */
export type Json = Record<string, unknown>;

/** fast-check, as src/arbitraries hands it to a format's arbitrary. */
export type FastCheckModule = typeof FastCheck;

/** Texts, tool names, tool arguments and token counts. */
export interface ArbitraryParts {
  text: FastCheck.Arbitrary<string>;
  name: FastCheck.Arbitrary<string>;
  /** Tool arguments as JSON objects (round-tripped through JSON, so -0 and the like are what a wire carries). */
  args: FastCheck.Arbitrary<Json>;
  count: FastCheck.Arbitrary<number>;
}

export function arbitraryParts(fc: FastCheckModule): ArbitraryParts {
  return {
    text: fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 })),
    name: fc.constantFrom('get_weather', 'search', 'lookup_order', 'send_email', 'run_sql'),
    args: fc
      .dictionary(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
      .map((value) => JSON.parse(JSON.stringify(value)) as Json),
    count: fc.integer({ min: 0, max: 5000 }),
  };
}

/** `prefix1`, `prefix2`, … */
export function ids(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
}

/** An arbitrary of non-streamed responses. */
export type JsonArbitrary = FastCheck.Arbitrary<Json>;
