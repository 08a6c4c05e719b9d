// A run's response object (response.ts) that holds a format-neutral answer: how a relay writes an answer it read
// from another format as AG-UI. A run carries text, reasoning, tool calls and usage; it has no length, filter or
// refusal ending (those become a success), and a call the provider ran itself is answered by an empty tool message
// so it reads back as run by the agent.
import type { Answer, AnswerUsage } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

function usageOf(usage: AnswerUsage): Json[] {
  const entry: Json = {};
  const fields: Array<[string, number | null]> = [
    ['inputTokens', usage.input],
    ['outputTokens', usage.output],
    ['totalTokens', usage.total ?? (usage.input !== null && usage.output !== null ? usage.input + usage.output : null)],
    ['reasoningTokens', usage.reasoning],
    ['cachedInputTokens', usage.cacheRead],
    ['cacheWriteInputTokens', usage.cacheWrite],
  ];
  for (const [field, count] of fields) if (count !== null) entry[field] = count;
  return [entry];
}

/** The run holding `answer`'s first choice; `base` (a run's response object) lends its threadId and runId. */
export function agUiResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const choice = answer.choices[0];
  const messages: Json[] = [];
  if (choice && (choice.reasoning !== '' || choice.encryptedReasoning.length > 0)) {
    messages.push({ id: 'reasoning_relay', role: 'reasoning', content: choice.reasoning, ...(choice.encryptedReasoning[0] !== undefined ? { encryptedValue: choice.encryptedReasoning[0] } : {}) });
  }
  const calls = (choice?.toolCalls ?? []).map((call, n) => ({ id: call.id ?? `call_relay_${n + 1}`, type: 'function', function: { name: call.name, arguments: call.arguments }, server: call.kind === 'server' }));
  const assistant: Json = { id: 'msg_relay', role: 'assistant' };
  if ((choice?.text ?? '') !== '' || calls.length === 0) assistant.content = choice?.text ?? '';
  if (calls.length > 0) assistant.toolCalls = calls.map(({ server: _server, ...call }) => call);
  messages.push(assistant);
  for (const call of calls) if (call.server) messages.push({ id: `result_${call.id}`, role: 'tool', toolCallId: call.id, content: '' });
  const failed = choice?.finish.class === 'error' || answer.error !== null;
  const response: Json = { threadId: top.threadId ?? 'thread_relay', runId: top.runId ?? 'run_relay', status: failed ? 'error' : 'finished', messages };
  if (!failed && choice?.finish.class === 'pause') response.outcome = { type: 'interrupt', interrupts: [{ id: 'interrupt_relay', reason: 'pause' }] };
  if (answer.usage) response.usage = usageOf(answer.usage);
  if (failed) response.error = { message: answer.error?.message ?? 'The agent run failed.', ...(answer.error?.type ? { code: answer.error.type } : {}) };
  return response;
}
