// Random Bedrock Converse responses (for fast-check), in the format's own shape; src/arbitraries hands fast-check in.
import { arbitraryParts, type FastCheckModule, type JsonArbitrary } from '../arbitrary-parts.js';

/** Non-streamed Converse responses. */
export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, name, args, count } = arbitraryParts(fc);
  const block = fc.oneof(
    text.map((value) => ({ text: value })),
    fc.tuple(text, fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 })).map(([reasoning, signature]) => ({ reasoningContent: { reasoningText: { text: reasoning, signature } } })),
    fc.tuple(name, args).map(([tool, input]) => ({ toolUse: { toolUseId: '', name: tool, input } })),
  );
  return fc
    .record({
      content: fc.array(block, { minLength: 1, maxLength: 4 }),
      stop: fc.constantFrom('end_turn', 'max_tokens', 'tool_use', 'stop_sequence', 'guardrail_intervened'),
      usage: fc.tuple(count, count),
    })
    .map(({ content, stop, usage }) => {
      const blocks = content.map((b, i) => ('toolUse' in b ? { toolUse: { ...b.toolUse, toolUseId: `tooluse_${i + 1}` } } : b));
      const calls = blocks.some((b) => 'toolUse' in b);
      return {
        output: { message: { role: 'assistant', content: blocks } },
        // `tool_use` ends a turn that calls a tool, and no other.
        stopReason: stop === 'tool_use' && !calls ? 'end_turn' : stop,
        usage: { inputTokens: usage[0], outputTokens: usage[1], totalTokens: usage[0] + usage[1] },
        metrics: { latencyMs: 100 },
      };
    });
}
