// The real clients of a Responses stream, modelled: each says what its caller gets for a stream.
import type { ClientProfile } from '../../clients/types.js';
import { openaiNodeResponsesLoop } from './openai-node.js';
import { openaiNodeResponsesFinal } from './openai-node-final.js';

/** openai-node's loop over `responses.create({ stream: true })` and its `responses.stream().finalResponse()`. */
export const clients: readonly ClientProfile[] = [openaiNodeResponsesLoop, openaiNodeResponsesFinal];
