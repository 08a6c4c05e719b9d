import type { FormatName } from '../core/index.js';

/** How a format says, inside a stream that started with a 200, that the provider failed. */
export type ErrorStyle =
  /** Chat Completions: a `data:` frame whose JSON has a top-level `error`. */
  | 'data'
  /** Chat Completions: the same body under `event: error`. */
  | 'event'
  /** Responses: the `error` event. */
  | 'error'
  /** Responses: `response.failed`, the response with `status: "failed"` and its error. */
  | 'response.failed';

export interface ErrorFrameOptions {
  style?: ErrorStyle;
  /** The message the error carries. */
  message?: string;
  /** Responses only: the `sequence_number` the frame takes (one more than the last). */
  sequence?: number;
  /** Responses `response.failed` only: the response object the event carries (its status and error are set). */
  response?: Record<string, unknown>;
}

const DEFAULT_MESSAGE: Record<FormatName, string> = {
  'chat-completions': 'The server had an error while processing your request.',
  responses: 'The server had an error while processing your request.',
  anthropic: 'Overloaded',
  gemini: 'The model is overloaded. Please try again later.',
  'behavior-run': 'The behavior run failed.',
};

/** The frame (with its blank line) each format ends a failed stream with, in its own error shape. */
export function errorFrame(format: FormatName, options: ErrorFrameOptions = {}): string {
  const message = options.message ?? DEFAULT_MESSAGE[format];
  switch (format) {
    case 'chat-completions': {
      const body = JSON.stringify({ error: { message, type: 'server_error', param: null, code: null } });
      return options.style === 'event' ? `event: error\ndata: ${body}\n\n` : `data: ${body}\n\n`;
    }
    case 'anthropic':
      return `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message } })}\n\n`;
    case 'gemini':
      return `data: ${JSON.stringify({ error: { code: 503, message, status: 'UNAVAILABLE' } })}\r\n\r\n`;
    case 'behavior-run':
      return `event: error\ndata: ${JSON.stringify({ type: 'error', error: { message, code: 'server_error' } })}\n\n`;
    case 'responses': {
      const sequence = options.sequence ?? 0;
      if (options.style === 'response.failed') {
        const response = { ...(options.response ?? {}), status: 'failed', error: { code: 'server_error', message } };
        return `event: response.failed\ndata: ${JSON.stringify({ type: 'response.failed', response, sequence_number: sequence })}\n\n`;
      }
      return `event: error\ndata: ${JSON.stringify({ type: 'error', code: 'server_error', message, param: null, sequence_number: sequence })}\n\n`;
    }
  }
}
