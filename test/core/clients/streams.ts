// Hand-made streams the client tests share.

const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** Two parallel Chat Completions tool calls that share index 0 (ids `a` and `b`): off its documentation, end there. */
export const SHARED_INDEX_CALLS =
  chunk({ role: 'assistant' }) +
  chunk({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: '{"x":1}' } }] }) +
  chunk({ tool_calls: [{ index: 0, id: 'b', type: 'function', function: { name: 'g', arguments: '{"y":2}' } }] }) +
  chunk({}, 'tool_calls') +
  'data: [DONE]\n\n';
