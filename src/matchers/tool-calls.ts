import type { ToolCall } from '../core/index.js';
import type { Received } from './input.js';

/** Every tool call of every choice, in order. */
export function allToolCalls(received: Received): ToolCall[] {
  return received.choices.flatMap((choice) => choice.toolCalls);
}

/** A tool call as the matchers compare it: its name and its input (the parsed arguments, or the raw string). */
export function shown(call: ToolCall): { name: string; input: unknown } {
  return { name: call.name, input: 'input' in call ? call.input : call.arguments };
}

export function listCalls(calls: readonly ToolCall[]): string {
  if (calls.length === 0) return 'there are no tool calls';
  return `the tool calls are ${calls.map(callText).join(', ')}`;
}

export function callText(call: ToolCall): string {
  return `${call.name}(${call.arguments})`;
}
