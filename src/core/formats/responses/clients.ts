// The real clients of a Responses stream, modelled: each says what its caller gets for a stream.
import type { ClientProfile } from '../../clients/types.js';
import { aiSdkResponses } from './ai-sdk.js';
import { openaiNodeResponsesLoop } from './openai-node.js';
import { openaiNodeResponsesFinal } from './openai-node-final.js';
import { openaiPythonResponsesLoop } from './openai-python.js';
import { openaiGoResponses, openaiGoResponsesBefore343 } from './openai-go.js';

/**
 * openai-node's loop over `responses.create({ stream: true })` and its `responses.stream().finalResponse()`, the AI
 * SDK's `streamText()` over its OpenAI Responses model, and the documented loops of openai-python and openai-go
 * (modelled from their source; they do not run here).
 */
export const clients: readonly ClientProfile[] = [openaiNodeResponsesLoop, openaiNodeResponsesFinal, aiSdkResponses, openaiPythonResponsesLoop, openaiGoResponsesBefore343, openaiGoResponses];
