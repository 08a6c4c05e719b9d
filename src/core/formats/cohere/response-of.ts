// A Cohere v2 chat response that holds a format-neutral answer: how a relay writes an answer it read from another
// format as Cohere v2. The inverse of this folder's answer reading, for what a v2 response can carry.
import type { Answer, AnswerChoice, AnswerUsage, FinishClass } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

/** The `finish_reason` for each finish class. Cohere has no filter or refusal reason: those end as `COMPLETE`. */
const FINISH_REASON: Record<FinishClass, string | null> = {
  stop: 'COMPLETE',
  length: 'MAX_TOKENS',
  tool_use: 'TOOL_CALL',
  content_filter: 'COMPLETE',
  refusal: 'COMPLETE',
  pause: 'COMPLETE',
  error: 'ERROR',
  unknown: null,
};

/** The response holding `answer`'s first choice; `base` (a Cohere response) lends its id. Reasoning goes in a thinking block. */
export function cohereResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const choice = answer.choices[0];
  const response: Json = { id: top.id ?? 'relay', finish_reason: choice ? FINISH_REASON[choice.finish.class] : null, message: choice ? messageOf(choice) : { role: 'assistant' } };
  if (answer.usage) response.usage = usageOf(answer.usage);
  return response;
}

function messageOf(choice: AnswerChoice): Json {
  const content: Json[] = [];
  if (choice.reasoning !== '') content.push({ type: 'thinking', thinking: choice.reasoning });
  if (choice.text !== '' || choice.refusal !== '') content.push({ type: 'text', text: choice.text !== '' ? choice.text : choice.refusal });
  const message: Json = { role: 'assistant' };
  // A v2 tool call is a function the caller runs: free-text (custom) tools and tools the provider ran are not carried.
  const calls = choice.toolCalls.filter((call) => call.kind === 'function');
  if (calls.length > 0) {
    message.tool_calls = calls.map((call, n) => ({
      id: call.id ?? `call_relay_${n + 1}`,
      type: 'function',
      function: { name: call.name, arguments: call.input !== undefined ? (JSON.stringify(call.input) ?? '{}') : call.arguments },
    }));
  }
  if (content.length > 0) message.content = content;
  return message;
}

/** Only the token pair can be written from shared counts: what was billed is not known. */
function usageOf(usage: AnswerUsage): Json {
  const out: Json = { tokens: { input_tokens: usage.input ?? 0, output_tokens: usage.output ?? 0 } };
  if (usage.cacheRead !== null) out.cached_tokens = usage.cacheRead;
  return out;
}
