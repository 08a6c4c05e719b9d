// A GenerateContentResponse in the answer's words. Usage: `promptTokenCount` counts the whole prompt, the cached
// part included (`cachedContentTokenCount`); `candidatesTokenCount` leaves out thinking, which is counted apart in
// `thoughtsTokenCount`, so the shared output is their sum. `toolUsePromptTokenCount` (tool results fed back) is not
// mapped: `totalTokenCount` already includes it.
import { countAt, emptyChoice, finishOf, objectsAt, sumOf, textAt, toolCallOf } from '../../answer/read.js';
import type { AnswerChoice, AnswerUsage, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';
import { GEMINI_FINISH_REASONS } from './finish-reasons.js';

/** The usage table docs/answer.md shows. */
export const USAGE_MAPPING: UsageMapping = {
  rule:
    '`promptTokenCount` already includes the cached tokens (`cachedContentTokenCount` is the part of it served from the cache). `candidatesTokenCount` does not include thinking: the shared output is candidatesTokenCount + thoughtsTokenCount, and reasoning is thoughtsTokenCount. `totalTokenCount` is taken as it is (it also counts `toolUsePromptTokenCount`). There is no cache-write count.',
  source: 'googleapis/googleapis google/ai/generativelanguage/v1beta/generative_service.proto, GenerateContentResponse.UsageMetadata (reference/gemini.md)',
  fields: {
    input: 'promptTokenCount',
    output: 'candidatesTokenCount + thoughtsTokenCount',
    total: 'totalTokenCount',
    cacheRead: 'cachedContentTokenCount',
    cacheWrite: '—',
    reasoning: 'thoughtsTokenCount',
  },
};

/**
 * Gemini has no reason of its own for a turn that ends in function calls: it says `STOP`. Like the AI SDK's Google
 * provider (@ai-sdk/google mapGoogleGenerativeAIFinishReason: `STOP` with tool calls is `tool-calls`), a `STOP`
 * candidate that holds function calls is a tool-use stop.
 */
const STOP_WITH_CALLS = { class: 'tool_use', source: '@ai-sdk/google map-google-generative-ai-finish-reason.ts: STOP with function calls is a tool-calls finish' } as const;

function usageOf(usage: unknown): AnswerUsage | null {
  if (!isObject(usage)) return null;
  const thoughts = countAt(usage, 'thoughtsTokenCount');
  return {
    input: countAt(usage, 'promptTokenCount'),
    output: sumOf(countAt(usage, 'candidatesTokenCount'), thoughts),
    total: countAt(usage, 'totalTokenCount'),
    cacheRead: countAt(usage, 'cachedContentTokenCount'),
    cacheWrite: null,
    reasoning: thoughts,
  };
}

function choiceOf(candidate: Json, position: number): AnswerChoice {
  const answer = emptyChoice(typeof candidate.index === 'number' ? candidate.index : position);
  const content = isObject(candidate.content) ? candidate.content : {};
  for (const part of objectsAt(content, 'parts')) {
    const text = textAt(part, 'text');
    if (text !== null && part.thought === true) answer.reasoning += text;
    else if (text !== null) answer.text += text;
    else if (isObject(part.functionCall)) answer.toolCalls.push(toolCallOf(part.functionCall.id, part.functionCall.name, 'function', part.functionCall.args ?? {}));
    const signature = textAt(part, 'thoughtSignature');
    if (signature !== null && signature !== '') answer.signatures.push(signature);
  }
  readCitations(answer, candidate);
  answer.finish = finishOf(GEMINI_FINISH_REASONS, textAt(candidate, 'finishReason'), answer.toolCalls.length > 0 ? STOP_WITH_CALLS : undefined);
  return answer;
}

/** `citationMetadata.citations` (spans of the text) and `groundingMetadata.groundingChunks` (search results). */
function readCitations(answer: AnswerChoice, candidate: Json): void {
  const metadata = isObject(candidate.citationMetadata) ? candidate.citationMetadata : {};
  for (const citation of [...objectsAt(metadata, 'citations'), ...objectsAt(metadata, 'citationSources')]) {
    const url = textAt(citation, 'uri');
    const title = textAt(citation, 'title');
    answer.citations.push({
      type: 'citation',
      ...(url !== null ? { url } : {}),
      ...(title !== null ? { title } : {}),
      ...(typeof citation.startIndex === 'number' ? { start: citation.startIndex } : {}),
      ...(typeof citation.endIndex === 'number' ? { end: citation.endIndex } : {}),
    });
  }
  const grounding = isObject(candidate.groundingMetadata) ? candidate.groundingMetadata : {};
  for (const chunk of objectsAt(grounding, 'groundingChunks')) {
    const source = isObject(chunk.web) ? chunk.web : isObject(chunk.retrievedContext) ? chunk.retrievedContext : {};
    const url = textAt(source, 'uri');
    const title = textAt(source, 'title');
    answer.citations.push({ type: 'grounding', ...(url !== null ? { url } : {}), ...(title !== null ? { title } : {}) });
  }
}

/** A prompt blocked before any candidate: one empty choice whose finish is the block. */
function blockedChoice(response: Json): AnswerChoice | null {
  const feedback = isObject(response.promptFeedback) ? response.promptFeedback : null;
  const reason = feedback === null ? null : textAt(feedback, 'blockReason');
  if (reason === null) return null;
  const answer = emptyChoice(0);
  answer.finish = { class: 'content_filter', reason: `promptFeedback.blockReason ${reason}`, source: 'googleapis/googleapis generative_service.proto, PromptFeedback.BlockReason (reference/gemini.md §5)' };
  return answer;
}

/** Gemini's part of the answer model. */
export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    const candidates = objectsAt(response, 'candidates');
    const blocked = candidates.length === 0 ? blockedChoice(response) : null;
    return { choices: blocked ? [blocked] : candidates.map(choiceOf), usage: usageOf(response.usageMetadata) };
  },
  usage: USAGE_MAPPING,
};
