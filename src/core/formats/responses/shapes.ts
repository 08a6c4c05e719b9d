// Type guards and the event names of the Responses stream. Every payload field is `unknown` until checked here.

import type { Json } from '../json-shape.js';
import { plural } from '../../words.js';

export { isIndex, isObject, type Json } from '../json-shape.js';

export function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A deep copy: the assembly patches items in place, and the payloads it read must stay as they arrived. Not a
 * JSON round trip, which would turn the `-0.0` some servers send as a logprob into 0. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

/** Wire values are copied by the one rule every format uses (own-copy.ts). */
export { copyWire as copyJson } from '../../own-copy.js';

export function chars(count: number): string {
  return plural(count, 'char');
}

/** The events that end a stream with a final response object. */
export const TERMINAL_TYPES = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** The events that carry a whole `response` snapshot. */
export const LIFECYCLE_TYPES = new Set([
  'response.created',
  'response.queued',
  'response.in_progress',
  ...TERMINAL_TYPES,
]);

/** The events the assembly reads into the output items. */
export const ASSEMBLED_TYPES = new Set([
  'response.output_item.added',
  'response.output_item.done',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.delta',
  'response.output_text.done',
  'response.output_text.annotation.added',
  'response.refusal.delta',
  'response.refusal.done',
  'response.function_call_arguments.delta',
  'response.function_call_arguments.done',
  'response.reasoning_summary_part.added',
  'response.reasoning_summary_part.done',
  'response.reasoning_summary_text.delta',
  'response.reasoning_summary_text.done',
  'response.reasoning_text.delta',
  'response.reasoning_text.done',
]);

/**
 * Documented events the assembly does not read: built-in tool progress and payloads, audio, custom and MCP tool
 * inputs. They are listed with `not assembled`; the final response object carries their result.
 */
export const KNOWN_UNASSEMBLED_TYPES = new Set([
  'response.custom_tool_call_input.delta',
  'response.custom_tool_call_input.done',
  'response.mcp_call_arguments.delta',
  'response.mcp_call_arguments.done',
  'response.web_search_call.in_progress',
  'response.web_search_call.searching',
  'response.web_search_call.completed',
  'response.file_search_call.in_progress',
  'response.file_search_call.searching',
  'response.file_search_call.completed',
  'response.code_interpreter_call.in_progress',
  'response.code_interpreter_call.interpreting',
  'response.code_interpreter_call.completed',
  'response.code_interpreter_call_code.delta',
  'response.code_interpreter_call_code.done',
  'response.image_generation_call.in_progress',
  'response.image_generation_call.generating',
  'response.image_generation_call.completed',
  'response.image_generation_call.partial_image',
  'response.mcp_call.in_progress',
  'response.mcp_call.completed',
  'response.mcp_call.failed',
  'response.mcp_list_tools.in_progress',
  'response.mcp_list_tools.completed',
  'response.mcp_list_tools.failed',
  'response.shell_call_command.added',
  'response.shell_call_command.delta',
  'response.shell_call_command.done',
  'response.shell_call_output_content.delta',
  'response.shell_call_output_content.done',
  'response.audio.delta',
  'response.audio.done',
  'response.audio.transcript.delta',
  'response.audio.transcript.done',
]);

/** Fields that name a Responses event (as opposed to a Behavior Run `response.*` event, which has none of them). */
export const RESPONSES_FIELDS = ['sequence_number', 'response', 'item', 'output_index', 'item_id'] as const;

export function hasResponsesField(value: Json): boolean {
  return RESPONSES_FIELDS.some((field) => field in value);
}

/** An event about one output item: it carries an output index or an item id. */
export function isItemEvent(value: Json): boolean {
  return 'output_index' in value || 'item_id' in value;
}
