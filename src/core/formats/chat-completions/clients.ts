// The real clients of a Chat Completions stream, modelled: each says what its caller gets for a stream.
import type { ClientProfile } from '../../clients/types.js';
import { aiSdkStreamText } from './ai-sdk.js';
import { langchainOpenAiInvoke, langchainOpenAiStream } from './langchain-openai.js';
import { openaiNodeLoop } from './openai-node.js';
import { openaiNodeFinal } from './openai-node-final.js';

/** openai-node's loop and its stream helper, the AI SDK's `streamText()` over its OpenAI chat model, and LangChain's ChatOpenAI. */
export const clients: readonly ClientProfile[] = [openaiNodeLoop, openaiNodeFinal, aiSdkStreamText, langchainOpenAiStream, langchainOpenAiInvoke];
