// The shape of the error table's entries. Each provider's entries live in the folder of the format that streams them
// (src/core/formats/<name>/errors.ts); errors/table.ts composes the one table from the registry.

/** Whose error shape an entry reads: openai, groq, anthropic, google, salyro, or a new format's provider. */
export type ErrorProvider = string;

/** Whether sending the same request again can succeed: later, with growing waits; or never, until it changes. */
export type RetryAdvice = 'with backoff' | 'never';

/** A page an error meaning was read from, and when. */
export interface ErrorSource {
  /** Where the meaning was read. */
  readonly where: string;
  /** When it was read (YYYY-MM-DD). */
  readonly read: string;
}

/** One entry of the error table; `Source` is the key of the source it was read in. */
export interface ErrorTableEntry<Source extends string = string> {
  readonly provider: ErrorProvider;
  /** The field of the error object the entry is matched on. */
  readonly field: 'type' | 'code' | 'status' | 'message';
  /** The values that field takes for this entry (for `message`: a pattern its text matches). */
  readonly values: readonly string[];
  /** The HTTP status the provider sends it with when it comes as a response instead of inside a stream. */
  readonly http: number | null;
  /** True for the context-length errors: the request does not fit the model's window. */
  readonly contextLength?: true;
  readonly meaning: string;
  readonly retry: RetryAdvice;
  /** What to change so the request succeeds. */
  readonly change: string;
  /** Key into ERROR_SOURCES. */
  readonly source: Source;
}

/** One provider's part of the error table: its entries and the sources (by key) they were read in. */
export interface ProviderErrors<Source extends string = string> {
  readonly provider: ErrorProvider;
  /** How the generated docs head its table: "Anthropic Messages". */
  readonly title: string;
  /**
   * Where it is tried when `explainError` is given no format: lower first. The most specific shapes come first
   * (Google's upper-case statuses), the most generic last (OpenAI's types, which gateways copy).
   */
  readonly rankWithoutFormat: number;
  readonly sources: Readonly<Record<Source, ErrorSource>>;
  readonly meanings: readonly ErrorTableEntry<Source>[];
}

export const BACKOFF = 'with backoff' as const;
export const NEVER = 'never' as const;
