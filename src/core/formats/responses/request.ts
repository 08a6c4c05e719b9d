// What a Responses request (`POST /v1/responses`) asks of its stream: `stream: true`, `tool_choice`,
// `parallel_tool_calls`, `text.format` with a JSON schema, `max_output_tokens` and `model`.
import { noExpectations, type ClientRequest, type FormatRequest, type RequestExpectations, type RequestView, type ToolChoiceExpectation } from '../../request/types.js';
import { fieldAt, limitAt, streamField, stringAt } from '../request-fields.js';

function expectations({ body }: RequestView): RequestExpectations {
  const expected = noExpectations();
  expected.streamed = streamField(body);
  expected.toolChoice = toolChoiceOf(fieldAt(body, 'tool_choice'));
  if (fieldAt(body, 'parallel_tool_calls') === false) expected.singleCall = { asked: 'parallel_tool_calls: false' };
  if (stringAt(body, 'text', 'format', 'type') === 'json_schema' && fieldAt(body, 'text', 'format', 'schema') !== undefined) {
    expected.schema = { schema: fieldAt(body, 'text', 'format', 'schema'), asked: "text.format: { type: 'json_schema' }" };
  }
  expected.maxOutputTokens = limitAt(body, [['max_output_tokens']]);
  expected.model = stringAt(body, 'model');
  return expected;
}

function toolChoiceOf(choice: unknown): ToolChoiceExpectation | null {
  if (choice === 'required' || choice === 'none') return { mode: choice, asked: `tool_choice: '${choice}'` };
  const name = stringAt(choice, 'name');
  if (stringAt(choice, 'type') === 'function' && name !== null) return { mode: 'named', names: [name], asked: `tool_choice: { type: 'function', name: '${name}' }` };
  return null;
}


// What the SDKs send for a streamed response: the prompt as `input`, `stream: true`.
function clientRequest(prompt: string, model: string): ClientRequest {
  return { body: { model, stream: true, input: prompt }, headers: {} };
}

/** What a Responses request asks, and the model its stream names. */
export const request: FormatRequest = { expectations, modelOf: (response) => stringAt(response, 'model'), clientRequest };
