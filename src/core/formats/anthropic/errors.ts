// Anthropic Messages' errors: the error table's Anthropic entries, the `error` event a stream ends a failure with,
// and the body the API answers a failed request with.
import type { ErrorFrameOptions } from '../format-parts.js';
import { BACKOFF, NEVER, type ProviderErrors } from '../../errors/meaning.js';

/** Anthropic's entries of the error table. */
/** The sources its entries were read in, by key. */
export type AnthropicErrorSource = 'anthropic' | 'anthropic-bodies';

export const ANTHROPIC_ERRORS: ProviderErrors<AnthropicErrorSource> = {
  provider: 'anthropic',
  title: 'Anthropic Messages',
  rankWithoutFormat: 1,
  sources: {
    anthropic: {
      where: 'https://docs.claude.com/en/api/errors ("HTTP errors") and the ErrorType union of anthropics/anthropic-sdk-typescript (reference/anthropic.md §9)',
      read: '2026-12-01',
    },
    'anthropic-bodies': {
      where: 'error bodies the API returned, quoted in public issues (e.g. entropy-research/Devon#88: "prompt is too long: … tokens > … maximum")',
      read: '2026-12-01',
    },
  },
  meanings: [
    {
      provider: 'anthropic',
      field: 'message',
      values: ['prompt is too long'],
      http: 400,
      contextLength: true,
      meaning: "The prompt has more tokens than the model's context window (an invalid_request_error).",
      retry: NEVER,
      change: 'Send fewer input tokens: trim the conversation or documents, or use a model (or beta) with a larger window.',
      source: 'anthropic-bodies',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['overloaded_error'],
      http: 529,
      meaning: "Anthropic's API is short of capacity for everyone; the request itself is fine.",
      retry: BACKOFF,
      change: 'Retry with exponential backoff and jitter; fail over to another region or provider for the same model if it lasts.',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['rate_limit_error'],
      http: 429,
      meaning: "The organization went over one of its rate limits (requests, input or output tokens per minute), or ramped up too fast.",
      retry: BACKOFF,
      change: 'Wait as long as retry-after says, then retry; ramp traffic up gradually, or ask for higher limits.',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['api_error'],
      http: 500,
      meaning: "Something failed inside Anthropic's systems.",
      retry: BACKOFF,
      change: 'Retry after a short, growing delay; report the request_id if it keeps happening.',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['timeout_error'],
      http: 504,
      meaning: 'The request took longer than Anthropic allows.',
      retry: BACKOFF,
      change: 'Retry; for long generations stream the response or use the Message Batches API.',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['invalid_request_error'],
      http: 400,
      meaning: "The request's format or content is wrong (also used for other 4xx codes without a type of their own).",
      retry: NEVER,
      change: 'Fix what the message names (a parameter, max_tokens over the model limit, a malformed message).',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['authentication_error'],
      http: 401,
      meaning: 'The API key is missing or not valid.',
      retry: NEVER,
      change: 'Send a valid x-api-key.',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['billing_error'],
      http: 402,
      meaning: 'A billing problem stops the request: payment details, or credit.',
      retry: NEVER,
      change: 'Fix the billing settings of the organization.',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['permission_error'],
      http: 403,
      meaning: 'The API key has no permission for the resource (a model, a feature, a workspace).',
      retry: NEVER,
      change: 'Use a key with access, or ask for access to the resource.',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['not_found_error'],
      http: 404,
      meaning: 'The resource asked for does not exist (often a misspelt or retired model name).',
      retry: NEVER,
      change: 'Check the model name or resource id.',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['request_too_large'],
      http: 413,
      meaning: 'The request body is over the size limit (32 MB for the Messages API); it was refused before it reached the API.',
      retry: NEVER,
      change: 'Send a smaller request: fewer or smaller images and documents, or upload files through the Files API.',
      source: 'anthropic',
    },
    {
      provider: 'anthropic',
      field: 'type',
      values: ['conflict_error'],
      http: 409,
      meaning: 'The request conflicts with the current state of a resource.',
      retry: BACKOFF,
      change: 'Retry once the conflicting operation has finished.',
      source: 'anthropic',
    },
  ],
};

/** Anthropic has one error frame shape: no style to choose. */
export const ERROR_STYLES = [] as const;

export const ERROR_MESSAGE = 'Overloaded';

/** The `event: error` frame (with its blank line), an `overloaded_error`. */
export function errorFrame(options: ErrorFrameOptions): string {
  return `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: options.message ?? ERROR_MESSAGE } })}\n\n`;
}

/** Each HTTP status's error `type`, from the "HTTP errors" table. */
const STATUS_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

/** The body for a request that failed before any stream: `{"type": "error", "error": {type, message}}`. */
export function httpErrorBody(status: number, message: string): unknown {
  return { type: 'error', error: { type: STATUS_TYPES[status] ?? 'api_error', message } };
}
