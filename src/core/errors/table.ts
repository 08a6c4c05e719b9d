/**
 * The one table of the errors streams end with: for each provider's error `type`, `code` or `status`, what it means,
 * whether to retry, and what to change. Each provider's entries live in the folder of the format that streams them
 * (src/core/formats/<name>/errors.ts); this composes them from the registry. `explainError()` reads it;
 * docs/errors.md is generated from it (`npm run docs`). Every entry names the source it was read from, and the
 * sources say when.
 */
import { FORMAT_MODULES, type ListedErrorSource } from '../formats/registry.js';
import type { ErrorSource, ErrorTableEntry, ProviderErrors } from './meaning.js';

export type { ErrorProvider, ErrorSource, ProviderErrors, RetryAdvice } from './meaning.js';

/** The keys of ERROR_SOURCES: every source the listed formats' error tables name. */
export type ErrorSourceKey = ListedErrorSource;

/** One entry of the error table. */
export type ErrorMeaning = ErrorTableEntry<ErrorSourceKey>;

/** Every provider's part of the table, in the registry's order (each part once, held by one format's folder). */
export const ERROR_TABLES: readonly ProviderErrors[] = [...new Set<ProviderErrors>(FORMAT_MODULES.flatMap((module): readonly ProviderErrors[] => module.errorTables))];

/** The error table: what each known provider error means, whether to retry it, and what to change. */
export const ERROR_MEANINGS = ERROR_TABLES.flatMap((table) => table.meanings) as readonly ErrorMeaning[];

/** Where each entry's meaning was read, by the key its `source` names. */
export const ERROR_SOURCES = Object.assign({}, ...ERROR_TABLES.map((table) => table.sources)) as Readonly<Record<ErrorSourceKey, ErrorSource>>;
