// Non-streamed responses per format, drawn at random in each format's own shape.
import * as fc from 'fast-check';
import type { FormatName } from '../core/index.js';

type Json = Record<string, unknown>;

const text = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
);
const name = fc.constantFrom('get_weather', 'search', 'lookup_order', 'send_email', 'run_sql');
/** Tool arguments as JSON objects (round-tripped through JSON, so -0 and the like are what a wire carries). */
const args = fc
  .dictionary(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Json);
const count = fc.integer({ min: 0, max: 5000 });

function ids(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
}

const chat = fc
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

const anthropicBlock = fc.oneof(
  text.map((value) => ({ type: 'text', text: value })),
  fc.tuple(text, fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 })).map(([thinking, signature]) => ({ type: 'thinking', thinking, signature })),
  fc.tuple(name, args).map(([tool, input]) => ({ type: 'tool_use', id: '', name: tool, input })),
);

const anthropic = fc
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

const responsesItem = fc.oneof(
  text.map((value) => ({ type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: value, annotations: [] }] })),
  text.map((value) => ({ type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'refusal', refusal: value }] })),
  fc.tuple(name, args).map(([tool, input]) => ({ type: 'function_call', status: 'completed', call_id: '', name: tool, arguments: JSON.stringify(input) })),
  text.map((value) => ({ type: 'reasoning', summary: [{ type: 'summary_text', text: value }] })),
);

const responses = fc
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

const geminiPart = fc.oneof(
  text.map((value) => ({ text: value })),
  text.map((value) => ({ text: value, thought: true })),
  fc.tuple(name, args).map(([fn, input]) => ({ functionCall: { name: fn, args: input } })),
);

/** Gemini clients join adjacent text parts of the same kind, so a response never holds two in a row. */
function joinTexts(parts: Json[]): Json[] {
  const joined: Json[] = [];
  for (const part of parts) {
    const last = joined[joined.length - 1];
    if (last && typeof last.text === 'string' && typeof part.text === 'string' && last.thought === part.thought) joined[joined.length - 1] = { ...last, text: last.text + part.text };
    else joined.push(part);
  }
  return joined;
}

const gemini = fc
  .record({
    parts: fc.array(geminiPart, { minLength: 1, maxLength: 4 }),
    finish: fc.constantFrom('STOP', 'MAX_TOKENS', 'SAFETY', 'RECITATION'),
    usage: fc.option(fc.tuple(count, count), { nil: undefined }),
  })
  .map(({ parts, finish, usage }) => {
    const response: Json = { candidates: [{ content: { parts: joinTexts(parts), role: 'model' }, finishReason: finish, index: 0 }] };
    if (usage) response.usageMetadata = { promptTokenCount: usage[0], candidatesTokenCount: usage[1], totalTokenCount: usage[0] + usage[1] };
    response.modelVersion = 'gemini-2.5-flash';
    return response;
  });

const step = fc.tuple(fc.constantFrom('lookup_order', 'refund', 'search'), args, fc.boolean(), args);

const behaviorRun = fc
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

export const RESPONSE_ARBITRARIES: Record<FormatName, fc.Arbitrary<Json>> = {
  'chat-completions': chat,
  anthropic,
  responses,
  gemini,
  'behavior-run': behaviorRun,
};
