// Non-streamed responses per format, drawn at random in each format's own shape: each format's folder holds its
// arbitrary (src/core/formats/<name>/arbitrary.ts), made here from this package's fast-check.
import * as fc from 'fast-check';
import { FORMAT_MODULES, type FormatName } from '../core/index.js';

type Json = Record<string, unknown>;

/** What a module's `arbitrary` is, once fast-check is handed in (its public type names no fast-check type). */
type MadeWith = (fastCheck: typeof fc) => fc.Arbitrary<Json>;

export const RESPONSE_ARBITRARIES = Object.fromEntries(FORMAT_MODULES.map((module) => [module.name, (module.arbitrary as MadeWith)(fc)])) as Readonly<Record<FormatName, fc.Arbitrary<Json>>>;
