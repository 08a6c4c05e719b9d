// The non-streamed Message a finished stream stands for, and the choice and tool calls read from it.
import type { Choice, ToolCall } from '../../model.js';
import type { Json } from '../json-shape.js';
import { type BlockState, jsonOf } from './block-state.js';
import { TOOL_INPUT_BLOCKS } from './block-types.js';

/** The one choice of a Message: its text blocks joined, its thinking as reasoning. Blocks are settled. */
export function choiceOf(states: readonly BlockState[], message: Json | null, toolCalls: ToolCall[]): Omit<Choice, 'finishMeaning'> {
  let text = '';
  let reasoning: string | undefined;
  for (const { type, block } of states) {
    if (type === 'text' && typeof block.text === 'string') text += block.text;
    if (type === 'thinking') reasoning = (reasoning ?? '') + (typeof block.thinking === 'string' ? block.thinking : '');
  }
  const stopReason = message?.stop_reason;
  return {
    index: 0,
    text,
    ...(reasoning !== undefined ? { reasoning } : {}),
    toolCalls,
    finishReason: typeof stopReason === 'string' ? stopReason : null,
  };
}

export function toolCallOf(state: BlockState): ToolCall {
  const { block, input } = state;
  const json = jsonOf(state);
  const call: ToolCall = {
    index: state.index,
    id: typeof block.id === 'string' ? block.id : null,
    name: typeof block.name === 'string' ? block.name : '',
    arguments: json ?? '',
  };
  if (input.kind === 'parsed') {
    call.input = input.value;
    if (!json) call.arguments = JSON.stringify(input.value) ?? '';
  }
  return call;
}

/** The Message as the non-streamed API returns it. Blocks are settled. */
export function responseOf(states: readonly BlockState[], message: Json | null, usage: Json | null): Json {
  const response: Json = { type: 'message', role: 'assistant', ...message };
  response.content = states.map(responseBlock);
  if (usage !== null) response.usage = { ...usage };
  return response;
}

/** The block as the non-streamed API returns it: tool input parsed, or left out when it never became JSON. */
function responseBlock(state: BlockState): Json {
  if (!TOOL_INPUT_BLOCKS.has(state.type)) return state.block;
  const block = { ...state.block };
  if (state.input.kind === 'parsed') block.input = state.input.value;
  else delete block.input;
  return block;
}
