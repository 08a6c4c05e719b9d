// Gemini has no end frame: a candidate's `finishReason` (or the prompt's `blockReason`) ends the answer, inside a
// frame that may carry text too. Taking the end away keeps the frame and removes those fields.
import type { EndRule } from '../format-parts.js';
import { isObject, type Json } from '../json-shape.js';

function ends(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isObject(value.promptFeedback) && 'blockReason' in value.promptFeedback) return true;
  return Array.isArray(value.candidates) && value.candidates.some((candidate) => isObject(candidate) && 'finishReason' in candidate);
}

function withoutEnd(value: Json): Json {
  const copy: Json = { ...value };
  if (isObject(copy.promptFeedback)) {
    const { blockReason: _blockReason, ...feedback } = copy.promptFeedback;
    copy.promptFeedback = feedback;
  }
  if (Array.isArray(copy.candidates)) {
    copy.candidates = copy.candidates.map((candidate) => {
      if (!isObject(candidate)) return candidate;
      const { finishReason: _finishReason, ...rest } = candidate;
      return rest;
    });
  }
  return copy;
}

/** A frame with a `finishReason` or a `blockReason` ends the answer; taking the end away removes them. */
export const endRule: EndRule = {
  ends: (frame) => ends(frame.json),
  withoutEnd: (frame) => withoutEnd(isObject(frame.json) ? frame.json : {}),
};
