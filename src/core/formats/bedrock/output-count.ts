// Where a Bedrock usage counts output tokens, for the judge's `usage without content` check.
import type { OutputCount } from '../../model.js';
import { isObject } from '../json-shape.js';
import { listAt, visibleCount } from '../output-count.js';

/** `outputTokens` counts reasoning, which arrives as reasoningContent blocks (redacted ones too). */
export const BEDROCK_OUTPUT: OutputCount = {
  field: 'outputTokens',
  visibleTokens: visibleCount('outputTokens', null, ''),
  holdsOther: (response) => {
    const output = isObject(response) && isObject(response.output) ? response.output : null;
    return listAt(output?.message, 'content').some((block) => isObject(block) && !('text' in block) && !('toolUse' in block));
  },
};
