// AG-UI has no non-streamed API: what a run comes to is the conversation a client holds when it ends (its messages,
// as a MESSAGES_SNAPSHOT carries them, and the agent state) and how it ended. `response` is that object:
// `{threadId, runId, status, messages, state?, outcome?, result?, usage?, error?}`, this library's shape, not the
// protocol's. The answer is the run's turn: the assistant and reasoning messages after the last user message.
import { parseJson } from '../../json-depth.js';
import type { ToolCall } from '../../model.js';
import { isObject, type Json } from '../json-shape.js';

/** How the run ended: still running (no terminal event), finished (RUN_FINISHED), or failed (RUN_ERROR). */
export type RunEnd =
  | { status: 'running' }
  | { status: 'finished'; outcome?: Json; result?: unknown; usage?: unknown[] }
  | { status: 'error'; error: Json; usage?: unknown[] };

/** The run's answer read from its messages. */
export interface Turn {
  text: string;
  reasoning: string;
  calls: ToolCall[];
  /** The calls of the turn no tool message answers. */
  pending: string[];
  /** The ids of the calls a tool message answers (the agent ran them). */
  answered: Set<string>;
  encrypted: string[];
}

function parsed(args: string): unknown {
  try {
    return parseJson(args);
  } catch {
    return undefined;
  }
}

/** The messages of the last turn: everything after the last user message. */
function lastTurn(messages: readonly unknown[]): Json[] {
  const objects = messages.filter(isObject);
  let start = 0;
  objects.forEach((message, index) => {
    if (message.role === 'user') start = index + 1;
  });
  return objects.slice(start);
}

/** The turn's text (assistant messages' content, joined), reasoning, tool calls and the calls left unanswered. */
export function turnOf(messages: readonly unknown[]): Turn {
  const turn: Turn = { text: '', reasoning: '', calls: [], pending: [], answered: new Set(), encrypted: [] };
  const messagesOfTurn = lastTurn(messages);
  for (const message of messagesOfTurn) if (message.role === 'tool' && typeof message.toolCallId === 'string') turn.answered.add(message.toolCallId);
  for (const message of messagesOfTurn) {
    if (message.role === 'reasoning') {
      if (typeof message.content === 'string') turn.reasoning += message.content;
      if (typeof message.encryptedValue === 'string') turn.encrypted.push(message.encryptedValue);
    }
    if (message.role !== 'assistant') continue;
    if (typeof message.content === 'string') turn.text += message.content;
    for (const call of Array.isArray(message.toolCalls) ? message.toolCalls.filter(isObject) : []) {
      const fn = isObject(call.function) ? call.function : {};
      const args = typeof fn.arguments === 'string' ? fn.arguments : '';
      const id = typeof call.id === 'string' ? call.id : null;
      const record: ToolCall = { index: turn.calls.length, id, name: typeof fn.name === 'string' ? fn.name : '', arguments: args };
      const input = parsed(args);
      if (input !== undefined) record.input = input;
      turn.calls.push(record);
      if (id !== null && !turn.answered.has(id)) turn.pending.push(id);
    }
  }
  return turn;
}

const USAGE_FIELDS = ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens', 'cacheWriteInputTokens'] as const;

/** The run's usage entries (one per provider and model) summed field by field, in the protocol's names; null when none. */
export function usageSum(entries: readonly unknown[] | undefined): Json | null {
  if (!entries || entries.length === 0) return null;
  const sum: Json = {};
  for (const entry of entries.filter(isObject)) {
    for (const field of USAGE_FIELDS) {
      const count = entry[field];
      if (typeof count === 'number' && Number.isFinite(count)) sum[field] = ((sum[field] as number | undefined) ?? 0) + count;
    }
  }
  return Object.keys(sum).length > 0 ? sum : null;
}

/** The run's response object, in this library's field order. */
export function runResponse(head: { threadId: string | null; runId: string | null }, messages: readonly Json[], state: unknown, end: RunEnd): Json {
  const response: Json = { threadId: head.threadId, runId: head.runId, status: end.status, messages: JSON.parse(JSON.stringify(messages)) as unknown };
  if (state !== undefined) response.state = state;
  if (end.status === 'finished') {
    if (end.outcome !== undefined) response.outcome = end.outcome;
    if (end.result !== undefined) response.result = end.result;
  }
  if (end.status !== 'running' && end.usage !== undefined) response.usage = end.usage;
  if (end.status === 'error') response.error = end.error;
  return response;
}
