// Where an Ollama response counts output tokens, for the judge's `usage without content` check.
import type { OutputCount } from '../../model.js';
import { visibleCount } from '../output-count.js';

/** `eval_count` counts every generated token, thinking included; a response holds nothing but text, thinking and calls. */
export const OLLAMA_OUTPUT: OutputCount = {
  field: 'eval_count',
  visibleTokens: visibleCount('eval_count', null, ''),
  holdsOther: () => false,
};
