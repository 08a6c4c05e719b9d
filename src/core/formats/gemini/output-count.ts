// Where a Gemini usage counts output tokens, for the judge's `usage without content` check.
import type { OutputCount } from '../../model.js';
import { isObject } from '../json-shape.js';
import { listAt, visibleCount } from '../output-count.js';

/** The part keys an answer shows; images, code and its results are parts too. */
const ANSWER_PARTS = new Set(['text', 'thought', 'thoughtSignature', 'functionCall']);

/** `candidatesTokenCount` leaves out `thoughtsTokenCount`. */
export const GEMINI_OUTPUT: OutputCount = {
  field: 'candidatesTokenCount',
  visibleTokens: visibleCount('candidatesTokenCount', null, ''),
  holdsOther: (response) =>
    listAt(response, 'candidates').some((candidate) => {
      const content = isObject(candidate) ? candidate.content : null;
      return listAt(content, 'parts').some((part) => isObject(part) && Object.keys(part).some((key) => !ANSWER_PARTS.has(key)));
    }),
};
