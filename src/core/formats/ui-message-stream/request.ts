// A UI message stream answers the app's own route (`useChat` posts `{ id, messages, trigger, messageId }`): the
// request names no model and asks nothing the stream can be held to.
import { noExpectations, type FormatRequest } from '../../request/types.js';

/** UI message stream requests: no expectations, and no model named. */
export const request: FormatRequest = { expectations: () => noExpectations(), modelOf: () => null };
