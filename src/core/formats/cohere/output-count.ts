// Where a Cohere usage counts output tokens, for the judge's `usage without content` check.
import type { OutputCount } from '../../model.js';
import { isObject } from '../json-shape.js';

/** `tokens.output_tokens` counts what the model wrote (the billed count is not a token count). */
export const COHERE_OUTPUT: OutputCount = {
  field: 'tokens.output_tokens',
  visibleTokens: (usage) => {
    const tokens = usage.tokens;
    const count = isObject(tokens) ? tokens.output_tokens : undefined;
    return typeof count === 'number' && Number.isFinite(count) ? count : null;
  },
  holdsOther: () => false,
};
