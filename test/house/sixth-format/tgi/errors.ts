// text-generation-inference's errors: `{"error": message, "error_type": kind}` in a stream and as a failed
// request's body (TGI's ErrorResponse; its router answers 422 for validation, 424 for generation, 429 when
// overloaded).
import { BACKOFF, NEVER, type ProviderErrors } from '../../errors/meaning.js';
import type { ErrorFrameOptions } from '../format-parts.js';

export const TGI_ERRORS: ProviderErrors<'tgi'> = {
  provider: 'huggingface',
  title: 'Hugging Face text-generation-inference',
  rankWithoutFormat: 5,
  sources: { tgi: { where: 'huggingface/text-generation-inference router (ErrorResponse: error, error_type), as this test folder states it', read: '2026-12-01' } },
  meanings: [
    // Its error is a string beside `error_type`, so the entries match the message's words.
    { provider: 'huggingface', field: 'message', values: ['model is overloaded'], http: 429, meaning: 'The server has too many requests queued.', retry: BACKOFF, change: 'Retry after a growing delay.', source: 'tgi' },
    { provider: 'huggingface', field: 'message', values: ['input validation error'], http: 422, meaning: 'The inputs or parameters break the server limits.', retry: NEVER, change: 'Send fewer tokens or valid parameters.', source: 'tgi' },
  ],
};

export const ERROR_MESSAGE = 'Request failed during generation: Server error: out of memory';

export function errorFrame(options: ErrorFrameOptions): string {
  return `data:${JSON.stringify({ error: options.message ?? ERROR_MESSAGE, error_type: 'generation' })}\n\n`;
}

const ERROR_TYPES: Readonly<Record<number, string>> = { 422: 'validation', 424: 'generation', 429: 'overloaded' };

export function httpErrorBody(status: number, message: string): unknown {
  return { error: message, error_type: ERROR_TYPES[status] ?? 'server' };
}
