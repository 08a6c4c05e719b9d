// Behavior Run's errors: Salyro's entries of the error table (its gateway's errors, which its Chat Completions and
// Responses streams carry too), and the `error` event a run ends a failure with. A failed request is answered in
// OpenAI's error shape.
import type { ErrorFrameOptions } from '../format-parts.js';
import { BACKOFF, type ProviderErrors } from '../../errors/meaning.js';

export { openAiHttpErrorBody as httpErrorBody } from '../openai-errors.js';

/** Salyro's entries of the error table. */
/** The sources its entries were read in, by key. */
export type SalyroErrorSource = 'salyro';

export const SALYRO_ERRORS: ProviderErrors<SalyroErrorSource> = {
  provider: 'salyro',
  title: 'Salyro',
  rankWithoutFormat: 4,
  sources: {
    salyro: {
      where: "Salyro's stream contract (reference/salyro.md, from seeds/sse-reconstructor.txt)",
      read: '2026-11-30',
    },
  },
  meanings: [
    {
      provider: 'salyro',
      field: 'code',
      values: ['upstream_disconnected'],
      http: null,
      meaning: 'The provider behind the gateway closed its connection mid-answer; the gateway ended the stream with this error and no [DONE].',
      retry: BACKOFF,
      change: 'Retry the request; the partial answer before the error is not the whole answer.',
      source: 'salyro',
    },
  ],
};

/** Behavior Run has one error frame shape: no style to choose. */
export const ERROR_STYLES = [] as const;

export const ERROR_MESSAGE = 'The behavior run failed.';

/** The `event: error` frame (with its blank line). */
export function errorFrame(options: ErrorFrameOptions): string {
  return `event: error\ndata: ${JSON.stringify({ type: 'error', error: { message: options.message ?? ERROR_MESSAGE, code: 'server_error' } })}\n\n`;
}
