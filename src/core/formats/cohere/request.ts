// What a Cohere v2 chat request (`POST /v2/chat`) asks of its stream: `stream: true`, `tool_choice` (`REQUIRED`,
// `NONE`), `max_tokens`, `response_format` with a JSON schema, and `model` (the stream does not name the model).
import { noExpectations, type FormatRequest, type RequestExpectations, type RequestView } from '../../request/types.js';
import { fieldAt, limitAt, streamField, stringAt } from '../request-fields.js';

function expectations({ body }: RequestView): RequestExpectations {
  const expected = noExpectations();
  expected.streamed = streamField(body);
  const choice = stringAt(body, 'tool_choice');
  if (choice === 'REQUIRED') expected.toolChoice = { mode: 'required', asked: "tool_choice: 'REQUIRED'" };
  if (choice === 'NONE') expected.toolChoice = { mode: 'none', asked: "tool_choice: 'NONE'" };
  if (stringAt(body, 'response_format', 'type') === 'json_object' && fieldAt(body, 'response_format', 'json_schema') !== undefined) {
    expected.schema = { schema: fieldAt(body, 'response_format', 'json_schema'), asked: "response_format: { type: 'json_object', json_schema }" };
  }
  expected.maxOutputTokens = limitAt(body, [['max_tokens']]);
  expected.model = stringAt(body, 'model');
  return expected;
}

/** What a Cohere v2 request asks; its stream names no model, so the model is not checked. */
export const request: FormatRequest = { expectations, modelOf: () => null };
