// What the AI SDK's Anthropic model accepts as a chunk, modelled from @ai-sdk/anthropic@3.0.140
// `anthropicMessagesChunkSchema` (src/anthropic-messages-api.ts): a zod union discriminated by `type`, each member an
// object that strips keys it does not name. Text, thinking, tool use and the message events are checked member by
// member; the server tools' result blocks are checked for their `tool_use_id` only (their contents reach neither the
// text nor the tool calls a caller awaits) and citations for their `type`.
import { anything, arrayOf, byType, isBoolean, isNumber, isObject, isString, literal, nullish, numbers, objectOf, oneOf, optional, type Check } from '../../clients/schema-checks.js';

const caller = oneOf(
  objectOf({ type: literal('code_execution_20250825'), tool_id: isString }),
  objectOf({ type: literal('code_execution_20260120'), tool_id: isString }),
  objectOf({ type: literal('direct') }),
);
const toolUse = { id: isString, name: isString, input: optional(isObject), caller: optional(caller), toolset_name: nullish(isString) };
const result = { tool_use_id: isString, content: anything };
const contentBlock = byType({
  text: { text: isString },
  thinking: { thinking: isString },
  tool_use: toolUse,
  redacted_thinking: { data: isString },
  compaction: { content: nullish(isString) },
  server_tool_use: { id: isString, name: isString, input: nullish(isObject), caller: optional(caller) },
  mcp_tool_use: { id: isString, name: isString, input: anything, server_name: isString },
  mcp_tool_result: { tool_use_id: isString, is_error: isBoolean, content: arrayOf(oneOf(isString, objectOf({ type: literal('text'), text: isString }))) },
  web_fetch_tool_result: result,
  web_search_tool_result: result,
  code_execution_tool_result: result,
  bash_code_execution_tool_result: result,
  text_editor_code_execution_tool_result: result,
  tool_search_tool_result: result,
  advisor_tool_result: result,
  fallback: {},
});
const citation: Check = (value) => ['web_search_result_location', 'page_location', 'char_location'].includes((value as { type?: unknown } | null)?.type as string);
const delta = byType({
  input_json_delta: { partial_json: isString },
  text_delta: { text: isString },
  thinking_delta: { thinking: isString },
  signature_delta: { signature: isString },
  compaction_delta: { content: nullish(isString) },
  citations_delta: { citation: (value) => isObject(value) && citation(value) },
});
const iteration = objectOf({ type: isString, model: nullish(isString), input_tokens: isNumber, output_tokens: isNumber, cache_creation_input_tokens: nullish(isNumber), cache_read_input_tokens: nullish(isNumber) });
const messageUsage = objectOf({
  input_tokens: nullish(isNumber),
  output_tokens: isNumber,
  output_tokens_details: nullish(numbers('thinking_tokens')),
  cache_creation_input_tokens: nullish(isNumber),
  cache_read_input_tokens: nullish(isNumber),
  iterations: nullish(arrayOf(iteration)),
});
const container = objectOf({ expires_at: isString, id: isString });

/** `anthropicMessagesChunkSchema`. */
export const isAnthropicChunk: Check = byType({
  message_start: {
    message: objectOf({
      id: nullish(isString),
      model: nullish(isString),
      role: nullish(isString),
      stop_reason: nullish(isString),
      usage: objectOf({ input_tokens: isNumber, cache_creation_input_tokens: nullish(isNumber), cache_read_input_tokens: nullish(isNumber) }),
      content: nullish(arrayOf(byType({ tool_use: { id: isString, name: isString, input: anything, caller: optional(caller), toolset_name: nullish(isString) } }))),
      input_transformations: nullish(arrayOf(objectOf({ type: isString, path: isString, reason: isString }))),
      container: nullish(container),
    }),
  },
  content_block_start: { index: isNumber, content_block: contentBlock },
  content_block_delta: { index: isNumber, delta },
  content_block_stop: { index: isNumber },
  error: { error: objectOf({ type: isString, message: isString }) },
  message_delta: {
    delta: objectOf({ stop_reason: nullish(isString), stop_sequence: nullish(isString), stop_details: nullish(isObject), safeguard_results: nullish(arrayOf(isObject)), container: nullish(container) }),
    usage: messageUsage,
    input_transformations: nullish(arrayOf(isObject)),
    context_management: nullish(isObject),
  },
  message_stop: {},
  ping: {},
});
