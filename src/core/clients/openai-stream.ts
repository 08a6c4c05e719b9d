// openai-node's `Stream.fromSSEResponse` (openai@6.49.0 src/core/streaming.ts), which every `stream: true` call of the
// SDK returns: events read as sdk-events.ts reads them; a `[DONE]` data ends the items (the body is still read to its
// end); each data is JSON.parse'd (a SyntaxError throws); an object with a truthy `error` member throws an APIError;
// an event named `thread.*` is handed on as `{ event, data }`.
import { sdkEventsOf } from './sdk-events.js';
import { ClientThrow, field, parseLikeClient } from './run.js';

/** The items the SDK's `for await` yields for a body's text, in order; where it throws, the generator throws. */
export function* openaiStreamItems(text: string): Generator<unknown> {
  for (const event of sdkEventsOf(text)) {
    if (event.data.startsWith('[DONE]')) return;
    const data = parseLikeClient(event.data);
    if (event.event !== null && event.event.startsWith('thread.')) {
      yield { event: event.event, data };
      continue;
    }
    const error = field(data, 'error');
    if (error) throw new ClientThrow(`APIError: ${apiErrorMessage(error)}`);
    yield data;
  }
}

/** openai's `APIError.makeMessage` for an error with no status. */
export function apiErrorMessage(error: unknown): string {
  const message = field(error, 'message');
  if (message) return typeof message === 'string' ? message : JSON.stringify(message);
  return JSON.stringify(error);
}

/**
 * The stream helpers' #handleError (openai@6.49.0 src/lib/EventStream.ts): what is not an OpenAIError (or its APIError)
 * reaches the caller of `final*()` as an OpenAIError with its message.
 */
export function asOpenAiError(thrown: string | null): string | null {
  if (thrown === null || /^(OpenAIError|APIError):/.test(thrown)) return thrown;
  return `OpenAIError: ${thrown.slice(thrown.indexOf(':') + 2)}`;
}
