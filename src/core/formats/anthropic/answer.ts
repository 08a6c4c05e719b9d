// A Message in the answer's words. Usage: Anthropic's `input_tokens` EXCLUDES the tokens read from or written to
// the cache, so the shared `input` is input_tokens + cache_read_input_tokens + cache_creation_input_tokens (the
// SDK's Usage doc comment says the total input is that sum); there is no total field, so total = input + output.
import { countAt, emptyChoice, finishOf, objectsAt, sumOf, textAt, toolCallOf } from '../../answer/read.js';
import type { AnswerChoice, AnswerToolCall, AnswerUsage, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';
import { finishReasons } from './stop-reasons.js';

/** The usage table docs/answer.md shows. */
export const USAGE_MAPPING: UsageMapping = {
  rule:
    '`input_tokens` counts only the prompt tokens after the last cache breakpoint: cache reads and cache writes are counted apart. The shared input adds them back (input_tokens + cache_read_input_tokens + cache_creation_input_tokens). There is no total field: total is input + output. `output_tokens` includes thinking; `output_tokens_details.thinking_tokens`, when sent, is the reasoning count.',
  source: 'anthropics/anthropic-sdk-typescript Usage and MessageDeltaUsage doc comments (reference/anthropic.md §6.2–6.3)',
  fields: {
    input: 'input_tokens + cache_read_input_tokens + cache_creation_input_tokens',
    output: 'output_tokens',
    total: 'input + output (computed)',
    cacheRead: 'cache_read_input_tokens',
    cacheWrite: 'cache_creation_input_tokens',
    reasoning: 'output_tokens_details.thinking_tokens',
  },
};

function usageOf(usage: unknown): AnswerUsage | null {
  if (!isObject(usage)) return null;
  const own = countAt(usage, 'input_tokens');
  const cacheRead = countAt(usage, 'cache_read_input_tokens');
  const cacheWrite = countAt(usage, 'cache_creation_input_tokens');
  const input = own === null ? null : sumOf(own, cacheRead, cacheWrite);
  const output = countAt(usage, 'output_tokens');
  return { input, output, total: input !== null && output !== null ? input + output : null, cacheRead, cacheWrite, reasoning: countAt(usage, 'output_tokens_details', 'thinking_tokens') };
}

/** Tool blocks by who runs them: `tool_use` the caller; `server_tool_use` and `mcp_tool_use` Anthropic. */
const CALL_KINDS: ReadonlyMap<string, AnswerToolCall['kind']> = new Map([
  ['tool_use', 'function'],
  ['server_tool_use', 'server'],
  ['mcp_tool_use', 'server'],
]);

/** Blocks in order: text (with citations over its span), thinking (and signature), redacted thinking, tool calls. */
function choiceOf(message: Json): AnswerChoice {
  const answer = emptyChoice(0);
  for (const block of objectsAt(message, 'content')) {
    const type = textAt(block, 'type') ?? '';
    if (type === 'text') readText(answer, block);
    else if (type === 'thinking') {
      answer.reasoning += textAt(block, 'thinking') ?? '';
      const signature = textAt(block, 'signature');
      if (signature !== null && signature !== '') answer.signatures.push(signature);
    } else if (type === 'redacted_thinking') answer.encryptedReasoning.push(textAt(block, 'data') ?? '');
    const kind = CALL_KINDS.get(type);
    if (kind !== undefined) answer.toolCalls.push(toolCallOf(block.id, block.name, kind, block.input));
  }
  answer.finish = finishOf(finishReasons, textAt(message, 'stop_reason'));
  return answer;
}

function readText(answer: AnswerChoice, block: Json): void {
  const text = textAt(block, 'text') ?? '';
  const start = answer.text.length;
  answer.text += text;
  for (const citation of objectsAt(block, 'citations')) {
    const title = textAt(citation, 'title') ?? textAt(citation, 'document_title');
    const url = textAt(citation, 'url');
    answer.citations.push({ type: textAt(citation, 'type') ?? 'citation', ...(url !== null ? { url } : {}), ...(title !== null ? { title } : {}), start, end: start + text.length });
  }
}

/** Anthropic Messages' part of the answer model: one choice. */
export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    return { choices: [choiceOf(response)], usage: usageOf(response.usage) };
  },
  usage: USAGE_MAPPING,
};
