// The non-streamed `V2ChatResponse` a finished Cohere stream stands for, and the choice read from it.
import type { Choice, ToolCall } from '../../model.js';
import type { Json } from '../json-shape.js';
import type { CallState, CitationState, ContentState } from './content-state.js';

/** What the stream said of the message as a whole. */
export interface MessageFacts {
  id: string | null;
  finishReason: string | null;
  toolPlan: string | null;
  usage: Json | null;
}

/** The one choice: text blocks joined; thinking blocks then the tool plan as reasoning. */
export function choiceOf(contents: readonly ContentState[], facts: MessageFacts, toolCalls: ToolCall[]): Omit<Choice, 'finishMeaning'> {
  let text = '';
  let reasoning: string | undefined;
  for (const state of contents) {
    if (state.type === 'text') text += state.text.text;
    else if (state.type === 'thinking') reasoning = (reasoning ?? '') + state.text.text;
  }
  if (facts.toolPlan !== null && facts.toolPlan !== '') reasoning = (reasoning ?? '') + facts.toolPlan;
  return { index: 0, text, ...(reasoning !== undefined ? { reasoning } : {}), toolCalls, finishReason: facts.finishReason };
}

export function toolCallOf(state: CallState): ToolCall {
  const call: ToolCall = { index: state.index, id: state.id, name: state.name, arguments: state.args.text };
  if (state.input.kind === 'parsed') call.input = state.input.value;
  return call;
}

/** The response as `POST /v2/chat` without streaming returns it: only the message fields the stream carried. */
export function responseOf(contents: readonly ContentState[], calls: readonly CallState[], citations: readonly CitationState[], facts: MessageFacts): Json {
  const message: Json = { role: 'assistant' };
  if (facts.toolPlan !== null) message.tool_plan = facts.toolPlan;
  if (calls.length > 0) message.tool_calls = calls.map(responseCall);
  if (contents.length > 0) message.content = contents.map(responseContent);
  if (citations.length > 0) message.citations = citations.map((state) => state.citation);
  const response: Json = { id: facts.id, finish_reason: facts.finishReason, message };
  if (facts.usage !== null) response.usage = facts.usage;
  return response;
}

function responseContent(state: ContentState): Json {
  if (state.type === 'thinking') return { type: 'thinking', thinking: state.text.text };
  if (state.type === 'text') return { type: 'text', text: state.text.text };
  return { type: state.type, text: state.text.text };
}

function responseCall(state: CallState): Json {
  const fn = typeof state.call.function === 'object' && state.call.function !== null ? (state.call.function as Json) : {};
  return { ...state.call, function: { ...fn, arguments: state.args.text } };
}
