// The real clients of an Anthropic Messages stream, modelled: each says what its caller gets for a stream.
import type { ClientProfile } from '../../clients/types.js';
import { aiSdkAnthropic } from './ai-sdk.js';
import { anthropicSdkFinal, anthropicSdkLoop } from './anthropic-sdk.js';
import { langchainAnthropicInvoke, langchainAnthropicStream, langchainAnthropicToolsStream } from './langchain-anthropic.js';

/** @anthropic-ai/sdk's loop and its stream helper, the AI SDK's `streamText()` over its Anthropic model, and LangChain's ChatAnthropic. */
export const clients: readonly ClientProfile[] = [anthropicSdkLoop, anthropicSdkFinal, aiSdkAnthropic, langchainAnthropicStream, langchainAnthropicToolsStream, langchainAnthropicInvoke];
