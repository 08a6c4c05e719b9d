// A Cohere v2 chat response in the answer's words. Usage: `tokens` counts what the model read and wrote;
// `billed_units` counts what the call is charged for (the preamble and tool definitions Cohere adds are counted in
// `tokens.input_tokens` and not billed). The shared counts come from `tokens` and never from `billed_units`.
import { countAt, emptyChoice, finishOf, objectsAt, textAt, toolCallOf } from '../../answer/read.js';
import type { AnswerChoice, AnswerUsage, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';
import { finishReasons } from './finish-reasons.js';

/** The usage table docs/answer.md shows. */
export const USAGE_MAPPING: UsageMapping = {
  rule:
    'Two pairs: `tokens.input_tokens`/`output_tokens` count what the model read and wrote (the input includes the preamble and tool definitions Cohere adds); `billed_units.input_tokens`/`output_tokens` count what is billed, often far fewer. The shared counts are read from `tokens` only; `billed_units` is never a fallback. `cached_tokens` (prompt tokens served from the cache) is inside the input. There is no total field: total is input + output.',
  source: 'cohere-ai 8.1.0 `Usage`, `UsageTokens`, `UsageBilledUnits` doc comments and recorded streams (cohere/reference.md §6)',
  fields: {
    input: 'tokens.input_tokens',
    output: 'tokens.output_tokens',
    total: 'input + output (computed)',
    cacheRead: 'cached_tokens',
    cacheWrite: '—',
    reasoning: '—',
  },
};

/** The shared counts of a Cohere `usage` object. */
export function usageOf(usage: unknown): AnswerUsage | null {
  if (!isObject(usage)) return null;
  const input = countAt(usage, 'tokens', 'input_tokens');
  const output = countAt(usage, 'tokens', 'output_tokens');
  const cacheRead = countAt(usage, 'cached_tokens');
  if (input === null && output === null && cacheRead === null) return null;
  return { input, output, total: input !== null && output !== null ? input + output : null, cacheRead, cacheWrite: null, reasoning: null };
}

/** Content in order (text; thinking as reasoning), then the tool plan as reasoning, tool calls, citations. */
function choiceOf(response: Json): AnswerChoice {
  const answer = emptyChoice(0);
  const message = isObject(response.message) ? response.message : {};
  for (const block of objectsAt(message, 'content')) {
    const type = textAt(block, 'type');
    if (type === 'thinking') answer.reasoning += textAt(block, 'thinking') ?? '';
    else answer.text += textAt(block, 'text') ?? '';
  }
  answer.reasoning += textAt(message, 'tool_plan') ?? '';
  for (const call of objectsAt(message, 'tool_calls')) {
    const fn = isObject(call.function) ? call.function : {};
    answer.toolCalls.push(toolCallOf(call.id, fn.name, 'function', fn.arguments));
  }
  for (const citation of objectsAt(message, 'citations')) {
    const start = countAt(citation, 'start');
    const end = countAt(citation, 'end');
    answer.citations.push({ type: textAt(citation, 'type') ?? 'citation', ...(start !== null ? { start } : {}), ...(end !== null ? { end } : {}) });
  }
  answer.finish = finishOf(finishReasons, textAt(response, 'finish_reason'));
  return answer;
}

/** Cohere v2's part of the answer model: one choice. */
export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    return { choices: [choiceOf(response)], usage: usageOf(response.usage) };
  },
  usage: USAGE_MAPPING,
};
