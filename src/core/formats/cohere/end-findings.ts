// The Cohere findings raised when the stream ends: frames after the end, what was never closed, calls that cannot
// be run, and a finish reason that disagrees with the tool calls.
import type { FindingList } from '../../findings.js';
import { preview } from '../../words.js';
import type { CallState, Seen } from './content-state.js';

/** The frames read after the end: the first, how many, and which end (`message-end`, or `[DONE]` before it). */
export interface AfterEnd {
  first: Seen;
  count: number;
  end: Seen;
  /** The end was `data: [DONE]` before any `message-end`: the SDK's reader stops there. */
  byDone: boolean;
}

export function reportAfterEnd(findings: FindingList, after: AfterEnd | null): void {
  if (after === null) return;
  const what = after.byDone ? '`data: [DONE]`, where the SDK stops reading' : '`message-end`';
  findings.add(
    'after end',
    `${after.count} frame(s) came after ${what} (frame ${after.end.frame}), from frame ${after.first.frame} on. A client has stopped reading there, so they are not part of the answer.`,
    after.first.line,
    1,
    after.first.frame,
  );
}

/** A content block, tool call or citation that no end event closed. */
export function reportOpen(findings: FindingList, state: { index: number; start: Seen; args?: unknown; type?: string }, ended: boolean): void {
  const what = state.args !== undefined ? 'Tool call' : state.type !== undefined ? 'Content block' : 'Citation';
  const end = state.args !== undefined ? '`tool-call-end`' : state.type !== undefined ? '`content-end`' : '`citation-end`';
  findings.add(
    'block open',
    `${what} ${state.index}, started at frame ${state.start.frame}, has no ${end}${ended ? ' before `message-end`' : ''}. What is shown of it may be partial.`,
    state.start.line,
    1,
    state.start.frame,
  );
}

export function reportIncomplete(findings: FindingList, state: CallState): void {
  const missing = [state.id === null || state.id === '' ? 'an id' : null, state.name === '' ? 'a function name' : null].filter((part) => part !== null).join(' and ');
  findings.add(
    'tool call incomplete',
    `Tool call ${state.index} (frame ${state.start.frame}) has no ${missing}: it cannot be answered and is left out of the answer. Its arguments: ${preview(state.args.text)}.`,
    state.start.line,
    1,
    state.start.frame,
  );
}

/**
 * `TOOL_CALL` with no tool call, or tool calls with `COMPLETE` or `STOP_SEQUENCE`: a client that acts on the reason
 * runs no tool, or waits for one that never comes. True when raised with no call (a piece is missing).
 */
export function reportFinishMismatch(findings: FindingList, end: Seen, reason: string | null, calls: number): boolean {
  if (reason === 'TOOL_CALL' && calls === 0) {
    findings.add('finish mismatch', `The stream ends with \`finish_reason: "TOOL_CALL"\` at frame ${end.frame}, but carried no tool call: the call was lost on the way.`, end.line, 1, end.frame);
    return true;
  }
  if ((reason === 'COMPLETE' || reason === 'STOP_SEQUENCE') && calls > 0) {
    findings.add('finish mismatch', `The stream carried ${calls} tool call(s) but ends with \`finish_reason: "${reason}"\` at frame ${end.frame}: Cohere ends a turn that calls tools with \`TOOL_CALL\`.`, end.line, 1, end.frame);
  }
  return false;
}
