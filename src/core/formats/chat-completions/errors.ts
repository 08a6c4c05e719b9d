// Chat Completions' errors: OpenAI's (in ../openai-errors.ts, shared with Responses), Groq's, which only this format
// carries, and Salyro's gateway errors (in ../behavior-run/errors.ts); its in-stream error frame and HTTP error body.
import type { ErrorFrameOptions } from '../format-parts.js';
import { NEVER, type ProviderErrors } from '../../errors/meaning.js';

/** Groq's entries of the error table (an OpenAI-compatible API that streams Chat Completions). */
/** The sources its entries were read in, by key. */
export type GroqErrorSource = 'groq-bodies';

export const GROQ_ERRORS: ProviderErrors<GroqErrorSource> = {
  provider: 'groq',
  title: 'Groq (Chat Completions)',
  rankWithoutFormat: 3,
  sources: {
    'groq-bodies': {
      where: 'error bodies Groq returned, quoted in public issues (e.g. agno-agi/agno#4090, huggingface/smolagents#1119: code tool_use_failed with failed_generation)',
      read: '2026-12-01',
    },
  },
  meanings: [
    {
      provider: 'groq',
      field: 'code',
      values: ['tool_use_failed'],
      http: 400,
      meaning: 'The model wrote a tool call the API could not accept (not valid JSON, not matching the tool schema, or a tool not offered); `failed_generation` holds what it wrote.',
      retry: NEVER,
      change: 'Adjust the prompt or the tool definitions so the model writes valid calls (or offer the tool it tried to call); the same request passes again only by chance.',
      source: 'groq-bodies',
    },
  ],
};

/** Its in-stream error styles: a `data:` frame whose JSON has a top-level `error` (default), or the same under `event: error`. */
export const ERROR_STYLES = ['data', 'event'] as const;

export const ERROR_MESSAGE = 'The server had an error while processing your request.';

/** The frame (with its blank line) a Chat Completions stream ends a failure with. */
export function errorFrame(options: ErrorFrameOptions): string {
  const body = JSON.stringify({ error: { message: options.message ?? ERROR_MESSAGE, type: 'server_error', param: null, code: null } });
  return options.style === 'event' ? `event: error\ndata: ${body}\n\n` : `data: ${body}\n\n`;
}
