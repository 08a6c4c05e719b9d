// The inspector's worked example ("the harbour"), written out line by line: one comment, five events (one named,
// one with two data lines and no blank line between them), a `retry: 3s`, and a last event no blank line ends.
export const HARBOUR = [
  ': a chat stream with three framing mistakes',
  '',
  'data: {"id":"1","choices":[{"delta":{"role":"assistant","content":""}}]}',
  '',
  'data: {"id":"1","choices":[{"delta":{"content":"The "}}]}',
  '',
  'event: token',
  'id: 42',
  'data: {"id":"1","choices":[{"delta":{"content":"harbour "}}]}',
  '',
  'data: {"id":"1","choices":[{"delta":{"content":"is "}}]}',
  'data: {"id":"1","choices":[{"delta":{"content":"closed."}}]}',
  '',
  'retry: 3s',
  '',
  'data: [DONE]',
].join('\n');

export const HARBOUR_PATH = 'choices.0.delta.content';
