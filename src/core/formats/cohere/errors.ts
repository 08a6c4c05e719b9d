// Cohere's errors: the error table's Cohere entries, the `message-end` a failed stream ends with, and the body a
// failed request is answered with (cohere/reference.md §7).
import type { ErrorFrameOptions } from '../format-parts.js';
import { BACKOFF, NEVER, type ProviderErrors } from '../../errors/meaning.js';

/** The sources its entries were read in, by key. */
export type CohereErrorSource = 'cohere' | 'cohere-stream';

export const COHERE_ERRORS: ProviderErrors<CohereErrorSource> = {
  provider: 'cohere',
  title: 'Cohere v2 Chat',
  rankWithoutFormat: 6,
  sources: {
    cohere: { where: 'https://docs.cohere.com/v2/reference/errors (HTTP codes and example messages) and the error classes of cohere-ai 8.1.0 `V2.chatStream`', read: '2026-12-02' },
    'cohere-stream': { where: 'recorded v2 streams in langchain-ai/langchain-cohere cassettes (`message-end` with `error_type`)', read: '2026-12-02' },
  },
  meanings: [
    {
      provider: 'cohere', field: 'message', values: ['too many tokens'], http: 400, contextLength: true,
      meaning: "The prompt (or prompt plus max_tokens) is over the model's context length.",
      retry: NEVER, change: 'Send fewer tokens: trim the messages or documents, or lower max_tokens.', source: 'cohere',
    },
    {
      provider: 'cohere', field: 'message', values: ['invalid api token'], http: 401,
      meaning: 'The API key is missing, wrong or revoked.', retry: NEVER, change: 'Send a valid key in `Authorization: Bearer`.', source: 'cohere',
    },
    {
      provider: 'cohere', field: 'message', values: ['trial key'], http: 429,
      meaning: 'A trial key went over its call limit.', retry: BACKOFF, change: 'Wait and retry, or use a production key.', source: 'cohere',
    },
    {
      provider: 'cohere', field: 'type', values: ['INVALID_TOOL_GENERATION'], http: null,
      meaning: 'The model wrote a tool call that does not fit the tools given, and Cohere ended the generation.',
      retry: BACKOFF, change: 'Retry; if it repeats, simplify the tool definitions or the messages.', source: 'cohere-stream',
    },
    {
      provider: 'cohere', field: 'type', values: ['ERROR'], http: null,
      meaning: 'The generation failed inside Cohere after the stream had started.', retry: BACKOFF, change: 'Retry after a short, growing delay.', source: 'cohere',
    },
    {
      provider: 'cohere', field: 'type', values: ['TIMEOUT'], http: null,
      meaning: 'The generation ran past the time Cohere allows and was stopped.', retry: BACKOFF, change: 'Retry; ask for a shorter output (a lower max_tokens) if it repeats.', source: 'cohere',
    },
  ],
};

/** Cohere has one error frame shape: no style to choose. */
export const ERROR_STYLES = [] as const;

export const ERROR_MESSAGE = 'internal server error, this has been reported to our developers';

/** A failed generation's last frame: `message-end` with `finish_reason: "ERROR"` and the message (real streams add `data: [DONE]`). */
export function errorFrame(options: ErrorFrameOptions): string {
  const data = { type: 'message-end', delta: { finish_reason: 'ERROR', usage: {}, error: options.message ?? ERROR_MESSAGE } };
  return `event: message-end\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The body for a request that failed before any stream: `{"message": string}`. */
export function httpErrorBody(_status: number, message: string): unknown {
  return { message };
}
