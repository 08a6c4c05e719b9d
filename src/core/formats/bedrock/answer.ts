// A Converse response in the answer's words. Bedrock's `inputTokens` counts the prompt tokens not read from or
// written to the cache (its TokenUsage has the cache counts apart, and `totalTokens` adds all of them), so the
// shared `input` adds the cache counts back; `outputTokens` counts every output token, reasoning included.
import { countAt, emptyChoice, finishOf, objectsAt, sumOf, textAt, toolCallOf } from '../../answer/read.js';
import type { AnswerChoice, AnswerUsage, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';
import { finishReasons } from './finish-reasons.js';

/** The usage table docs/answer.md shows. */
export const USAGE_MAPPING: UsageMapping = {
  rule:
    '`inputTokens` leaves out the tokens read from or written to the prompt cache (`cacheReadInputTokens`, `cacheWriteInputTokens`), and `totalTokens` is the sum of all four: the shared input adds the cache counts back. There is no reasoning count.',
  source: 'TokenUsage of @aws-sdk/client-bedrock-runtime 3.1162.0 and the Converse API reference (reference.md §5)',
  fields: {
    input: 'inputTokens + cacheReadInputTokens + cacheWriteInputTokens',
    output: 'outputTokens',
    total: 'totalTokens',
    cacheRead: 'cacheReadInputTokens',
    cacheWrite: 'cacheWriteInputTokens',
    reasoning: '—',
  },
};

/** The shared usage of a TokenUsage object. */
export function usageOf(usage: unknown): AnswerUsage | null {
  if (!isObject(usage)) return null;
  const own = countAt(usage, 'inputTokens');
  const cacheRead = countAt(usage, 'cacheReadInputTokens');
  const cacheWrite = countAt(usage, 'cacheWriteInputTokens');
  return { input: own === null ? null : sumOf(own, cacheRead, cacheWrite), output: countAt(usage, 'outputTokens'), total: countAt(usage, 'totalTokens'), cacheRead, cacheWrite, reasoning: null };
}

/** The message's blocks in order: text, reasoning text (and its signature), redacted reasoning, tool uses. */
function choiceOf(response: Json): AnswerChoice {
  const answer = emptyChoice(0);
  const output = isObject(response.output) ? response.output : {};
  const message = isObject(output.message) ? output.message : {};
  for (const block of objectsAt(message, 'content')) {
    const text = textAt(block, 'text');
    if (text !== null) answer.text += text;
    const reasoning = isObject(block.reasoningContent) ? block.reasoningContent : null;
    if (reasoning !== null) readReasoning(answer, reasoning);
    if (isObject(block.toolUse)) {
      const { toolUseId, name, input } = block.toolUse;
      answer.toolCalls.push(toolCallOf(toolUseId, name, 'function', input));
    }
  }
  answer.finish = finishOf(finishReasons, textAt(response, 'stopReason'));
  return answer;
}

function readReasoning(answer: AnswerChoice, reasoning: Json): void {
  const text = isObject(reasoning.reasoningText) ? reasoning.reasoningText : null;
  if (text !== null) {
    answer.reasoning += textAt(text, 'text') ?? '';
    const signature = textAt(text, 'signature');
    if (signature !== null && signature !== '') answer.signatures.push(signature);
  }
  const redacted = textAt(reasoning, 'redactedContent');
  if (redacted !== null) answer.encryptedReasoning.push(redacted);
}

/** Bedrock Converse's part of the answer model: one choice. */
export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    return { choices: [choiceOf(response)], usage: usageOf(response.usage) };
  },
  usage: USAGE_MAPPING,
};
