// A LangChain.js message chunk as a caller merges them (@langchain/core 1.4.0 `messages/ai.js` AIMessageChunk.concat,
// `messages/chat.js` ChatMessageChunk.concat, `messages/utils.js` collapseToolCallChunks): content, the two records
// and, on an AI chunk, its tool-call chunks. `full = full ? full.concat(chunk) : chunk` keeps the class of the first
// chunk: a first chunk that is not an AI message (a stream whose first delta has no role) drops every tool call.
import { ClientThrow, field, type Handed } from './run.js';
import { mergeContent, mergeDicts, mergeLists, type Dict } from './langchain-dicts.js';
import { parsePartialJson } from './langchain-partial-json.js';
import type { ClientBody, ClientRun, ClientToolCall } from './types.js';

/** One chunk: `ai` is an AIMessageChunk; `other` any chunk class without tool calls (ChatMessageChunk and the rest). */
export interface LangChainChunk {
  kind: 'ai' | 'other';
  content: unknown;
  additionalKwargs: Dict;
  responseMetadata: Dict;
  /** The AI chunk's tool-call chunks (`{ name, args, id, index }`); empty on other chunks. */
  toolCallChunks: unknown[];
  /** The AI chunk's usage_metadata, summed by concat. */
  usage: Dict | undefined;
}

/** `left.concat(right)`: the class of `left` decides what is kept. */
export function concatChunks(left: LangChainChunk, right: LangChainChunk): LangChainChunk {
  const content = mergeContent(left.content, right.content);
  const additionalKwargs = mergeDicts(left.additionalKwargs, right.additionalKwargs) ?? {};
  const responseMetadata = mergeDicts(left.responseMetadata, right.responseMetadata) ?? {};
  if (left.kind !== 'ai') return { kind: 'other', content, additionalKwargs, responseMetadata, toolCallChunks: [], usage: undefined };
  // A chunk of another class has no tool_call_chunks: the list merges with undefined, so it is kept.
  const toolCallChunks = right.kind === 'ai' ? (mergeLists(left.toolCallChunks, right.toolCallChunks) ?? []) : left.toolCallChunks;
  const usage = left.usage !== undefined || right.usage !== undefined ? mergeUsage(left.usage, right.usage) : undefined;
  return { kind: 'ai', content, additionalKwargs, responseMetadata, toolCallChunks, usage };
}

/** mergeUsageMetadata: the three counts add (a missing one counts 0). */
function mergeUsage(left: Dict | undefined, right: Dict | undefined): Dict {
  const sum = (key: string) => ((left?.[key] ?? 0) as number) + ((right?.[key] ?? 0) as number);
  return { input_tokens: sum('input_tokens'), output_tokens: sum('output_tokens'), total_tokens: sum('total_tokens') };
}

/** What a caller reads as the text: the content when it is a string, else its text blocks' text joined. */
export function textOf(chunk: LangChainChunk | undefined): string {
  if (chunk === undefined) return '';
  if (typeof chunk.content === 'string') return chunk.content;
  if (!Array.isArray(chunk.content)) return '';
  return chunk.content.filter((block) => field(block, 'type') === 'text' && typeof field(block, 'text') === 'string').map((block) => field(block, 'text') as string).join('');
}

/** The tool calls a merged chunk hands its caller (`tool_calls`), and its `invalid_tool_calls` as notes. */
export interface CollapsedCalls {
  toolCalls: ClientToolCall[];
  notes: string[];
}

/** collapseToolCallChunks: chunks grouped by id and index, their args joined, trimmed and read by parsePartialJson. */
export function collapseToolCalls(chunk: LangChainChunk | undefined): CollapsedCalls {
  const collapsed: CollapsedCalls = { toolCalls: [], notes: [] };
  if (chunk === undefined || chunk.kind !== 'ai') return collapsed;
  for (const group of groupsOf(chunk.toolCallChunks)) {
    const name = field(group[0], 'name') ?? '';
    const raw = group.map((part) => field(part, 'args') || '').join('');
    const args = raw.trim().length > 0 ? raw.trim() : '{}';
    const id = field(group.find((part) => field(part, 'id')), 'id') ?? field(group[0], 'id');
    const parsed = parsePartialJson(args);
    if (id && parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      // Whole JSON is handed as the streamed text (the caller's object is its value), else as what the parser made.
      collapsed.toolCalls.push({ id: String(id), name: String(name), arguments: isWholeJson(raw) ? raw : isWholeJson(args) ? args : JSON.stringify(parsed) });
      if (!isWholeJson(args)) collapsed.notes.push(`the arguments of ${String(name)} are not whole JSON: LangChain hands what its partial-JSON parser makes of them`);
    } else collapsed.notes.push(invalidNote(name, args, id));
  }
  return collapsed;
}

/** The note that stands for one of `invalid_tool_calls` (the caller's `tool_calls` does not hold it). */
export function invalidNote(name: unknown, args: string, id: unknown): string {
  return `invalid tool call ${JSON.stringify(String(name))} (id ${id ? JSON.stringify(String(id)) : 'none'}): arguments ${JSON.stringify(args)}`;
}

function groupsOf(parts: unknown[]): unknown[][] {
  const groups: unknown[][] = [];
  for (const part of parts) {
    const [id, index] = [field(part, 'id'), field(part, 'index')];
    const group = groups.find(([first]) => {
      if (id && index !== undefined) return id === field(first, 'id') && index === field(first, 'index');
      if (id) return id === field(first, 'id');
      if (index !== undefined) return index === field(first, 'index');
      return false;
    });
    if (group) group.push(part);
    else groups.push([part]);
  }
  return groups;
}

function isWholeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Raised inside a LangChain profile where the real client waits on a body left open. */
export class BodyLeftOpen {}

/** The body's ending once the SDK read every event: a failed read throws its TypeError, an open body waits. */
export function endOfStreamBody(ending: ClientBody['ending']): void {
  if (ending === 'failed') throw new ClientThrow('TypeError: terminated');
  if (ending === 'open') throw new BodyLeftOpen();
}

/** Runs `read`; how it ends (returns, a ClientThrow, a body left open) decides the run, `answer` what is handed. */
export function runLangChain(read: () => void, answer: (ends: ClientRun['ends']) => Handed): ClientRun {
  try {
    read();
    return { ends: 'returns', thrown: null, ...answer('returns') };
  } catch (error) {
    if (error instanceof BodyLeftOpen) return { ends: 'hangs', thrown: null, ...answer('hangs') };
    if (error instanceof ClientThrow) return { ends: 'throws', thrown: error.thrown, ...answer('throws') };
    throw error;
  }
}
