// A `chat.completion` object that holds a format-neutral answer: how a relay writes an answer it read from another
// format as Chat Completions. The inverse of this folder's answer reading, for what Chat Completions can carry.
import type { Answer, AnswerChoice, AnswerUsage, FinishClass } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

/**
 * The `finish_reason` for each finish class. Chat Completions has no refusal or pause reason: a refusal is the
 * message's `refusal` text with `stop`; an error is Mistral's `error`; an unknown finish writes none.
 */
const FINISH_REASON: Record<FinishClass, string | null> = {
  stop: 'stop',
  length: 'length',
  tool_use: 'tool_calls',
  content_filter: 'content_filter',
  refusal: 'stop',
  pause: 'stop',
  error: 'error',
  unknown: null,
};

/** The `chat.completion` object holding `answer`; `base` (a Chat Completions response) lends its id, created and model. */
export function chatResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const response: Json = {
    id: top.id ?? 'chatcmpl-relay',
    object: 'chat.completion',
    created: top.created ?? 0,
    model: top.model ?? 'relay',
    choices: answer.choices.map(choiceOf),
  };
  if (answer.usage) response.usage = usageOf(answer.usage);
  return response;
}

function choiceOf(choice: AnswerChoice): Json {
  const message: Json = { role: 'assistant', content: choice.text === '' ? null : choice.text, refusal: choice.refusal === '' ? null : choice.refusal };
  const details = reasoningDetails(choice);
  if (details.length > 0) message.reasoning_details = details;
  else if (choice.reasoning !== '') message.reasoning_content = choice.reasoning;
  // A tool the provider ran itself has no place here: the client would take it for one of its own to run.
  const calls = choice.toolCalls.filter((call) => call.kind !== 'server');
  if (calls.length > 0) {
    message.tool_calls = calls.map((call, n) => {
      const id = call.id ?? `call_${n + 1}`;
      return call.kind === 'custom'
        ? { id, type: 'custom', custom: { name: call.name, input: call.arguments } }
        : { id, type: 'function', function: { name: call.name, arguments: call.arguments } };
    });
  }
  return { index: choice.index, message, logprobs: null, finish_reason: FINISH_REASON[choice.finish.class] };
}

/**
 * Signatures and encrypted reasoning have no place in OpenAI's chunks; OpenRouter carries them in
 * `reasoning_details` (`reasoning.text` with its `signature`, `reasoning.encrypted` with its `data`), so a relay that
 * keeps them writes those, the reasoning text in the first.
 */
function reasoningDetails(choice: AnswerChoice): Json[] {
  if (choice.signatures.length === 0 && choice.encryptedReasoning.length === 0) return [];
  const texts: Json[] = (choice.signatures.length > 0 ? choice.signatures : ['']).map((signature, n) => {
    const detail: Json = { type: 'reasoning.text', text: n === 0 ? choice.reasoning : '' };
    if (signature !== '') detail.signature = signature;
    return detail;
  });
  return [...texts, ...choice.encryptedReasoning.map((data) => ({ type: 'reasoning.encrypted', data }))];
}

/** `prompt_tokens` counts cached tokens too, as the neutral `input` does; cache writes have no field. */
function usageOf(usage: AnswerUsage): Json {
  const out: Json = { prompt_tokens: usage.input ?? 0, completion_tokens: usage.output ?? 0, total_tokens: usage.total ?? (usage.input ?? 0) + (usage.output ?? 0) };
  if (usage.cacheRead !== null) out.prompt_tokens_details = { cached_tokens: usage.cacheRead };
  if (usage.reasoning !== null) out.completion_tokens_details = { reasoning_tokens: usage.reasoning };
  return out;
}
