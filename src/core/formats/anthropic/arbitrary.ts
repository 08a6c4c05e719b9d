// Random Anthropic Messages responses (for fast-check), in the format's own shape; src/arbitraries hands fast-check in.
import { arbitraryParts, type FastCheckModule, type JsonArbitrary } from '../arbitrary-parts.js';

/** Non-streamed Anthropic Messages responses. */
export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, name, args, count } = arbitraryParts(fc);
  const anthropicBlock = fc.oneof(
    text.map((value) => ({ type: 'text', text: value })),
    fc.tuple(text, fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 })).map(([thinking, signature]) => ({ type: 'thinking', thinking, signature })),
    fc.tuple(name, args).map(([tool, input]) => ({ type: 'tool_use', id: '', name: tool, input })),
  );
  return fc
    .record({
      content: fc.array(anthropicBlock, { minLength: 1, maxLength: 4 }),
      stop: fc.constantFrom('end_turn', 'max_tokens', 'tool_use', 'stop_sequence', 'refusal'),
      usage: fc.tuple(count, count),
    })
    .map(({ content, stop, usage }) => ({
      id: 'msg_arb',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: content.map((block, i) => (block.type === 'tool_use' ? { ...block, id: `toolu_${i + 1}` } : block)),
      // `tool_use` ends a turn that calls a client tool, and no other.
      stop_reason: stop === 'tool_use' && !content.some((block) => block.type === 'tool_use') ? 'end_turn' : stop,
      stop_sequence: null,
      usage: { input_tokens: usage[0], output_tokens: usage[1] },
    }));
}
