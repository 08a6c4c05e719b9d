// Random Behavior Run responses (for fast-check), in the format's own shape; src/arbitraries hands fast-check in.
import { arbitraryParts, type FastCheckModule, type JsonArbitrary } from '../arbitrary-parts.js';

/** Non-streamed Behavior Run responses. */
export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, args, count } = arbitraryParts(fc);
  const step = fc.tuple(fc.constantFrom('lookup_order', 'refund', 'search'), args, fc.boolean(), args);
  return fc
    .record({ output: text, steps: fc.array(step, { maxLength: 3 }), usage: fc.tuple(count, count) })
    .map(({ output, steps, usage }) => ({
      object: 'behavior.run',
      id: 'run_arb',
      behavior: 'refund-helper',
      version: 7,
      created: 1764500000,
      status: 'completed',
      output_text: output,
      steps: steps.map(([tool, input, failed, result], i) =>
        failed
          ? { step: i + 1, tool, status: 'failed', input, error: { message: 'the tool failed', code: 'tool_error' } }
          : { step: i + 1, tool, status: 'completed', input, output: result },
      ),
      usage: { inputTokens: usage[0], outputTokens: usage[1], totalTokens: usage[0] + usage[1] },
      error: null,
    }));
}
