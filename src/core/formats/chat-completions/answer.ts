// A `chat.completion` in the answer's words. Usage: `prompt_tokens` counts the whole prompt, cached tokens included
// (`prompt_tokens_details.cached_tokens` is a part of it, read as cacheRead); `completion_tokens` counts reasoning
// tokens too (`completion_tokens_details.reasoning_tokens`). So input and output are taken as they are.
import { countAt, emptyChoice, finishOf, objectsAt, textAt, toolCallOf } from '../../answer/read.js';
import type { AnswerChoice, AnswerCitation, AnswerUsage, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';
import { finishReasons } from './finish-reasons.js';

/** The usage table docs/answer.md shows. */
export const USAGE_MAPPING: UsageMapping = {
  rule:
    '`prompt_tokens` already includes the cached tokens (`prompt_tokens_details.cached_tokens` is the part of it read from the cache); `completion_tokens` already includes reasoning tokens. Both are taken as they are. DeepSeek reports its cache hits as `prompt_cache_hit_tokens`, read when `cached_tokens` is absent. There is no cache-write count.',
  source: 'openai/openai-openapi openapi.yaml CompletionUsage (reference/chat-completions.md); DeepSeek https://api-docs.deepseek.com/api/create-chat-completion (usage)',
  fields: {
    input: 'prompt_tokens',
    output: 'completion_tokens',
    total: 'total_tokens',
    cacheRead: 'prompt_tokens_details.cached_tokens (DeepSeek: prompt_cache_hit_tokens)',
    cacheWrite: '—',
    reasoning: 'completion_tokens_details.reasoning_tokens',
  },
};

function usageOf(usage: unknown): AnswerUsage | null {
  if (!isObject(usage)) return null;
  return {
    input: countAt(usage, 'prompt_tokens'),
    output: countAt(usage, 'completion_tokens'),
    total: countAt(usage, 'total_tokens'),
    cacheRead: countAt(usage, 'prompt_tokens_details', 'cached_tokens') ?? countAt(usage, 'prompt_cache_hit_tokens'),
    cacheWrite: null,
    reasoning: countAt(usage, 'completion_tokens_details', 'reasoning_tokens'),
  };
}

function choiceOf(choice: Json, position: number): AnswerChoice {
  const index = typeof choice.index === 'number' ? choice.index : position;
  const answer = emptyChoice(index);
  const message = isObject(choice.message) ? choice.message : {};
  readContent(answer, message.content);
  answer.refusal = textAt(message, 'refusal') ?? '';
  // Providers' reasoning fields (DeepSeek/xAI `reasoning_content`, OpenRouter/Groq `reasoning`), else OpenRouter's details.
  answer.reasoning += (textAt(message, 'reasoning_content') ?? '') + (textAt(message, 'reasoning') ?? '');
  readDetails(answer, objectsAt(message, 'reasoning_details'));
  if (isObject(message.function_call)) answer.toolCalls.push(toolCallOf(null, message.function_call.name, 'function', message.function_call.arguments));
  for (const call of objectsAt(message, 'tool_calls')) {
    const custom = isObject(call.custom) ? call.custom : null;
    const fn = isObject(call.function) ? call.function : {};
    answer.toolCalls.push(custom ? toolCallOf(call.id, custom.name, 'custom', custom.input) : toolCallOf(call.id, fn.name, 'function', fn.arguments));
  }
  answer.citations = objectsAt(message, 'annotations').map(citationOf);
  answer.finish = finishOf(finishReasons, textAt(choice, 'finish_reason'));
  return answer;
}

/** `content` is a string, or Mistral's parts: text parts are the text, thinking parts reasoning. */
function readContent(answer: AnswerChoice, content: unknown): void {
  if (typeof content === 'string') answer.text = content;
  if (!Array.isArray(content)) return;
  for (const part of content.filter(isObject)) {
    if (part.type === 'text' && typeof part.text === 'string') answer.text += part.text;
    if (part.type === 'thinking') for (const inner of objectsAt(part, 'thinking')) answer.reasoning += textAt(inner, 'text') ?? '';
  }
}

/** OpenRouter's `reasoning_details`: text when no reasoning string came, signatures, encrypted data. */
function readDetails(answer: AnswerChoice, details: Json[]): void {
  const text = details.map((detail) => (detail.type === 'reasoning.text' ? (textAt(detail, 'text') ?? '') : '')).join('');
  if (answer.reasoning === '') answer.reasoning = text;
  for (const detail of details) {
    const signature = textAt(detail, 'signature');
    if (signature !== null && signature !== '') answer.signatures.push(signature);
    const data = detail.type === 'reasoning.encrypted' ? textAt(detail, 'data') : null;
    if (data !== null) answer.encryptedReasoning.push(data);
  }
}

function citationOf(annotation: Json): AnswerCitation {
  const type = textAt(annotation, 'type') ?? 'annotation';
  const body = isObject(annotation.url_citation) ? annotation.url_citation : annotation;
  const citation: AnswerCitation = { type };
  const url = textAt(body, 'url');
  const title = textAt(body, 'title');
  if (url !== null) citation.url = url;
  if (title !== null) citation.title = title;
  if (typeof body.start_index === 'number') citation.start = body.start_index;
  if (typeof body.end_index === 'number') citation.end = body.end_index;
  return citation;
}

/** Chat Completions' part of the answer model. */
export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    return { choices: objectsAt(response, 'choices').map(choiceOf), usage: usageOf(response.usage) };
  },
  usage: USAGE_MAPPING,
};
