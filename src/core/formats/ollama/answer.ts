// An Ollama response in the answer's words: `message.content` (or `response`) is the text, `message.thinking` (or
// `thinking`) the reasoning, each `message.tool_calls` entry a call with its arguments object; `done_reason` the
// finish. Usage: `prompt_eval_count` is the input, `eval_count` the output (thinking included); there is no total,
// cache or reasoning count, so the total is their sum.
import { countAt, emptyChoice, finishOf, objectsAt, sumOf, textAt, toolCallOf } from '../../answer/read.js';
import type { AnswerUsage, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject } from '../json-shape.js';
import { OLLAMA_DONE_REASONS } from './done-reasons.js';

export const USAGE_MAPPING: UsageMapping = {
  rule: '`prompt_eval_count` counts the prompt tokens evaluated (a prompt cached from the previous request is not counted again), `eval_count` every generated token, thinking included. There is no total: the shared total is their sum. Durations (nanoseconds) are not usage.',
  source: 'ollama/ollama docs/api.md, the final response fields; api/types.go Metrics (reference.md §3)',
  fields: { input: 'prompt_eval_count', output: 'eval_count', total: 'prompt_eval_count + eval_count', cacheRead: '—', cacheWrite: '—', reasoning: '—' },
};

/** Ollama says `stop` for a turn that ends in tool calls; like the Gemini `STOP`, that is a tool-use stop. */
const STOP_WITH_CALLS = { class: 'tool_use', source: 'ollama/ollama server/routes.go: a chat turn that ends in tool calls reports done_reason stop (reference.md §4)' } as const;

function usageOf(response: Record<string, unknown>): AnswerUsage | null {
  const input = countAt(response, 'prompt_eval_count');
  const output = countAt(response, 'eval_count');
  if (input === null && output === null) return null;
  return { input, output, total: input !== null && output !== null ? sumOf(input, output) : null, cacheRead: null, cacheWrite: null, reasoning: null };
}

export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    const choice = emptyChoice(0);
    const message = isObject(response.message) ? response.message : null;
    const holder = message ?? response;
    choice.text = textAt(holder, message !== null ? 'content' : 'response') ?? '';
    choice.reasoning = textAt(holder, 'thinking') ?? '';
    for (const call of message === null ? [] : objectsAt(message, 'tool_calls')) {
      const fn = isObject(call.function) ? call.function : {};
      choice.toolCalls.push(toolCallOf(call.id, fn.name, 'function', fn.arguments ?? {}));
    }
    const reason = response.done === true ? textAt(response, 'done_reason') : null;
    choice.finish = finishOf(OLLAMA_DONE_REASONS, reason, choice.toolCalls.length > 0 && reason === 'stop' ? STOP_WITH_CALLS : undefined);
    return { choices: [choice], usage: usageOf(response) };
  },
  usage: USAGE_MAPPING,
};
