import type { FinishReasonTable } from '../../model.js';
import { ownEntry } from '../../own-copy.js';

export const UNUSED_FINISH = 'FINISH_REASON_UNSPECIFIED';
export const UNUSED_BLOCK = new Set(['BLOCK_REASON_UNSPECIFIED', 'BLOCKED_REASON_UNSPECIFIED']);

const SOURCE =
  'googleapis/googleapis google/ai/generativelanguage/v1beta/generative_service.proto@bc7e3baa28fbb223fa93782e130260fab8205bfc, Candidate.FinishReason (with @google/genai 2.18.0 src/types.ts FinishReason); reference/gemini.md §4';

export const GEMINI_FINISH_REASONS: FinishReasonTable = {
  source: SOURCE,
  read: '2026-08-22',
  reasons: {
    FINISH_REASON_UNSPECIFIED: { meaning: 'The default value, never sent on purpose: the candidate did not say why it stopped.', class: 'ok', finish: 'unknown' },
    STOP: { meaning: 'The model came to a natural end, hit one of the request\'s stop sequences, or ended its turn with function calls.', class: 'ok', finish: 'stop' },
    MAX_TOKENS: { meaning: 'The answer reached the request\'s maxOutputTokens and was cut there.', class: 'length_limit', finish: 'length' },
    SAFETY: { meaning: 'The candidate was stopped for safety; when streaming, what the filters blocked is left out.', class: 'filtered', finish: 'content_filter' },
    RECITATION: { meaning: 'The candidate was stopped because it was reciting existing material, such as copyrighted text.', class: 'filtered', finish: 'content_filter' },
    OTHER: { meaning: 'The candidate stopped for a reason the API does not name.', class: 'filtered', finish: 'unknown' },
    LANGUAGE: { meaning: 'The candidate was stopped for using a language the model does not support.', class: 'filtered', finish: 'unknown' },
    BLOCKLIST: { meaning: 'Generation stopped because the output held terms from a blocklist.', class: 'filtered', finish: 'content_filter' },
    PROHIBITED_CONTENT: { meaning: 'Generation stopped because the output may hold prohibited content.', class: 'filtered', finish: 'content_filter' },
    SPII: { meaning: 'Generation stopped because the output may hold sensitive personal information.', class: 'filtered', finish: 'content_filter' },
    MALFORMED_FUNCTION_CALL: { meaning: 'The function call the model wrote was not valid, so generation stopped.', class: 'filtered', finish: 'error' },
    IMAGE_SAFETY: { meaning: 'Generation stopped because generated images broke the safety rules.', class: 'filtered', finish: 'content_filter' },
    UNEXPECTED_TOOL_CALL: { meaning: 'The model called a tool although the request enabled none.', class: 'filtered', finish: 'error' },
    TOO_MANY_TOOL_CALLS: { meaning: 'The model called tools too many times in a row, so the system stopped it.', class: 'filtered', finish: 'error' },
    IMAGE_PROHIBITED_CONTENT: { meaning: 'Image generation stopped because the images held other prohibited content.', class: 'filtered', finish: 'content_filter' },
    IMAGE_OTHER: { meaning: 'Image generation stopped for some other reason.', class: 'filtered', finish: 'unknown' },
    NO_IMAGE: { meaning: 'An image was expected, and the model produced none.', class: 'filtered', finish: 'unknown' },
    IMAGE_RECITATION: { meaning: 'Image generation stopped because the images recited existing material.', class: 'filtered', finish: 'content_filter' },
  },
};

/** `promptFeedback.blockReason`, in our words (proto §5 of the reference; the last two are Vertex AI only). */
export const GEMINI_BLOCK_REASONS: Readonly<Record<string, string>> = {
  SAFETY: 'the prompt was blocked for safety; promptFeedback.safetyRatings name the category',
  OTHER: 'the prompt was blocked for a reason the API does not name',
  BLOCKLIST: 'the prompt holds terms from the terminology blocklist',
  PROHIBITED_CONTENT: 'the prompt was blocked for prohibited content',
  IMAGE_SAFETY: 'the candidates were blocked because the image-generation content was unsafe',
  MODEL_ARMOR: 'Vertex AI only: Model Armor blocked the prompt',
  JAILBREAK: 'Vertex AI only: the prompt was taken for a jailbreak attempt',
};

export function blockMeaning(reason: string): string {
  return ownEntry(GEMINI_BLOCK_REASONS, reason) ?? `not a block reason this library knows (${JSON.stringify(reason)}); check Google's current documentation`;
}
