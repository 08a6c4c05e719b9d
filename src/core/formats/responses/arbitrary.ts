// Random Responses responses (for fast-check), in the format's own shape; src/arbitraries hands fast-check in.
import { arbitraryParts, type FastCheckModule, type Json, type JsonArbitrary } from '../arbitrary-parts.js';

/** Non-streamed Responses responses. */
export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, name, args, count } = arbitraryParts(fc);
  const responsesItem = fc.oneof(
    text.map((value) => ({ type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: value, annotations: [] }] })),
    text.map((value) => ({ type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'refusal', refusal: value }] })),
    fc.tuple(name, args).map(([tool, input]) => ({ type: 'function_call', status: 'completed', call_id: '', name: tool, arguments: JSON.stringify(input) })),
    text.map((value) => ({ type: 'reasoning', summary: [{ type: 'summary_text', text: value }] })),
  );
  return fc
    .record({
      output: fc.array(responsesItem, { minLength: 1, maxLength: 4 }),
      incomplete: fc.option(fc.constantFrom('max_output_tokens', 'content_filter'), { nil: undefined }),
      usage: fc.tuple(count, count),
    })
    .map(({ output, incomplete, usage }) => {
      const items = output.map((item, i) => {
        const id = `${item.type === 'message' ? 'msg' : item.type === 'function_call' ? 'fc' : 'rs'}_${i + 1}`;
        return item.type === 'function_call' ? { id, ...item, call_id: `call_${i + 1}` } : { id, ...item };
      });
      const response: Json = { id: 'resp_arb', object: 'response', created_at: 1764500000, status: incomplete ? 'incomplete' : 'completed', model: 'gpt-4.1-mini', output: items };
      response.usage = { input_tokens: usage[0], output_tokens: usage[1], total_tokens: usage[0] + usage[1] };
      if (incomplete) response.incomplete_details = { reason: incomplete };
      return response;
    });
}
