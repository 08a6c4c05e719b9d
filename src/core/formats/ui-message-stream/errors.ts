// The UI message stream's errors: an `error` part `{ type: 'error', errorText }` in the stream, and whatever body
// the app's route answers a failed request with (the `ai` client throws its text as the error message).
import { BACKOFF, type ProviderErrors } from '../../errors/meaning.js';
import type { ErrorFrameOptions } from '../format-parts.js';

/** The source of its entries. */
export type AiSdkErrorSource = 'ai-sdk';

/** The AI SDK's entries of the error table: the message its writer sends when the app hides the cause. */
export const AI_SDK_ERRORS: ProviderErrors<AiSdkErrorSource> = {
  provider: 'ai-sdk',
  title: 'AI SDK UI message stream',
  rankWithoutFormat: 6,
  sources: {
    'ai-sdk': { where: 'vercel/ai ai@6.0.325 dist/index.mjs (toUIMessageStream and createUIMessageStream: `onError = () => "An error occurred."`)', read: '2026-12-02' },
  },
  meanings: [
    {
      provider: 'ai-sdk',
      field: 'message',
      values: ['an error occurred.'],
      http: null,
      meaning: "The server's generation failed and its `onError` kept the default, which hides every cause behind this text.",
      retry: BACKOFF,
      change: 'Read the server log for the cause; pass `onError` to `toUIMessageStreamResponse` to send a message the client can act on.',
      source: 'ai-sdk',
    },
  ],
};

/** One error part shape: no style to choose. */
export const ERROR_STYLES = [] as const;

export const ERROR_MESSAGE = 'An error occurred.';

/** The `error` part (with its blank line), as `JsonToSseTransformStream` writes a part. */
export function errorFrame(options: ErrorFrameOptions): string {
  return `data: ${JSON.stringify({ type: 'error', errorText: options.message ?? ERROR_MESSAGE })}\n\n`;
}

/** A route's JSON error body; the client shows its text as the error. */
export function httpErrorBody(status: number, message: string): unknown {
  return { error: message, status };
}
