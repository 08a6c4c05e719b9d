// Ollama's errors: one shape, `{"error": "message"}`, as a line of the stream when generation fails after it began
// and as the body of a failed request (api/types.go StatusError; server/routes.go answers 400 for a bad request,
// 404 for a model not pulled, 500 when the runner fails). Its entries match the message's words.
import { BACKOFF, NEVER, type ProviderErrors } from '../../errors/meaning.js';
import type { ErrorFrameOptions } from '../format-parts.js';

export type OllamaErrorSource = 'ollama-api' | 'ollama-routes';

export const OLLAMA_ERRORS: ProviderErrors<OllamaErrorSource> = {
  provider: 'ollama',
  title: 'Ollama',
  rankWithoutFormat: 6,
  sources: {
    'ollama-api': { where: 'ollama/ollama docs/api.md ("Errors": an `error` field with the message; streamed errors arrive as a line mid-stream)', read: '2026-12-02' },
    'ollama-routes': { where: 'ollama/ollama server/routes.go (the handlers: status codes and messages such as `model "…" not found, try pulling it first`)', read: '2026-12-02' },
  },
  meanings: [
    { provider: 'ollama', field: 'message', values: ['not found, try pulling it first'], http: 404, meaning: 'The model named is not on this server.', retry: NEVER, change: 'Pull the model (`ollama pull NAME`) or name one `ollama list` shows.', source: 'ollama-routes' },
    { provider: 'ollama', field: 'message', values: ['requires more system memory'], http: 500, meaning: 'The model does not fit the memory the server has free.', retry: NEVER, change: 'Use a smaller model or quantisation, a shorter `num_ctx`, or free memory on the server.', source: 'ollama-routes' },
    { provider: 'ollama', field: 'message', values: ['does not support tools', 'does not support thinking'], http: 400, meaning: 'The request asks the model for something its template cannot do (tools, thinking).', retry: NEVER, change: 'Drop `tools` or `think` from the request, or use a model that supports them.', source: 'ollama-routes' },
    { provider: 'ollama', field: 'message', values: ['server busy', 'maximum pending requests exceeded'], http: 503, meaning: 'The server queue is full (OLLAMA_MAX_QUEUE).', retry: BACKOFF, change: 'Retry after a growing delay, or raise the server queue.', source: 'ollama-routes' },
    { provider: 'ollama', field: 'message', values: ['an error was encountered while running the model', 'llama runner process has terminated'], http: 500, meaning: 'The model runner failed while generating.', retry: BACKOFF, change: 'Retry; if it keeps failing, check the server log (memory, a corrupt model file).', source: 'ollama-api' },
  ],
};

/** The message the fixtures' error line carries. */
export const ERROR_MESSAGE = 'an error was encountered while running the model: unexpected EOF';

/** The line a stream ends a failure with (one JSON document and its line end). */
export function errorFrame(options: ErrorFrameOptions): string {
  return `${JSON.stringify({ error: options.message ?? ERROR_MESSAGE })}\n`;
}

/** A failed request's body: the same shape, whatever the status. */
export function httpErrorBody(_status: number, message: string): unknown {
  return { error: message };
}
