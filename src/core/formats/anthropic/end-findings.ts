// The findings raised when a block or the stream ends (blocks left open, thinking without its signature, a stop reason
// the blocks contradict, frames after the end) and for a delta sent to a block of another kind.
import type { FindingCode, FindingList } from '../../findings.js';
import type { FrameRecord, ToolCall } from '../../model.js';
import type { Json } from '../json-shape.js';
import { preview } from '../../words.js';
import { type BlockState, builtLength, type Seen } from './block-state.js';
import { DELTA_BLOCK, TOOL_INPUT_BLOCKS } from './block-types.js';

/** Frames that came after the end: counted, and named once when the stream ends. */
export interface AfterEnd {
  first: Seen;
  count: number;
  messageStarts: number;
  end: Seen & { type: string };
}

/** Frames without an event name: counted, and named once when the stream ends. */
export interface Unnamed {
  first: Seen;
  count: number;
}

function add(findings: FindingList, code: FindingCode, seen: Seen, message: string): void {
  findings.add(code, message, seen.line, 1, seen.frame);
}

export function reportOpen(findings: FindingList, state: BlockState, messageStopped: boolean): void {
  const tool = TOOL_INPUT_BLOCKS.has(state.type);
  add(
    findings,
    'block open',
    state.start,
    `Block ${state.index} (${state.type || 'untyped'}, started at frame ${state.start.frame}) never received its \`content_block_stop\`${messageStopped ? ', though the message stopped' : ''}. What it holds (${builtLength(state)} chars) may be partial${tool ? '; its input is not parsed and is left out of the response' : ''}. Send \`content_block_stop\` for every block.`,
  );
}

export function reportIncomplete(findings: FindingList, state: BlockState, call: ToolCall): void {
  const missing = [call.id ? null : 'id', call.name ? null : 'name'].filter(Boolean).join(' and ');
  add(
    findings,
    'tool call incomplete',
    state.start,
    `The tool_use block ${state.index} (frame ${state.start.frame}) has no ${missing}, so it cannot be answered and is left out of the tool calls. Its input: ${preview(call.arguments)}. Send \`id\` and \`name\` in its \`content_block_start\`.`,
  );
}

export function reportNoStopReason(findings: FindingList, end: Seen): void {
  add(
    findings,
    'no finish reason',
    end,
    'The message stopped without a `stop_reason`: no `message_delta` set one. Send a `message_delta` with the stop reason before `message_stop`.',
  );
}

export function reportAfterEnd(findings: FindingList, after: AfterEnd | null): void {
  if (!after) return;
  const more = after.messageStarts > 0 ? ` Among them are ${after.messageStarts} more \`message_start\`: the body holds several messages one after another, and a client reads only the first.` : '';
  add(
    findings,
    'after end',
    after.first,
    `${after.count} frame(s) from frame ${after.first.frame} on came after \`${after.end.type}\` (frame ${after.end.frame}), which ends the stream; they are not part of the answer.${more} Stop writing after the end.`,
  );
}

export function reportUnnamed(findings: FindingList, unnamed: Unnamed | null): void {
  if (!unnamed) return;
  add(
    findings,
    'event mismatch',
    unnamed.first,
    `${unnamed.count} frame(s), from frame ${unnamed.first.frame} on, have no \`event:\` line (or \`event: message\`), though Anthropic names every event. They were read by their JSON type; Anthropic's SDKs skip frames without an event name, so they see none of them. Write \`event: <type>\` before each \`data:\` line.`,
  );
}

/** A delta of a known type at the index of a block that does not take it: Anthropic's SDK drops it without a word. */
export function reportMismatch(findings: FindingList, frame: FrameRecord, state: BlockState, deltaType: string): void {
  frame.carried = `${deltaType} for ${state.type} block ${state.index}: dropped`;
  const takes = DELTA_BLOCK.get(deltaType) ?? '?';
  const target = takes === 'tool input' ? 'a tool_use or server_tool_use block' : `a ${takes} block`;
  add(
    findings,
    'delta mismatch',
    { frame: frame.index, line: frame.line },
    `Frame ${frame.index} carries a \`${deltaType}\` for block ${state.index}, a ${state.type} block; it belongs to ${target}. Anthropic's SDK drops it, so what it carried is not in the answer (nor here). Send each delta at the index of a block of its kind.`,
  );
}

/** A thinking block's signature: set by its `signature_delta` (or, rarely, already in its start). */
export function hasSignature(block: Json): boolean {
  return typeof block.signature === 'string' && block.signature !== '';
}

export function reportNoSignature(findings: FindingList, stop: Seen, state: BlockState): void {
  add(
    findings,
    'signature missing',
    stop,
    `Thinking block ${state.index} (started at frame ${state.start.frame}) stopped at frame ${stop.frame} without a \`signature_delta\`: its thinking is shown, but the block cannot be sent back on the next turn, which the API requires when thinking is used with tools. Relay every \`signature_delta\`.`,
  );
}

/** `stop_reason: tool_use` tells the client to run its tools; with no `tool_use` block there is none to run. */
export function reportToolUseWithoutCall(findings: FindingList, at: Seen, states: readonly BlockState[]): void {
  const server = states.filter((state) => TOOL_INPUT_BLOCKS.has(state.type)).length;
  const others = server > 0 ? ` The ${server} server or MCP tool block(s) ran at Anthropic and are not the caller's to answer.` : '';
  add(
    findings,
    'finish mismatch',
    at,
    `Frame ${at.frame} sets \`stop_reason: tool_use\`, but the message has no \`tool_use\` block: a client waits for a tool call it can never answer.${others} Send \`tool_use\` only when the message ends in a client tool call, and relay every \`tool_use\` block.`,
  );
}
