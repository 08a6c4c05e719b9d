// AG-UI's errors: RUN_ERROR ends a failed run with a message and an optional code. The protocol defines no code
// vocabulary ("an open string"); the one code a client itself writes is `abort`, for a request it aborted. A request
// that fails before the stream is an HTTP error whose body the protocol does not shape: the client reads it as text,
// or as JSON when the content type says so, and fails the run with "HTTP <status>: <body>" (reference.md, C3).
import { NEVER, type ProviderErrors } from '../../errors/meaning.js';
import type { ErrorFrameOptions } from '../format-parts.js';

export const AG_UI_ERRORS: ProviderErrors<'agui-client'> = {
  provider: 'ag-ui',
  title: 'AG-UI',
  rankWithoutFormat: 6,
  sources: {
    'agui-client': { where: '@ag-ui/client 1.0.0 dist (transformHttpEventStream: an AbortError becomes RUN_ERROR with code `abort`)', read: '2026-12-02' },
  },
  meanings: [
    {
      provider: 'ag-ui',
      field: 'code',
      values: ['abort'],
      http: null,
      meaning: 'The client aborted the request (its abort controller fired): the run was stopped on purpose, and what arrived is partial.',
      retry: NEVER,
      change: 'Nothing, if the abort was meant; otherwise find what aborted it (a timeout, a component that unmounted).',
      source: 'agui-client',
    },
  ],
};

/** AG-UI has one error event shape: no style to choose. */
export const ERROR_STYLES = [] as const;

export const ERROR_MESSAGE = 'The agent run failed.';

/** The RUN_ERROR frame (with its blank line). */
export function errorFrame(options: ErrorFrameOptions): string {
  return `data: ${JSON.stringify({ type: 'RUN_ERROR', message: options.message ?? ERROR_MESSAGE })}\n\n`;
}

/** A failed request's body: the protocol gives none, so the RUN_ERROR fields, which a client can show as they are. */
export function httpErrorBody(status: number, message: string): unknown {
  return { message, code: status === 429 ? 'rate_limited' : status >= 500 ? 'server_error' : 'bad_request' };
}
