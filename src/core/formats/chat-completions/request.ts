// What a Chat Completions request (`POST /v1/chat/completions`) asks of its stream: `stream: true`,
// `stream_options.include_usage`, `n`, `tool_choice`, `parallel_tool_calls`, `response_format` with a JSON schema,
// `max_completion_tokens` (or the older `max_tokens`) and `model`.
import { noExpectations, type ClientRequest, type FormatRequest, type RequestExpectations, type RequestView, type ToolChoiceExpectation } from '../../request/types.js';
import { countAt, fieldAt, limitAt, streamField, stringAt } from '../request-fields.js';

function expectations({ body }: RequestView): RequestExpectations {
  const expected = noExpectations();
  expected.streamed = streamField(body);
  if (fieldAt(body, 'stream_options', 'include_usage') === true) expected.usage = { asked: 'stream_options.include_usage: true' };
  const n = countAt(body, 'n');
  if (n !== null) expected.choices = { count: n, asked: `n: ${n}` };
  expected.toolChoice = toolChoiceOf(fieldAt(body, 'tool_choice'));
  if (fieldAt(body, 'parallel_tool_calls') === false) expected.singleCall = { asked: 'parallel_tool_calls: false' };
  if (stringAt(body, 'response_format', 'type') === 'json_schema' && fieldAt(body, 'response_format', 'json_schema', 'schema') !== undefined) {
    expected.schema = { schema: fieldAt(body, 'response_format', 'json_schema', 'schema'), asked: "response_format: { type: 'json_schema' }" };
  }
  expected.maxOutputTokens = limitAt(body, [['max_completion_tokens'], ['max_tokens']]);
  expected.model = stringAt(body, 'model');
  return expected;
}

function toolChoiceOf(choice: unknown): ToolChoiceExpectation | null {
  if (choice === 'required' || choice === 'none') return { mode: choice, asked: `tool_choice: '${choice}'` };
  const name = stringAt(choice, 'function', 'name');
  if (stringAt(choice, 'type') === 'function' && name !== null) return { mode: 'named', names: [name], asked: `tool_choice: { type: 'function', function: { name: '${name}' } }` };
  return null;
}


// What the SDKs send for a streamed chat completion: `stream: true`, and usage asked for in the last chunk.
function clientRequest(prompt: string, model: string): ClientRequest {
  return { body: { model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: prompt }] }, headers: {} };
}

/** What a Chat Completions request asks, and the model its stream names. */
export const request: FormatRequest = { expectations, modelOf: (response) => stringAt(response, 'model'), clientRequest };
