// An Ollama `/api/chat` response that holds a format-neutral answer: how a relay writes an answer it read from
// another format as Ollama. Ollama carries text, thinking and whole tool calls; it has no refusal or filter reason.
import type { Answer, FinishClass } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

/** `done_reason` for each finish class: Ollama knows only `stop` and `length` (a tool-call turn says `stop`). */
const DONE_REASON: Record<FinishClass, string | null> = {
  stop: 'stop',
  length: 'length',
  tool_use: 'stop',
  content_filter: 'stop',
  refusal: 'stop',
  pause: 'stop',
  error: null,
  unknown: null,
};

/** The response holding the first choice of `answer`; `base` (an Ollama response) lends its model and time. */
export function ollamaResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const choice = answer.choices[0];
  const message: Json = { role: 'assistant', content: choice?.text ?? '' };
  if (choice !== undefined && choice.reasoning !== '') message.thinking = choice.reasoning;
  const calls = (choice?.toolCalls ?? []).filter((call) => call.kind === 'function');
  if (calls.length > 0) message.tool_calls = calls.map((call, index) => ({ ...(call.id !== null ? { id: call.id } : {}), function: { index, name: call.name, arguments: isObject(call.input) ? call.input : {} } }));
  const response: Json = { model: top.model ?? 'relay', created_at: top.created_at ?? '2026-12-02T04:00:00.000000Z', message, done: true };
  const reason = choice === undefined ? null : DONE_REASON[choice.finish.class];
  if (reason !== null) response.done_reason = reason;
  if (answer.usage !== null) {
    if (answer.usage.input !== null) response.prompt_eval_count = answer.usage.input;
    if (answer.usage.output !== null) response.eval_count = answer.usage.output;
  }
  return response;
}
