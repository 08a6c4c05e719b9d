// The findings raised when the stream ends: blocks left open, tool calls without a name, frames after the end.
import type { FindingCode, FindingList } from '../../findings.js';
import type { ToolCall } from '../../model.js';
import { preview } from '../../words.js';
import { type BlockState, builtLength, type Seen } from './block-state.js';
import { TOOL_INPUT_BLOCKS } from './block-types.js';

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
