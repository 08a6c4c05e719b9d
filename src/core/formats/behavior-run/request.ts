// A Behavior Run stream comes from a run the client started; its request asks nothing the stream can be held to yet.
import { noExpectations, type FormatRequest } from '../../request/types.js';

/** Behavior Run requests: no expectations, and no model named. */
export const request: FormatRequest = { expectations: () => noExpectations(), modelOf: () => null };
