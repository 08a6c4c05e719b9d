// Where an AG-UI run's usage counts output tokens, for the judge's `usage without content` check. The usage is the
// run's entries summed (response.ts); `reasoningTokens` is part of `outputTokens` and may never be shown.
import type { OutputCount } from '../../model.js';
import { isObject } from '../json-shape.js';
import { listAt } from '../output-count.js';

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export const AG_UI_OUTPUT: OutputCount = {
  field: 'outputTokens',
  visibleTokens: (usage) => (typeof usage.outputTokens === 'number' ? usage.outputTokens - count(usage.reasoningTokens) : null),
  // Activity messages are output a UI renders that is neither text nor a tool call.
  holdsOther: (response) => listAt(response, 'messages').some((message) => isObject(message) && message.role === 'activity'),
};
