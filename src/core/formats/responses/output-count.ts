// Where a Responses usage counts output tokens, for the judge's `usage without content` check.
import type { OutputCount } from '../../model.js';
import { isObject } from '../json-shape.js';
import { listAt, visibleCount } from '../output-count.js';

/** The output items an answer shows; built-in tool items are output too. */
const ANSWER_ITEMS = new Set(['message', 'reasoning', 'function_call', 'custom_tool_call', 'tool_search_call']);

/** `output_tokens` less `output_tokens_details.reasoning_tokens`. */
export const RESPONSES_OUTPUT: OutputCount = {
  field: 'output_tokens',
  visibleTokens: visibleCount('output_tokens', 'output_tokens_details', 'reasoning_tokens'),
  holdsOther: (response) => listAt(response, 'output').some((item) => isObject(item) && !ANSWER_ITEMS.has(String(item.type))),
};
