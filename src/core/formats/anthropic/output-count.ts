// Where an Anthropic usage counts output tokens, for the judge's `usage without content` check.
import type { OutputCount } from '../../model.js';
import { isObject, type Json } from '../json-shape.js';
import { listAt, visibleCount } from '../output-count.js';

/** `output_tokens` counts thinking, which arrives as thinking blocks (signed, even when not shown). */
export const ANTHROPIC_OUTPUT: OutputCount = {
  field: 'output_tokens',
  visibleTokens: visibleCount('output_tokens', null, ''),
  holdsOther: (response) => listAt(response, 'content').some((block) => isObject(block) && isOtherBlock(block)),
};

function isOtherBlock(block: Json): boolean {
  if (block.type === 'thinking') return typeof block.signature === 'string' && block.signature !== '';
  return block.type !== 'text' && block.type !== 'tool_use';
}
