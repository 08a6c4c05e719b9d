// Random Cohere v2 chat responses (for fast-check), in the format's own shape; src/arbitraries hands fast-check in.
import { arbitraryParts, type FastCheckModule, type JsonArbitrary } from '../arbitrary-parts.js';

/** Non-streamed Cohere v2 chat responses: text and thinking blocks, or a tool plan and tool calls. */
export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, name, args, count } = arbitraryParts(fc);
  const block = fc.oneof(text.map((value) => ({ type: 'text', text: value })), text.map((value) => ({ type: 'thinking', thinking: value })));
  const call = fc.tuple(name, args).map(([tool, input]) => ({ type: 'function', function: { name: tool, arguments: JSON.stringify(input) } }));
  return fc
    .record({
      content: fc.array(block, { maxLength: 3 }),
      plan: fc.option(text, { nil: null }),
      calls: fc.array(call, { maxLength: 3 }),
      reason: fc.constantFrom('COMPLETE', 'MAX_TOKENS', 'STOP_SEQUENCE', 'TOOL_CALL'),
      counts: fc.tuple(count, count, count),
    })
    .map(({ content, plan, calls, reason, counts }) => {
      const message: Record<string, unknown> = { role: 'assistant' };
      if (calls.length > 0) {
        if (plan !== null) message.tool_plan = plan;
        message.tool_calls = calls.map((made, i) => ({ id: `call_${i + 1}`, ...made }));
      }
      if (content.length > 0 || calls.length === 0) message.content = content.length > 0 ? content : [{ type: 'text', text: '' }];
      // `TOOL_CALL` ends a turn that calls tools, and no other.
      const finish = calls.length > 0 ? (reason === 'MAX_TOKENS' ? reason : 'TOOL_CALL') : reason === 'TOOL_CALL' ? 'COMPLETE' : reason;
      // A message that shows nothing counts no more output than an empty turn: more would be `usage without content`.
      const shows = calls.length > 0 || content.some((block) => ('text' in block ? block.text : block.thinking) !== '');
      const output = shows ? counts[1] : Math.min(counts[1], 3);
      const usage = { billed_units: { input_tokens: counts[2], output_tokens: output }, tokens: { input_tokens: counts[0], output_tokens: output } };
      return { id: 'arb', finish_reason: finish, message, usage };
    });
}
