// The real clients of an OpenAI Responses stream, modelled: each says what its caller gets for a stream.
import type { ClientProfile } from '../../clients/types.js';
import { aiSdkResponses } from './ai-sdk.js';

/** The AI SDK's `streamText()` over its OpenAI Responses model. */
export const clients: readonly ClientProfile[] = [aiSdkResponses];
