// The `chat.completion` object a stream stands for: what the same request would have answered without `stream`.
import { setOwn } from '../../own-copy.js';
import type { Json } from '../json-shape.js';
import type { ChoiceState, FinishedCall } from './state.js';

/** The top-level fields in the order the non-streamed response has them, then the fields only the chunks had. */
export function completionOf(top: Json, topExtras: Json, choices: Json[], usage: Json | null): Json {
  const response: Json = {};
  if (top.id !== undefined) response.id = top.id;
  response.object = 'chat.completion';
  if (top.created !== undefined) response.created = top.created;
  if (top.model !== undefined) response.model = top.model;
  response.choices = choices;
  if (usage) response.usage = usage;
  if (top.service_tier !== undefined) response.service_tier = top.service_tier;
  if (top.system_fingerprint !== undefined) response.system_fingerprint = top.system_fingerprint;
  for (const key of Object.keys(topExtras)) setOwn(response, key, topExtras[key]);
  return response;
}

export function choiceResponse(state: ChoiceState, calls: readonly FinishedCall[]): Json {
  const response: Json = {
    index: state.index,
    message: messageOf(state, calls),
    logprobs: state.logprobs,
    finish_reason: state.finishReason,
  };
  for (const key of Object.keys(state.extras)) setOwn(response, key, state.extras[key]);
  return response;
}

function messageOf(state: ChoiceState, calls: readonly FinishedCall[]): Json {
  const message: Json = {
    role: state.role ?? 'assistant',
    content: contentOf(state),
    refusal: state.refusal === '' ? null : state.refusal,
  };
  for (const [key, text] of state.reasoningFields) message[key] = text;
  if (state.reasoningDetails.size > 0) message.reasoning_details = [...state.reasoningDetails.values()];
  if (state.annotations !== null) message.annotations = state.annotations;
  if (state.functionCall) message.function_call = { name: state.functionCall.name, arguments: state.functionCall.arguments };
  if (state.audio) message.audio = state.audio;
  if (calls.length > 0) message.tool_calls = calls.map(toolCallResponse);
  return message;
}

function contentOf(state: ChoiceState): unknown {
  if (state.contentParts) {
    return state.contentParts.map((part) =>
      part.type === 'text' ? { type: 'text', text: part.text } : { type: 'thinking', thinking: [{ type: 'text', text: part.text }] },
    );
  }
  const text = state.text.text;
  return text === '' ? null : text;
}

function toolCallResponse({ state, toolCall }: FinishedCall): Json {
  if (state.custom) return { id: state.id, type: state.type ?? 'custom', custom: { name: state.name, input: toolCall.arguments } };
  return { id: state.id, type: state.type ?? 'function', function: { name: state.name, arguments: toolCall.arguments } };
}
