// Random Ollama `/api/chat` responses (for fast-check), in the format's own shape; src/arbitraries hands fast-check in.
import { arbitraryParts, type FastCheckModule, type Json, type JsonArbitrary } from '../arbitrary-parts.js';

export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, name, args, count } = arbitraryParts(fc);
  return fc
    .record({
      // Text always: a response of only counts would count output it does not hold (`usage without content`).
      content: text,
      thinking: fc.option(text, { nil: undefined }),
      calls: fc.array(fc.tuple(name, args), { maxLength: 3 }),
      reason: fc.constantFrom('stop', 'length'),
      counts: fc.option(fc.tuple(count, count), { nil: undefined }),
    })
    .map(({ content, thinking, calls, reason, counts }) => {
      const message: Json = { role: 'assistant', content };
      if (thinking !== undefined) message.thinking = thinking;
      if (calls.length > 0) message.tool_calls = calls.map(([fn, input], index) => ({ function: { index, name: fn, arguments: input } }));
      const response: Json = { model: 'llama3.2', created_at: '2026-12-02T04:00:00.000000Z', message, done: true, done_reason: reason };
      if (counts !== undefined) Object.assign(response, { prompt_eval_count: counts[0], eval_count: counts[1] });
      return response;
    });
}
