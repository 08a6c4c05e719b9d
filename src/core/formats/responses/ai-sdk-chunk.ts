// What the AI SDK's OpenAI Responses model accepts as a chunk, modelled from @ai-sdk/openai@3.0.141
// `openaiResponsesChunkSchema` (src/responses/openai-responses-api.ts): a zod union of the event types the model
// reads, then a fallback that turns any other `type` into an `unknown_chunk` the model ignores. An event of a type it
// reads that fails its member's checks fails the whole union (an error part). The members whose contents reach the
// caller's text and tool calls (text, refusal, messages, function and custom tool calls, the response's end events,
// errors) are checked key by key; the hosted tools' items are checked for their `id`.
import { arrayOf, byType, isBoolean, isNumber, isObject, isString, nullish, objectOf, oneOf, optional, type Check } from '../../clients/schema-checks.js';
import { field } from '../../clients/run.js';

/** A chunk as the model's transform sees it: one it reads, one it ignores, or one that failed (an error part). */
export type ResponsesChunk = { kind: 'chunk'; value: unknown } | { kind: 'unknown' } | { kind: 'invalid' };

const status = (value: unknown): boolean => value === 'in_progress' || value === 'completed' || value === 'incomplete';
const phase = nullish((value) => value === 'commentary' || value === 'final_answer');
const hosted = { id: isString };
const applyPatch = {
  id: isString,
  call_id: isString,
  status: (value: unknown) => value === 'in_progress' || value === 'completed',
  operation: byType({ create_file: { path: isString, diff: isString }, delete_file: { path: isString }, update_file: { path: isString, diff: isString } }),
};
const ITEMS_ADDED: Record<string, Record<string, Check>> = {
  message: { id: isString, phase },
  reasoning: { id: isString, encrypted_content: nullish(isString) },
  function_call: { id: isString, call_id: isString, name: isString, arguments: isString, async: nullish(isBoolean), namespace: nullish(isString) },
  web_search_call: { id: isString, status: isString },
  computer_call: { id: isString, status: isString },
  custom_tool_call: { id: isString, call_id: isString, name: isString, input: optional(isString) },
  apply_patch_call: applyPatch,
};
const ITEMS_DONE: Record<string, Record<string, Check>> = {
  ...ITEMS_ADDED,
  function_call: { ...ITEMS_ADDED.function_call!, status },
  custom_tool_call: { id: isString, call_id: isString, name: isString, input: isString, async: nullish(isBoolean), status },
};
const HOSTED_ITEMS = ['file_search_call', 'image_generation_call', 'code_interpreter_call', 'mcp_call', 'mcp_list_tools', 'mcp_approval_request', 'local_shell_call', 'shell_call', 'shell_call_output', 'tool_search_call', 'tool_search_output'];
const withHosted = (items: Record<string, Record<string, Check>>) => byType({ ...Object.fromEntries(HOSTED_ITEMS.map((type) => [type, hosted])), ...items });
const usage = nullish(objectOf({ input_tokens: isNumber, output_tokens: isNumber, total_tokens: optional(isNumber), input_tokens_details: nullish(isObject), output_tokens_details: nullish(isObject) }));
const endOfResponse = { prompt_cache_diagnostics: nullish(objectOf({ type: isString })), incomplete_details: nullish(objectOf({ reason: isString })), usage, reasoning: nullish(objectOf({ context: nullish(isString) })), service_tier: nullish(isString) };
const delta = { item_id: isString, output_index: isNumber, delta: isString };
const summary = { item_id: isString, summary_index: isNumber };
const logprob = objectOf({ token: isString, logprob: isNumber, top_logprobs: arrayOf(objectOf({ token: isString, logprob: isNumber })) });

const MEMBERS: Record<string, Check> = {
  'response.output_text.delta': objectOf({ item_id: isString, delta: isString, logprobs: nullish(arrayOf(logprob)) }),
  'response.refusal.delta': objectOf({ item_id: isString, output_index: nullish(isNumber), content_index: nullish(isNumber), delta: isString }),
  'response.refusal.done': objectOf({ item_id: isString, output_index: nullish(isNumber), content_index: nullish(isNumber), refusal: isString }),
  'response.completed': objectOf({ response: objectOf(endOfResponse) }),
  'response.incomplete': objectOf({ response: objectOf(endOfResponse) }),
  'response.failed': objectOf({ sequence_number: isNumber, response: objectOf({ ...endOfResponse, error: nullish(objectOf({ code: nullish(isString), message: isString })) }) }),
  'response.created': objectOf({ response: objectOf({ id: isString, created_at: isNumber, model: isString, service_tier: nullish(isString) }) }),
  'response.output_item.added': objectOf({ output_index: isNumber, item: withHosted(ITEMS_ADDED) }),
  'response.output_item.done': objectOf({ output_index: isNumber, item: withHosted(ITEMS_DONE) }),
  'response.function_call_arguments.delta': objectOf(delta),
  'response.function_call_arguments.done': objectOf({ item_id: isString, output_index: isNumber, arguments: isString }),
  'response.custom_tool_call_input.delta': objectOf(delta),
  'response.image_generation_call.partial_image': objectOf({ item_id: isString, output_index: isNumber, partial_image_b64: isString }),
  'response.code_interpreter_call_code.delta': objectOf(delta),
  'response.code_interpreter_call_code.done': objectOf({ item_id: isString, output_index: isNumber, code: isString }),
  'response.output_text.annotation.added': objectOf({ annotation: byType({ url_citation: { start_index: isNumber, end_index: isNumber, url: isString, title: isString }, file_citation: { file_id: isString, filename: isString, index: isNumber }, container_file_citation: { container_id: isString, file_id: isString, filename: isString, start_index: isNumber, end_index: isNumber }, file_path: { file_id: isString, index: isNumber } }) }),
  'response.reasoning_summary_part.added': objectOf(summary),
  'response.reasoning_summary_text.delta': objectOf({ ...summary, delta: isString }),
  'response.reasoning_summary_part.done': objectOf(summary),
  'response.apply_patch_call_operation_diff.delta': objectOf({ ...delta, obfuscation: nullish(isString) }),
  'response.apply_patch_call_operation_diff.done': objectOf({ item_id: isString, output_index: isNumber, diff: isString }),
  error: oneOf(
    objectOf({ sequence_number: isNumber, error: objectOf({ type: isString, code: nullish(isString), message: isString, param: nullish(isString) }) }),
    objectOf({ sequence_number: isNumber, code: nullish(isString), message: isString, param: nullish(isString) }),
  ),
};
const MODELED_ITEMS = new Set([...Object.keys(ITEMS_ADDED), ...HOSTED_ITEMS]);

/** `isModeledOpenAIResponsesChunk`: a type the union reads (an item event only for an item type it knows). */
function isModeled(value: unknown): boolean {
  const type = field(value, 'type');
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(MEMBERS, type)) return false;
  if (type !== 'response.output_item.added' && type !== 'response.output_item.done') return true;
  const item = field(value, 'item');
  const itemType = field(item, 'type');
  return !isObject(item) || typeof itemType !== 'string' || MODELED_ITEMS.has(itemType);
}

/** The union's result for one parsed data. */
export function responsesChunkOf(value: unknown): ResponsesChunk {
  const type = field(value, 'type');
  if (!isObject(value) || typeof type !== 'string') return { kind: 'invalid' };
  if (isModeled(value)) return MEMBERS[type]!(value) ? { kind: 'chunk', value } : { kind: 'invalid' };
  return { kind: 'unknown' };
}
