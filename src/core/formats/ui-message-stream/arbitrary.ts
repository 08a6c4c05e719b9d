// Random UI messages (for fast-check), in the shape the assembly gives (a UIMessage with `finishReason` beside its
// parts); src/arbitraries hands fast-check in.
import { arbitraryParts, type FastCheckModule, type JsonArbitrary } from '../arbitrary-parts.js';

/** Messages of one step: reasoning, text and tool calls with their input, and a finish reason. */
export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, name, args } = arbitraryParts(fc);
  const reason = fc.constantFrom('stop', 'length', 'content-filter', 'tool-calls', 'other');
  return fc
    .record({ reasoning: fc.option(text, { nil: null }), answer: fc.option(text, { nil: null }), calls: fc.array(fc.tuple(name, args), { maxLength: 3 }), reason })
    .map(({ reasoning, answer, calls, reason: finishReason }) => ({
      id: 'msg_arb',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        ...(reasoning === null ? [] : [{ type: 'reasoning', text: reasoning, state: 'done' }]),
        ...(answer === null ? [] : [{ type: 'text', text: answer, state: 'done' }]),
        ...calls.map(([tool, input], i) => ({ type: `tool-${tool}`, toolCallId: `call_${i + 1}`, state: 'input-available', input })),
      ],
      finishReason,
    }));
}
