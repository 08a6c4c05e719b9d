// Where a Chat Completions usage counts output tokens, for the judge's `usage without content` check.
import type { OutputCount } from '../../model.js';
import { visibleCount } from '../output-count.js';

/** `completion_tokens` counts hidden reasoning too (`completion_tokens_details.reasoning_tokens`). */
export const CHAT_OUTPUT: OutputCount = {
  field: 'completion_tokens',
  visibleTokens: visibleCount('completion_tokens', 'completion_tokens_details', 'reasoning_tokens'),
  holdsOther: () => false,
};
