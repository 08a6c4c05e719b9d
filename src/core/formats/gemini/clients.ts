// The real clients of a Gemini stream, modelled: each says what its caller gets for a stream.
import type { ClientProfile } from '../../clients/types.js';
import { aiSdkGoogle } from './ai-sdk.js';

/** The AI SDK's `streamText()` over its Google model. */
export const clients: readonly ClientProfile[] = [aiSdkGoogle];
