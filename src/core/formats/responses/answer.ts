// A Response in the answer's words. Usage: like Chat Completions, `input_tokens` counts the whole prompt, cached
// tokens included (`input_tokens_details.cached_tokens` is the part of it read from the cache), and `output_tokens`
// counts reasoning too (`output_tokens_details.reasoning_tokens`): both are taken as they are.
import { countAt, emptyChoice, finishOf, objectsAt, textAt, toolCallOf } from '../../answer/read.js';
import type { AnswerChoice, AnswerToolCall, AnswerUsage, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';
import { RESPONSES_FINISH_REASONS } from './finish-reasons.js';

/** The usage table docs/answer.md shows. */
export const USAGE_MAPPING: UsageMapping = {
  rule:
    '`input_tokens` already includes the cached tokens (`input_tokens_details.cached_tokens` is the part of it read from the cache); `output_tokens` already includes reasoning tokens. Both are taken as they are. There is no cache-write count.',
  source: 'openai/openai-openapi openapi.yaml ResponseUsage (reference/responses.md)',
  fields: {
    input: 'input_tokens',
    output: 'output_tokens',
    total: 'total_tokens',
    cacheRead: 'input_tokens_details.cached_tokens',
    cacheWrite: '—',
    reasoning: 'output_tokens_details.reasoning_tokens',
  },
};

/**
 * A `completed` response whose output holds calls the client must run is a tool-use stop: Responses has no reason of
 * its own for it (the AI SDK's OpenAI provider maps it the same way: `completed` with function calls is `tool-calls`).
 */
const COMPLETED_WITH_CALLS = { class: 'tool_use', source: '@ai-sdk/openai map-openai-responses-finish-reason.ts: a finished response with function calls is a tool-calls finish' } as const;

/** Built-in tools that OpenAI runs itself: kept as server calls, the item's own fields as their arguments. */
const SERVER_CALLS: ReadonlySet<string> = new Set(['web_search_call', 'file_search_call', 'code_interpreter_call', 'image_generation_call', 'mcp_call']);

function usageOf(usage: unknown): AnswerUsage | null {
  if (!isObject(usage)) return null;
  return {
    input: countAt(usage, 'input_tokens'),
    output: countAt(usage, 'output_tokens'),
    total: countAt(usage, 'total_tokens'),
    cacheRead: countAt(usage, 'input_tokens_details', 'cached_tokens'),
    cacheWrite: null,
    reasoning: countAt(usage, 'output_tokens_details', 'reasoning_tokens'),
  };
}

/** Whether an output item is one of the answer's tool calls (the places record them in this order). */
export function isAnswerCall(item: Json): boolean {
  const type = textAt(item, 'type') ?? '';
  return type === 'function_call' || type === 'custom_tool_call' || (type === 'tool_search_call' && item.execution === 'client') || SERVER_CALLS.has(type);
}

function callOf(item: Json): AnswerToolCall | null {
  const type = textAt(item, 'type') ?? '';
  if (type === 'function_call') return toolCallOf(item.call_id, item.name, 'function', item.arguments);
  if (type === 'custom_tool_call') return toolCallOf(item.call_id, item.name, 'custom', item.input);
  if (type === 'tool_search_call' && item.execution === 'client') return toolCallOf(item.call_id, 'tool_search', 'function', item.arguments ?? {});
  if (!SERVER_CALLS.has(type)) return null;
  const { id, type: _type, status: _status, name, arguments: args, ...rest } = item;
  return toolCallOf(id, typeof name === 'string' ? name : type, 'server', args ?? rest);
}

/** The status, with the reason when incomplete: `completed`, `incomplete:max_output_tokens`; null while not ended. */
function reasonOf(response: Json): string | null {
  const status = textAt(response, 'status');
  if (status === 'in_progress' || status === 'queued') return null;
  if (status !== 'incomplete') return status;
  const reason = isObject(response.incomplete_details) ? textAt(response.incomplete_details, 'reason') : null;
  return reason === null ? 'incomplete' : `incomplete:${reason}`;
}

function choiceOf(response: Json): AnswerChoice {
  const answer = emptyChoice(0);
  const reasoning: string[] = [];
  for (const item of objectsAt(response, 'output')) {
    if (item.type === 'message') readMessage(answer, item);
    if (item.type === 'reasoning') {
      for (const part of objectsAt(item, 'summary')) reasoning.push(textAt(part, 'text') ?? '');
      for (const part of objectsAt(item, 'content')) if (part.type === 'reasoning_text') reasoning.push(textAt(part, 'text') ?? '');
      const encrypted = textAt(item, 'encrypted_content');
      if (encrypted !== null) answer.encryptedReasoning.push(encrypted);
    }
    const call = callOf(item);
    if (call !== null) answer.toolCalls.push(call);
  }
  answer.reasoning = reasoning.filter((piece) => piece !== '').join('\n\n');
  const clientCalls = answer.toolCalls.some((call) => call.kind !== 'server');
  answer.finish = finishOf(RESPONSES_FINISH_REASONS, reasonOf(response), clientCalls ? COMPLETED_WITH_CALLS : undefined);
  return answer;
}

/** Output text parts are the text (annotations moved onto its joined offsets); refusal parts the refusal. */
function readMessage(answer: AnswerChoice, item: Json): void {
  for (const part of objectsAt(item, 'content')) {
    if (part.type === 'refusal') answer.refusal += textAt(part, 'refusal') ?? '';
    if (part.type !== 'output_text') continue;
    const start = answer.text.length;
    answer.text += textAt(part, 'text') ?? '';
    for (const annotation of objectsAt(part, 'annotations')) {
      const url = textAt(annotation, 'url');
      const title = textAt(annotation, 'title') ?? textAt(annotation, 'filename');
      answer.citations.push({
        type: textAt(annotation, 'type') ?? 'annotation',
        ...(url !== null ? { url } : {}),
        ...(title !== null ? { title } : {}),
        ...(typeof annotation.start_index === 'number' ? { start: start + annotation.start_index } : {}),
        ...(typeof annotation.end_index === 'number' ? { end: start + annotation.end_index } : {}),
      });
    }
  }
}

/** Responses' part of the answer model: one choice. */
export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    return { choices: [choiceOf(response)], usage: usageOf(response.usage) };
  },
  usage: USAGE_MAPPING,
};
