// Responses' errors: OpenAI's (in ../openai-errors.ts, shared with Chat Completions) and Salyro's (in
// ../behavior-run/errors.ts); the event a stream ends a failure with. A failed request is answered in OpenAI's shape.
import type { ErrorFrameOptions } from '../format-parts.js';

/** Its in-stream error styles: the `error` event (default), or `response.failed` with the response and its error. */
export const ERROR_STYLES = ['error', 'response.failed'] as const;

export const ERROR_MESSAGE = 'The server had an error while processing your request.';

/** The frame (with its blank line), numbered `options.sequence` (one more than the last frame's). */
export function errorFrame(options: ErrorFrameOptions): string {
  const message = options.message ?? ERROR_MESSAGE;
  const sequence = options.sequence ?? 0;
  if (options.style === 'response.failed') {
    const response = { ...(options.response ?? {}), status: 'failed', error: { code: 'server_error', message } };
    return `event: response.failed\ndata: ${JSON.stringify({ type: 'response.failed', response, sequence_number: sequence })}\n\n`;
  }
  return `event: error\ndata: ${JSON.stringify({ type: 'error', code: 'server_error', message, param: null, sequence_number: sequence })}\n\n`;
}
