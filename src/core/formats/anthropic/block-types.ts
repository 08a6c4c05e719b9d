// The content block types of Anthropic Messages and the deltas each one takes.

/** Blocks whose input arrives as `input_json_delta` fragments (the beta `mcp_tool_use` too). */
export const TOOL_INPUT_BLOCKS: ReadonlySet<string> = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

/** Blocks that arrive whole in `content_block_start` and take no delta (stable and beta types). */
export const WHOLE_BLOCKS: ReadonlySet<string> = new Set([
  'redacted_thinking',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'container_upload',
  'mcp_tool_result',
  'mcp_tool_listing',
  'advisor_tool_result',
  'fallback',
]);

/** Which block type each delta type applies to. */
export const DELTA_BLOCK: ReadonlyMap<string, string> = new Map([
  ['text_delta', 'text'],
  ['citations_delta', 'text'],
  ['thinking_delta', 'thinking'],
  ['signature_delta', 'thinking'],
  ['input_json_delta', 'tool input'],
  ['compaction_delta', 'compaction'],
]);

/** Whether a delta of `deltaType` applies to a block of `blockType`. */
export function fits(deltaType: string, blockType: string): boolean {
  const target = DELTA_BLOCK.get(deltaType);
  return target === 'tool input' ? TOOL_INPUT_BLOCKS.has(blockType) : target === blockType;
}

/** The block types this library knows: every other one is kept as its start gave it. */
export function isKnownBlock(type: string): boolean {
  return type === 'text' || type === 'thinking' || type === 'compaction' || TOOL_INPUT_BLOCKS.has(type) || WHOLE_BLOCKS.has(type);
}

/** The finding's words for a block type this library does not know. */
export function unknownBlockMessage(frame: number, index: number, type: string): string {
  return `Block ${index} (frame ${frame}) has type ${type ? `\`${type}\`` : '(none)'}, which this library does not know. It is kept as \`content_block_start\` gave it, and no delta is applied to it.`;
}
