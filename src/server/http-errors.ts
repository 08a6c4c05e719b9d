import { FORMAT_MODULES, formatModule, type FormatName } from '../core/index.js';
import type { NormalOptions } from './options.js';

/** A default message for each status, when the plan gives none; each format writes its own body around it. */
const MESSAGES: Readonly<Record<number, string>> = {
  400: 'Invalid request.',
  401: 'Invalid API key.',
  403: 'Permission denied.',
  404: 'Not found.',
  429: 'Rate limit reached; try again later.',
  500: 'The server had an error while processing the request.',
  503: 'The service is unavailable.',
  529: 'Overloaded',
};

export interface HttpErrorReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The error answer in the format's own shape, from its module (`httpErrorBody`); a stream of no known format gets
 * the first listed format's (Chat Completions: OpenAI's shape, which most gateways copy).
 */
export function httpErrorReply(error: NonNullable<NormalOptions['error']>, format: FormatName | null): HttpErrorReply {
  const message = error.message ?? MESSAGES[error.status] ?? 'Error.';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (error.status === 429 || error.status === 503 || error.status === 529) {
    headers['retry-after'] = String(Math.ceil(error.retryAfter));
    headers['retry-after-ms'] = String(Math.round(error.retryAfter * 1000));
  }
  if (error.body !== undefined) {
    const text = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    return { status: error.status, headers, body: text };
  }
  const module = format === null ? FORMAT_MODULES[0] : formatModule(format);
  return { status: error.status, headers, body: JSON.stringify(module?.httpErrorBody(error.status, message) ?? null) };
}
