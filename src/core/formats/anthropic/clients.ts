// The real clients of an Anthropic Messages stream, modelled: each says what its caller gets for a stream.
import type { ClientProfile } from '../../clients/types.js';
import { aiSdkAnthropic } from './ai-sdk.js';
import { anthropicSdkFinal, anthropicSdkLoop } from './anthropic-sdk.js';

/** @anthropic-ai/sdk's loop and its stream helper, and the AI SDK's `streamText()` over its Anthropic model. */
export const clients: readonly ClientProfile[] = [anthropicSdkLoop, anthropicSdkFinal, aiSdkAnthropic];
