// The real clients of a Chat Completions stream, modelled: each says what its caller gets for a stream.
import type { ClientProfile } from '../../clients/types.js';
import { aiSdkStreamText } from './ai-sdk.js';
import { langchainOpenAiInvoke, langchainOpenAiStream } from './langchain-openai.js';
import { openaiNodeLoop } from './openai-node.js';
import { openaiNodeFinal } from './openai-node-final.js';
import { openaiPythonLoop } from './openai-python.js';
import { openaiGoLoop, openaiGoLoopBefore343 } from './openai-go.js';

/**
 * openai-node's loop and its stream helper, the AI SDK's `streamText()` over its OpenAI chat model, LangChain's
 * ChatOpenAI, and the documented loops of openai-python and openai-go (modelled from their source; they do not run here).
 */
export const clients: readonly ClientProfile[] = [openaiNodeLoop, openaiNodeFinal, aiSdkStreamText, langchainOpenAiStream, langchainOpenAiInvoke, openaiPythonLoop, openaiGoLoopBefore343, openaiGoLoop];
