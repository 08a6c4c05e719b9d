// Random Chat Completions responses (for fast-check), in the format's own shape; src/arbitraries hands fast-check in.
import { arbitraryParts, ids, type FastCheckModule, type Json, type JsonArbitrary } from '../arbitrary-parts.js';

/** Non-streamed Chat Completions responses. */
export function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, name, args, count } = arbitraryParts(fc);
  return fc
    .record({
      content: fc.option(text, { nil: null }),
      reasoning: fc.option(text, { nil: undefined }),
      refusal: fc.option(text, { nil: null }),
      calls: fc.array(fc.tuple(name, args), { maxLength: 3 }),
      finish: fc.constantFrom('end', 'length', 'content_filter'),
      usage: fc.option(fc.tuple(count, count), { nil: undefined }),
    })
    .map(({ content, reasoning, refusal, calls, finish, usage }) => {
      const message: Json = { role: 'assistant', content, refusal };
      if (reasoning !== undefined) message.reasoning_content = reasoning;
      if (calls.length > 0) {
        message.tool_calls = calls.map(([fn, input], i) => ({ id: ids('call_', calls.length)[i], type: 'function', function: { name: fn, arguments: JSON.stringify(input) } }));
      }
      // A turn that ends on its own ends with `tool_calls` exactly when it has calls (else it is `finish mismatch`).
      const reason = finish === 'end' ? (calls.length > 0 ? 'tool_calls' : 'stop') : finish;
      const response: Json = { id: 'chatcmpl-arb', object: 'chat.completion', created: 1764500000, model: 'gpt-4o-mini', choices: [{ index: 0, message, logprobs: null, finish_reason: reason }] };
      // An answer with nothing in it counts no more than an empty turn's few tokens.
      const empty = content === null && reasoning === undefined && refusal === null && calls.length === 0;
      const completion = usage && empty ? Math.min(usage[1], 3) : usage?.[1];
      if (usage && completion !== undefined) response.usage = { prompt_tokens: usage[0], completion_tokens: completion, total_tokens: usage[0] + completion };
      return response;
    });
}
