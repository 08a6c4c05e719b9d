// Bedrock's errors: the exceptions a ConverseStream carries (an event-stream message with `:message-type:
// exception`, its `:exception-type` the name, its payload `{"message": …}`), the body a failed request gets, and the
// error table's Bedrock entries.
import { BACKOFF, NEVER, type ProviderErrors } from '../../errors/meaning.js';
import type { ErrorFrameOptions } from '../format-parts.js';
import { eventFrameText } from './wire.js';

/** The sources its entries were read in, by key. */
export type BedrockErrorSource = 'bedrock-converse-stream' | 'bedrock-errors';

export const BEDROCK_ERRORS: ProviderErrors<BedrockErrorSource> = {
  provider: 'bedrock',
  title: 'Amazon Bedrock',
  rankWithoutFormat: 3,
  sources: {
    'bedrock-converse-stream': {
      where: 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html and the exception models (with their HTTP statuses) of @aws-sdk/client-bedrock-runtime 3.1162.0',
      read: '2026-12-02',
    },
    'bedrock-errors': { where: 'https://docs.aws.amazon.com/bedrock/latest/APIReference/CommonErrors.html and API_runtime_ConverseStream.html "Errors"', read: '2026-12-02' },
  },
  meanings: [
    { provider: 'bedrock', field: 'type', values: ['throttlingException'], http: 429, meaning: 'The account went over a Bedrock quota (requests or tokens per minute) for the model.', retry: BACKOFF, change: 'Retry with exponential backoff; ask for a higher quota or use cross-region inference.', source: 'bedrock-converse-stream' },
    { provider: 'bedrock', field: 'type', values: ['modelStreamErrorException'], http: 424, meaning: 'The model failed while streaming; `originalStatusCode` and `originalMessage` say what the model itself answered.', retry: BACKOFF, change: 'Retry the request; if it recurs, read originalMessage (a prompt the model cannot take fails every time).', source: 'bedrock-converse-stream' },
    { provider: 'bedrock', field: 'type', values: ['validationException'], http: 400, meaning: 'The request does not fit the model or the API: a parameter, a content block or a size it does not take.', retry: NEVER, change: 'Fix the request as the message says.', source: 'bedrock-converse-stream' },
    { provider: 'bedrock', field: 'type', values: ['internalServerException'], http: 500, meaning: 'Bedrock failed inside.', retry: BACKOFF, change: 'Retry with backoff.', source: 'bedrock-converse-stream' },
    { provider: 'bedrock', field: 'type', values: ['serviceUnavailableException'], http: 503, meaning: 'The Bedrock service is unavailable for now.', retry: BACKOFF, change: 'Retry with backoff, or another region.', source: 'bedrock-converse-stream' },
    { provider: 'bedrock', field: 'type', values: ['modelTimeoutException'], http: 408, meaning: 'The model took too long to answer (InvokeModelWithResponseStream).', retry: BACKOFF, change: 'Retry; ask for fewer output tokens.', source: 'bedrock-errors' },
    { provider: 'bedrock', field: 'message', values: ['too many input tokens', 'input is too long'], http: 400, contextLength: true, meaning: "The prompt has more tokens than the model's context window (a validationException).", retry: NEVER, change: 'Send fewer input tokens.', source: 'bedrock-errors' },
  ],
};

/** The exceptions a ConverseStream can end with, the default first. */
export const ERROR_STYLES = ['modelStreamErrorException', 'throttlingException', 'internalServerException', 'serviceUnavailableException', 'validationException'] as const;

export const ERROR_MESSAGE = 'The model encountered an error while streaming the response.';

/** An exception frame, in the text rendering of the event stream (wire.ts): its name as the event, `{"message"}`. */
export function errorFrame(options: ErrorFrameOptions): string {
  const style = options.style ?? ERROR_STYLES[0];
  const message = options.message ?? ERROR_MESSAGE;
  const body = style === 'modelStreamErrorException' ? { message, originalStatusCode: 500, originalMessage: message } : { message };
  return eventFrameText(style, body);
}

/** Bedrock's restJson1 error body: `{"message"}` (the exception's name travels in the `x-amzn-ErrorType` header). */
export function httpErrorBody(_status: number, message: string): unknown {
  return { message };
}
