// Where each format's usage counts output tokens, for the judge's `usage without content` check.
import type { OutputCount } from '../model.js';
import { isObject, type Json } from './json-shape.js';

/** A count read from the usage: a finite number, or null. */
function numberAt(holder: unknown, key: string): number | null {
  if (!isObject(holder)) return null;
  const value = holder[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** `usage[field]` less the hidden reasoning counted inside it (`usage[details][reasoning]`), when there is one. */
function visible(field: string, details: string | null, reasoning: string): OutputCount['visibleTokens'] {
  return (usage) => {
    const count = numberAt(usage, field);
    if (count === null) return null;
    return count - (details === null ? 0 : (numberAt(usage[details], reasoning) ?? 0));
  };
}

function listAt(holder: unknown, key: string): unknown[] {
  return isObject(holder) && Array.isArray(holder[key]) ? (holder[key] as unknown[]) : [];
}

/** Chat Completions: `completion_tokens` counts hidden reasoning too (`completion_tokens_details.reasoning_tokens`). */
export const CHAT_OUTPUT: OutputCount = {
  field: 'completion_tokens',
  visibleTokens: visible('completion_tokens', 'completion_tokens_details', 'reasoning_tokens'),
  holdsOther: () => false,
};

/** Responses: `output_tokens` less `output_tokens_details.reasoning_tokens`; built-in tool items are output too. */
const ANSWER_ITEMS = new Set(['message', 'reasoning', 'function_call', 'custom_tool_call', 'tool_search_call']);
export const RESPONSES_OUTPUT: OutputCount = {
  field: 'output_tokens',
  visibleTokens: visible('output_tokens', 'output_tokens_details', 'reasoning_tokens'),
  holdsOther: (response) => listAt(response, 'output').some((item) => isObject(item) && !ANSWER_ITEMS.has(String(item.type))),
};

/** Anthropic: `output_tokens` counts thinking, which arrives as thinking blocks (signed, even when not shown). */
export const ANTHROPIC_OUTPUT: OutputCount = {
  field: 'output_tokens',
  visibleTokens: visible('output_tokens', null, ''),
  holdsOther: (response) => listAt(response, 'content').some((block) => isObject(block) && isOtherBlock(block)),
};

function isOtherBlock(block: Json): boolean {
  if (block.type === 'thinking') return typeof block.signature === 'string' && block.signature !== '';
  return block.type !== 'text' && block.type !== 'tool_use';
}

/** Gemini: `candidatesTokenCount` leaves out `thoughtsTokenCount`; images, code and its results are parts too. */
const ANSWER_PARTS = new Set(['text', 'thought', 'thoughtSignature', 'functionCall']);
export const GEMINI_OUTPUT: OutputCount = {
  field: 'candidatesTokenCount',
  visibleTokens: visible('candidatesTokenCount', null, ''),
  holdsOther: (response) =>
    listAt(response, 'candidates').some((candidate) => {
      const content = isObject(candidate) ? candidate.content : null;
      return listAt(content, 'parts').some((part) => isObject(part) && Object.keys(part).some((key) => !ANSWER_PARTS.has(key)));
    }),
};
