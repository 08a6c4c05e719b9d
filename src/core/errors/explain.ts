import type { FormatName } from '../model.js';
import { isObject } from '../object-kinds.js';
import { FORMAT_MODULES } from '../formats/registry.js';
import { ERROR_MEANINGS, ERROR_SOURCES, ERROR_TABLES, type ErrorMeaning, type ErrorProvider, type ErrorSource, type RetryAdvice } from './table.js';

/** What an error a stream ended with means, from the error table. */
export interface ErrorExplanation {
  /** Whose error shape it was read as; null when nothing in the table matched. */
  provider: ErrorProvider | null;
  /** What it was recognised by: "type overloaded_error", "status RESOURCE_EXHAUSTED"; null when not in the table. */
  matched: string | null;
  /** The HTTP status it goes with: the error's own (Google's `code`), else the table's; null when unknown. */
  http: number | null;
  /** The error's own message, when it has one. */
  message: string | null;
  meaning: string;
  /** `unknown` only for an error the table does not know and that carries no HTTP status. */
  retry: RetryAdvice | 'unknown';
  /** What to change so the request succeeds. */
  change: string;
  /** True when the request did not fit the model's context window. */
  contextLength: boolean;
  /** Where the meaning was read, and when; null when not in the table. */
  source: ErrorSource | null;
  /** All of it in one line, as findings, the CLI and the page show it. */
  summary: string;
}

/** The fields an error is matched on, from any of the shapes providers send. */
interface ErrorFields {
  type: string | null;
  code: string | null;
  status: string | null;
  message: string | null;
  http: number | null;
}

/** With no format (or one not listed), every provider, the most specific shapes first (see `rankWithoutFormat`). */
const ANY_PROVIDER: readonly ErrorProvider[] = [...ERROR_TABLES].sort((a, b) => a.rankWithoutFormat - b.rankWithoutFormat).map((table) => table.provider);

/** Whose errors a format's streams carry, from its module. */
function providersOf(format: FormatName | null | undefined): readonly ErrorProvider[] {
  return FORMAT_MODULES.find((module) => module.name === format)?.errorProviders ?? ANY_PROVIDER;
}

const FIELD_ORDER: ReadonlyArray<'code' | 'status' | 'type'> = ['code', 'status', 'type'];

/** Words of a context-length error that no table entry names, from any provider or gateway. */
const CONTEXT_WORDS = /maximum context length|context window|context[_ ]length|too many (input )?tokens|prompt is too long|input token count/i;

/**
 * What the error a stream ended with means, whether to retry it (with backoff, or never) and what to change. Takes
 * the error as a Reconstruction holds it (`result.error`), a whole error frame's value (`{"error": …}`, an Anthropic
 * or Responses `error` event, a `response.failed` event), or its JSON text. `format` picks the provider's table.
 * Never throws: an error the table does not know is explained by its HTTP status, or said to be unknown.
 */
export function explainError(error: unknown, format?: FormatName | null): ErrorExplanation {
  const fields = fieldsOf(error);
  const providers = providersOf(format);
  const found = lookUp(fields, providers);
  return found === null ? unknownError(fields) : explained(found.entry, found.matched, found.name, fields);
}

/** The entry, what it matched, and the name to show: the matched value, or the error's most specific one. */
function lookUp(fields: ErrorFields, providers: readonly ErrorProvider[]): { entry: ErrorMeaning; matched: string; name: string } | null {
  // A context-length error often has a generic type (invalid_request_error): its message says more, so it is read first.
  const byMessage = fields.message === null ? null : (find(providers, 'message', fields.message) ?? contextEntry(providers, fields.message));
  if (byMessage !== null) return { entry: byMessage, matched: 'its message', name: fields.code ?? fields.status ?? fields.type ?? 'error' };
  for (const field of FIELD_ORDER) {
    const value = fields[field];
    const entry = value === null ? null : find(providers, field, value);
    if (entry !== null && value !== null) return { entry, matched: `${field} ${value}`, name: value };
  }
  return null;
}

function find(providers: readonly ErrorProvider[], field: ErrorMeaning['field'], value: string): ErrorMeaning | null {
  for (const provider of providers) {
    const entry = ERROR_MEANINGS.find((e) => e.provider === provider && e.field === field && matches(e, value));
    if (entry !== undefined) return entry;
  }
  return null;
}

/** The provider's context-length entry, for a message that says so in words no entry names. */
function contextEntry(providers: readonly ErrorProvider[], message: string): ErrorMeaning | null {
  if (!CONTEXT_WORDS.test(message)) return null;
  for (const provider of providers) {
    const entry = ERROR_MEANINGS.find((e) => e.provider === provider && e.contextLength === true);
    if (entry !== undefined) return entry;
  }
  return null;
}

function matches(entry: ErrorMeaning, value: string): boolean {
  if (entry.field !== 'message') return entry.values.includes(value);
  const lower = value.toLowerCase();
  return entry.values.some((words) => lower.includes(words));
}

function explained(entry: ErrorMeaning, matched: string, name: string, fields: ErrorFields): ErrorExplanation {
  const http = fields.http ?? entry.http;
  return {
    provider: entry.provider,
    matched,
    http,
    message: fields.message,
    meaning: entry.meaning,
    retry: entry.retry,
    change: entry.change,
    contextLength: entry.contextLength === true,
    source: ERROR_SOURCES[entry.source],
    summary: summaryOf(name, http, entry.meaning, entry.retry, entry.change),
  };
}

function unknownError(fields: ErrorFields): ErrorExplanation {
  const http = fields.http;
  const retry: ErrorExplanation['retry'] = http === null ? 'unknown' : http === 429 || http >= 500 ? 'with backoff' : http >= 400 ? 'never' : 'unknown';
  const named = fields.code ?? fields.status ?? fields.type;
  const meaning = `Not an error the table knows${named === null ? '' : ` (${JSON.stringify(named)})`}${http === null ? '' : `; its HTTP status is ${http}`}. Read its message, and the provider's current documentation.`;
  const change =
    retry === 'with backoff'
      ? 'A server-side status: retry with backoff, and report it if it lasts.'
      : retry === 'never'
        ? 'A client-side status: change the request as the message says before sending it again.'
        : 'Treat it as a failed call; retry only if the message says the failure is temporary.';
  return { provider: null, matched: null, http, message: fields.message, meaning, retry, change, contextLength: false, source: null, summary: summaryOf(named ?? 'error', http, meaning, retry, change) };
}

function summaryOf(name: string, http: number | null, meaning: string, retry: ErrorExplanation['retry'], change: string): string {
  const advice = retry === 'with backoff' ? 'Retry: yes, with backoff.' : retry === 'never' ? 'Retry: never as it is.' : 'Retry: unknown.';
  return `${name}${http === null ? '' : ` (HTTP ${http})`}: ${meaning} ${advice} ${change}`;
}

// ── reading the shapes ────────────────────────────────────────────────────────────────────────────────────

function fieldsOf(error: unknown): ErrorFields {
  const value = typeof error === 'string' ? parsedOrText(error) : error;
  if (typeof value === 'string') return { type: null, code: null, status: null, message: value, http: null };
  if (!isObject(value)) return { type: null, code: null, status: null, message: null, http: null };
  const inner = innerError(value);
  return {
    type: typeOf(inner),
    code: typeof inner.code === 'string' ? inner.code : null,
    status: typeof inner.status === 'string' ? inner.status : null,
    // `{"error": "text"}`, the shape of servers whose error is a bare string: the text is the message.
    message: typeof inner.message === 'string' ? inner.message : typeof value.error === 'string' ? value.error : null,
    http: httpOf(inner) ?? httpOf(value),
  };
}

/**
 * The object that holds the error's fields: `{"error": {…}}` (also nested, as an SDK error wraps the body: `.error`
 * of `{"type": "error", "error": {…}}`), a `response.failed` event's `response.error`, or the object itself.
 */
function innerError(value: Record<string, unknown>): Record<string, unknown> {
  let inner = value;
  for (let depth = 0; depth < 3; depth += 1) {
    if (isObject(inner.error)) inner = inner.error;
    else if (isObject(inner.response) && isObject(inner.response.error)) inner = inner.response.error;
    else break;
  }
  return inner;
}

/** The error's own `type`; the envelope's `"type": "error"` (Anthropic's, Responses') names the event, not the error. */
function typeOf(inner: Record<string, unknown>): string | null {
  return typeof inner.type === 'string' && inner.type !== 'error' ? inner.type : null;
}

function httpOf(value: Record<string, unknown>): number | null {
  for (const candidate of [value.code, value.status, value.statusCode, value.status_code]) {
    if (typeof candidate === 'number' && Number.isInteger(candidate) && candidate >= 100 && candidate <= 599) return candidate;
  }
  return null;
}

function parsedOrText(text: string): unknown {
  const data = text.trim().replace(/^data:\s?/, '');
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return text;
  }
}
