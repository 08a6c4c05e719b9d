// What the request asked, checked against the stream: the request read from its shapes, the expectations each format
// reads from it, and the one checker.
export { readRequest } from './read.js';
export { checkRequest, type CheckedStream, type RequestFinding } from './check.js';
export { noExpectations, REQUEST_FINDING_CODES } from './types.js';
export type { ClientRequest, FormatRequest, RequestExpectations, RequestInput, RequestView, SchemaValidator, ToolChoiceExpectation } from './types.js';
