// The UIMessage that holds a format-neutral answer: how a relay writes an answer it read from another format as an
// AI SDK UI message stream. One step: reasoning, text, then each tool call with its input available.
import type { Answer, FinishClass } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

/** The `finishReason` for each finish class (a refusal is a stop the model chose; a pause has no name here). */
const FINISH_REASON: Record<FinishClass, string | null> = {
  stop: 'stop',
  length: 'length',
  tool_use: 'tool-calls',
  content_filter: 'content-filter',
  refusal: 'stop',
  pause: 'other',
  error: 'error',
  unknown: null,
};

/**
 * The message holding `answer`'s first choice, with the `finish` part's reason beside its parts; `base` (a message
 * of this format) lends its id. A refusal's text is written as text (the stream has no refusal part); usage is not
 * carried (the stream has none).
 */
export function uiMessageResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const choice = answer.choices[0];
  const parts: Json[] = [{ type: 'step-start' }];
  if (choice !== undefined) {
    if (choice.reasoning !== '') parts.push({ type: 'reasoning', text: choice.reasoning, state: 'done' });
    const text = choice.text !== '' ? choice.text : choice.refusal;
    if (text !== '') parts.push({ type: 'text', text, state: 'done' });
    choice.toolCalls.forEach((call, n) => {
      const part: Json = { type: `tool-${call.name}`, toolCallId: call.id ?? `call_relay_${n + 1}`, state: 'input-available', input: call.input ?? {} };
      if (call.kind === 'server') part.providerExecuted = true;
      parts.push(part);
    });
  }
  return { id: typeof top.id === 'string' ? top.id : 'msg_relay', role: 'assistant', parts, finishReason: choice ? FINISH_REASON[choice.finish.class] : null };
}
