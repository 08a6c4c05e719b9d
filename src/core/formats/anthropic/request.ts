// What an Anthropic Messages request (`POST /v1/messages`) asks of its stream: `stream: true`, `tool_choice` (any,
// none, a named tool, `disable_parallel_tool_use`), `max_tokens`, `thinking` and `model`.
import { noExpectations, type ClientRequest, type FormatRequest, type RequestExpectations, type RequestView, type ToolChoiceExpectation } from '../../request/types.js';
import { fieldAt, limitAt, streamField, stringAt } from '../request-fields.js';

function expectations({ body }: RequestView): RequestExpectations {
  const expected = noExpectations();
  expected.streamed = streamField(body);
  const choice = fieldAt(body, 'tool_choice');
  expected.toolChoice = toolChoiceOf(choice);
  if (fieldAt(choice, 'disable_parallel_tool_use') === true) expected.singleCall = { asked: 'tool_choice.disable_parallel_tool_use: true' };
  expected.maxOutputTokens = limitAt(body, [['max_tokens']]);
  // A thinking block must come back with its signature on the next turn.
  if (stringAt(body, 'thinking', 'type') === 'enabled') expected.thinking = { when: 'reasoning', asked: "thinking: { type: 'enabled' }" };
  expected.model = stringAt(body, 'model');
  return expected;
}

function toolChoiceOf(choice: unknown): ToolChoiceExpectation | null {
  const type = stringAt(choice, 'type');
  if (type === 'any') return { mode: 'required', asked: "tool_choice: { type: 'any' }" };
  if (type === 'none') return { mode: 'none', asked: "tool_choice: { type: 'none' }" };
  const name = stringAt(choice, 'name');
  if (type === 'tool' && name !== null) return { mode: 'named', names: [name], asked: `tool_choice: { type: 'tool', name: '${name}' }` };
  return null;
}


// What the SDK sends for a streamed message: `max_tokens` is required, and so is the `anthropic-version` header.
function clientRequest(prompt: string, model: string): ClientRequest {
  return { body: { model, max_tokens: 1024, stream: true, messages: [{ role: 'user', content: prompt }] }, headers: { 'anthropic-version': '2023-06-01' } };
}

/** What an Anthropic Messages request asks, and the model its stream names. */
export const request: FormatRequest = { expectations, modelOf: (response) => stringAt(response, 'model'), clientRequest };
