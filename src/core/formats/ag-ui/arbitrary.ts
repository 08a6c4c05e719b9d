// Random AG-UI run responses (for fast-check), in the shape response.ts gives; src/arbitraries hands fast-check in.
import { arbitraryParts, type FastCheckModule, type JsonArbitrary } from '../arbitrary-parts.js';

/** Run responses: an optional reasoning message, an assistant message with text and tool calls, usage. */
export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, name, args, count } = arbitraryParts(fc);
  return fc
    .record({ reasoning: fc.option(text, { nil: null }), answer: text, calls: fc.array(fc.tuple(name, args), { maxLength: 3 }), usage: fc.tuple(count, count) })
    .map(({ reasoning, answer, calls, usage }) => ({
      threadId: 'thread_arb',
      runId: 'run_arb',
      status: 'finished',
      messages: [
        { id: 'user_1', role: 'user', content: 'Hello' },
        ...(reasoning === null ? [] : [{ id: 'reasoning_1', role: 'reasoning', content: reasoning }]),
        {
          id: 'msg_1',
          role: 'assistant',
          content: answer,
          ...(calls.length > 0 ? { toolCalls: calls.map(([tool, input], i) => ({ id: `call_${i + 1}`, type: 'function', function: { name: tool, arguments: JSON.stringify(input) } })) } : {}),
        },
      ],
      usage: [{ inputTokens: usage[0], outputTokens: usage[1], totalTokens: usage[0] + usage[1] }],
    }));
}
