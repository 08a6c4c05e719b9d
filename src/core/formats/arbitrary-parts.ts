// The pieces every format's arbitrary of responses draws from. fast-check is handed in (an optional peer dependency,
// and src/core names no module outside itself, not even for types): FastCheckModule is the part of its API the
// folders use, which fast-check's module satisfies.

/** A JSON object as a response holds it. */
export type Json = Record<string, unknown>;

/** A fast-check arbitrary, as the folders use it. */
export interface Arbitrary<T> {
  map<U>(mapper: (value: T) => U): Arbitrary<U>;
}

type ValuesOf<Arbitraries> = { [K in keyof Arbitraries]: Arbitraries[K] extends Arbitrary<infer T> ? T : never };

/** fast-check, as src/arbitraries hands it to a format's arbitrary: the part of its API the folders use. */
export interface FastCheckModule {
  oneof<Arbitraries extends Arbitrary<unknown>[]>(...arbitraries: Arbitraries): Arbitrary<ValuesOf<Arbitraries>[number]>;
  string(constraints: { unit: 'grapheme' | 'grapheme-ascii'; minLength?: number; maxLength?: number }): Arbitrary<string>;
  constantFrom<T extends string>(...values: T[]): Arbitrary<T>;
  dictionary<T>(key: Arbitrary<string>, value: Arbitrary<T>, constraints: { maxKeys?: number }): Arbitrary<Record<string, T>>;
  jsonValue(constraints: { maxDepth?: number }): Arbitrary<unknown>;
  integer(constraints: { min?: number; max?: number }): Arbitrary<number>;
  boolean(): Arbitrary<boolean>;
  record<Model extends Record<string, Arbitrary<unknown>>>(model: Model): Arbitrary<ValuesOf<Model>>;
  array<T>(arbitrary: Arbitrary<T>, constraints?: { minLength?: number; maxLength?: number }): Arbitrary<T[]>;
  tuple<Arbitraries extends Arbitrary<unknown>[]>(...arbitraries: Arbitraries): Arbitrary<ValuesOf<Arbitraries>>;
  option<T, Nil>(arbitrary: Arbitrary<T>, constraints: { nil: Nil }): Arbitrary<T | Nil>;
}

/** Texts, tool names, tool arguments and token counts. */
export interface ArbitraryParts {
  text: Arbitrary<string>;
  name: Arbitrary<string>;
  /** Tool arguments as JSON objects (round-tripped through JSON, so -0 and the like are what a wire carries). */
  args: Arbitrary<Json>;
  count: Arbitrary<number>;
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
export type JsonArbitrary = Arbitrary<Json>;
