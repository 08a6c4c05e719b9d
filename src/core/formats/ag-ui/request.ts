// An AG-UI run is started with a RunAgentInput (threadId, runId, messages, tools, context, state): nothing in it is a
// promise about the stream this library can hold the stream to yet, and it names no model.
import { noExpectations, type FormatRequest } from '../../request/types.js';

/** AG-UI requests: no expectations, and no model named. */
export const request: FormatRequest = { expectations: () => noExpectations(), modelOf: () => null };
