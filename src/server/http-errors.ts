import type { FormatName } from '../core/index.js';
import type { NormalOptions } from './options.js';

interface ErrorNames {
  openai: string;
  anthropic: string;
  gemini: string;
  message: string;
}

/** Each status's name in each provider's error shape, and a default message. */
const NAMES: Record<number, ErrorNames> = {
  400: { openai: 'invalid_request_error', anthropic: 'invalid_request_error', gemini: 'INVALID_ARGUMENT', message: 'Invalid request.' },
  401: { openai: 'invalid_api_key', anthropic: 'authentication_error', gemini: 'UNAUTHENTICATED', message: 'Invalid API key.' },
  403: { openai: 'permission_denied', anthropic: 'permission_error', gemini: 'PERMISSION_DENIED', message: 'Permission denied.' },
  404: { openai: 'not_found_error', anthropic: 'not_found_error', gemini: 'NOT_FOUND', message: 'Not found.' },
  429: { openai: 'rate_limit_exceeded', anthropic: 'rate_limit_error', gemini: 'RESOURCE_EXHAUSTED', message: 'Rate limit reached; try again later.' },
  500: { openai: 'server_error', anthropic: 'api_error', gemini: 'INTERNAL', message: 'The server had an error while processing the request.' },
  503: { openai: 'service_unavailable', anthropic: 'overloaded_error', gemini: 'UNAVAILABLE', message: 'The service is unavailable.' },
  529: { openai: 'overloaded', anthropic: 'overloaded_error', gemini: 'UNAVAILABLE', message: 'Overloaded' },
};

const FALLBACK: ErrorNames = { openai: 'api_error', anthropic: 'api_error', gemini: 'UNKNOWN', message: 'Error.' };

export interface HttpErrorReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The error answer in the format's own shape (OpenAI's for Chat Completions, Responses, Behavior Run and unknown). */
export function httpErrorReply(error: NonNullable<NormalOptions['error']>, format: FormatName | null): HttpErrorReply {
  const names = NAMES[error.status] ?? FALLBACK;
  const message = error.message ?? names.message;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (error.status === 429 || error.status === 503 || error.status === 529) {
    headers['retry-after'] = String(Math.ceil(error.retryAfter));
    headers['retry-after-ms'] = String(Math.round(error.retryAfter * 1000));
  }
  if (error.body !== undefined) {
    const text = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    return { status: error.status, headers, body: text };
  }
  return { status: error.status, headers, body: JSON.stringify(errorBody(error.status, names, message, format)) };
}

function errorBody(status: number, names: ErrorNames, message: string, format: FormatName | null): unknown {
  if (format === 'anthropic') return { type: 'error', error: { type: names.anthropic, message } };
  if (format === 'gemini') return { error: { code: status, message, status: names.gemini } };
  return { error: { message, type: status >= 500 ? 'server_error' : names.openai, param: null, code: names.openai } };
}
