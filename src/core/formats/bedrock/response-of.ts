// A Converse response that holds a format-neutral answer: how a relay writes an answer it read from another format
// as Bedrock Converse. The inverse of answer.ts, for what a Converse message can carry.
import type { Answer, AnswerChoice, AnswerUsage, FinishClass } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

/** The `stopReason` for each finish class. */
const STOP_REASON: Record<FinishClass, string | null> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_use: 'tool_use',
  content_filter: 'content_filtered',
  refusal: 'content_filtered',
  pause: 'end_turn',
  error: null,
  unknown: null,
};

function contentOf(choice: AnswerChoice): Json[] {
  const content: Json[] = [];
  if (choice.reasoning !== '' || choice.signatures.length > 0) {
    const signature = choice.signatures[0];
    content.push({ reasoningContent: { reasoningText: { text: choice.reasoning, ...(signature !== undefined ? { signature } : {}) } } });
  }
  for (const redacted of choice.encryptedReasoning) content.push({ reasoningContent: { redactedContent: redacted } });
  if (choice.text !== '') content.push({ text: choice.text });
  choice.toolCalls.forEach((call, n) => {
    // A Converse `toolUse` is a call for the client to run: a tool the provider ran has no place in it.
    if (call.kind !== 'function') return;
    content.push({ toolUse: { toolUseId: call.id ?? `tooluse_relay_${n + 1}`, name: call.name, input: isObject(call.input) ? call.input : {} } });
  });
  return content;
}

/** `inputTokens` leaves out the cache counts, which the neutral `input` has: take them off. */
function usageOf(usage: AnswerUsage): Json {
  const cached = (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0);
  const input = Math.max(0, (usage.input ?? 0) - cached);
  const output = usage.output ?? 0;
  const out: Json = { inputTokens: input, outputTokens: output, totalTokens: usage.total ?? input + cached + output };
  if (usage.cacheRead !== null) out.cacheReadInputTokens = usage.cacheRead;
  if (usage.cacheWrite !== null) out.cacheWriteInputTokens = usage.cacheWrite;
  return out;
}

/** The Converse response holding `answer`'s first choice; `base` (a Converse response) lends its metrics. */
export function bedrockResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const choice = answer.choices[0];
  const response: Json = {
    output: { message: { role: 'assistant', content: choice ? contentOf(choice) : [] } },
    stopReason: choice ? STOP_REASON[choice.finish.class] : null,
  };
  if (answer.usage) response.usage = usageOf(answer.usage);
  response.metrics = isObject(top.metrics) ? top.metrics : { latencyMs: 0 };
  return response;
}
