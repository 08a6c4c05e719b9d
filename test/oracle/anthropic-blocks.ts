// Which delta goes into which Anthropic content block, stated for the oracle from the Messages streaming docs
// (content_block_delta types: text_delta and citations_delta into text, thinking_delta and signature_delta into
// thinking, input_json_delta into tool input blocks), apart from the library's own table of block types.

/** The block each delta type fills (`tool input`: any block whose input streams as JSON). */
const DELTA_TARGET: ReadonlyMap<string, string> = new Map([
  ['text_delta', 'text'], ['citations_delta', 'text'], ['thinking_delta', 'thinking'], ['signature_delta', 'thinking'],
  ['input_json_delta', 'tool input'], ['compaction_delta', 'compaction'],
]);
const STREAMED_INPUT = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);
/** Blocks that come whole in their start and take no delta. */
const COME_WHOLE = new Set([
  'redacted_thinking', 'web_search_tool_result', 'web_fetch_tool_result', 'code_execution_tool_result', 'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result', 'tool_search_tool_result', 'container_upload', 'mcp_tool_result', 'mcp_tool_listing', 'advisor_tool_result', 'fallback',
]);

/** True when `deltaType` is a delta the docs name and `blockType` a block they name, and the one does not go into the other. */
export function deltaMisfits(deltaType: string, blockType: string): boolean {
  const target = DELTA_TARGET.get(deltaType);
  const known = blockType === 'text' || blockType === 'thinking' || blockType === 'compaction' || STREAMED_INPUT.has(blockType) || COME_WHOLE.has(blockType);
  if (target === undefined || !known) return false;
  return target === 'tool input' ? !STREAMED_INPUT.has(blockType) : target !== blockType;
}
