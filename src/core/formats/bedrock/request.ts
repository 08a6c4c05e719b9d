// A Converse request (`modelId` is in the URL, `inferenceConfig.maxTokens` the limit): not read yet, so it asks
// nothing of the stream; the stream names no model.
import { noExpectations, type FormatRequest } from '../../request/types.js';

/** Bedrock Converse requests: no expectations, and no model named (the stream carries none). */
export const request: FormatRequest = { expectations: () => noExpectations(), modelOf: () => null };
