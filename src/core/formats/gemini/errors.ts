// Gemini's errors (google.rpc.Status): the error table's Google entries, the error frame a stream ends a failure
// with, and the body the API answers a failed request with.
import type { ErrorFrameOptions } from '../format-parts.js';
import { BACKOFF, NEVER, type ProviderErrors } from '../../errors/meaning.js';

/** Google's entries of the error table (Gemini API and Vertex AI). */
/** The sources its entries were read in, by key. */
export type GoogleErrorSource = 'gemini' | 'vertex' | 'gemini-bodies';

export const GOOGLE_ERRORS: ProviderErrors<GoogleErrorSource> = {
  provider: 'google',
  title: 'Gemini API and Vertex AI',
  rankWithoutFormat: 0,
  sources: {
    gemini: {
      where: 'https://ai.google.dev/gemini-api/docs/troubleshooting (its table of backend error codes, a stored copy) and reference/gemini.md §7 (HTTP status ↔ status)',
      read: '2026-12-01',
    },
    vertex: {
      where: 'https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/api-errors ("API errors")',
      read: '2026-12-01',
    },
    'gemini-bodies': {
      where: 'error bodies the API returned, quoted in public issues (e.g. google-gemini/gemini-cli#6678: "The input token count (…) exceeds the maximum number of tokens allowed (…)")',
      read: '2026-12-01',
    },
  },
  meanings: [
    {
      provider: 'google',
      field: 'message',
      values: ['input token count'],
      http: 400,
      contextLength: true,
      meaning: "The input has more tokens than the model accepts (an INVALID_ARGUMENT).",
      retry: NEVER,
      change: 'Send fewer input tokens: trim history, files or media, or use a model with a larger input limit.',
      source: 'gemini-bodies',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['INVALID_ARGUMENT'],
      http: 400,
      meaning: 'The request body is malformed: a typo, a missing required field, or a feature the endpoint version does not have.',
      retry: NEVER,
      change: 'Check the request against the API reference (and that the endpoint version supports the features used).',
      source: 'gemini',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['FAILED_PRECONDITION'],
      http: 400,
      meaning: 'The request cannot be served as the project stands, e.g. the free tier is not offered in the region and billing is off.',
      retry: NEVER,
      change: 'Enable billing for the project, or meet the precondition the message names.',
      source: 'gemini',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['UNAUTHENTICATED'],
      http: 401,
      meaning: 'The OAuth token or API key is missing, not valid or expired.',
      retry: NEVER,
      change: 'Send a valid credential (on Vertex AI, a fresh access token).',
      source: 'vertex',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['PERMISSION_DENIED'],
      http: 403,
      meaning: 'The key or service account lacks a permission: the wrong key, a tuned model without authentication, or no access to a referenced file.',
      retry: NEVER,
      change: 'Check the API key, the enabled APIs and the service account roles.',
      source: 'gemini',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['NOT_FOUND'],
      http: 404,
      meaning: 'A resource the request names (a model, a file, a storage URL) was not found.',
      retry: NEVER,
      change: 'Check the model name, the file and every URL in the request.',
      source: 'gemini',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['RESOURCE_EXHAUSTED'],
      http: 429,
      meaning: 'A rate limit or quota was exceeded, or shared capacity ran out.',
      retry: BACKOFF,
      change: 'Retry after a few seconds with exponential backoff (a couple of times); check the quota, ask for more, or spread the traffic out.',
      source: 'gemini',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['CANCELLED'],
      http: 499,
      meaning: 'The client cancelled the request.',
      retry: NEVER,
      change: 'Nothing on the server side: find what cancelled the call (a timeout or abort in the client or a proxy).',
      source: 'vertex',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['INTERNAL', 'UNKNOWN'],
      http: 500,
      meaning: "Google's side failed unexpectedly; a very long input context can also cause it.",
      retry: BACKOFF,
      change: 'Retry after a short wait; shorten the input, or switch models for a while, if it repeats.',
      source: 'gemini',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['UNAVAILABLE'],
      http: 503,
      meaning: 'The service is overloaded or down for the moment.',
      retry: BACKOFF,
      change: 'Retry with backoff, or switch to another model for a while.',
      source: 'gemini',
    },
    {
      provider: 'google',
      field: 'status',
      values: ['DEADLINE_EXCEEDED'],
      http: 504,
      meaning: 'The request did not finish within the deadline, often because the input is too large to process in time.',
      retry: BACKOFF,
      change: 'Set a longer client deadline (the server allows about 10 minutes), or send a smaller input.',
      source: 'gemini',
    },
  ],
};

/** Gemini has one error frame shape: no style to choose. */
export const ERROR_STYLES = [] as const;

export const ERROR_MESSAGE = 'The model is overloaded. Please try again later.';

/** The `data:` frame (ending `\r\n\r\n`, as Gemini's frames do) holding an `UNAVAILABLE` status. */
export function errorFrame(options: ErrorFrameOptions): string {
  return `data: ${JSON.stringify({ error: { code: 503, message: options.message ?? ERROR_MESSAGE, status: 'UNAVAILABLE' } })}\r\n\r\n`;
}

/** Each HTTP status's google.rpc `status`. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  529: 'UNAVAILABLE',
};

/** The body for a request that failed before any stream: `{"error": {code, message, status}}`. */
export function httpErrorBody(status: number, message: string): unknown {
  return { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } };
}
