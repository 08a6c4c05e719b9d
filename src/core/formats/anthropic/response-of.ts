// An Anthropic Message that holds a format-neutral answer: how a relay writes an answer it read from another format
// as Anthropic Messages. The inverse of this folder's answer reading, for what a Message can carry.
import type { Answer, AnswerChoice, AnswerToolCall, AnswerUsage, FinishClass } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

/** The `stop_reason` for each finish class. A content filter's stop is Anthropic's `refusal` (its safety classifiers). */
const STOP_REASON: Record<FinishClass, string | null> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_use: 'tool_use',
  content_filter: 'refusal',
  refusal: 'refusal',
  pause: 'pause_turn',
  error: null,
  unknown: null,
};

/**
 * The Message holding `answer`'s first choice (a Message has one); `base` (an Anthropic Message) lends its id and
 * model. A Message has no refusal text: the refusal is its stop reason.
 */
export function anthropicResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const choice = answer.choices[0];
  const response: Json = {
    id: top.id ?? 'msg_relay',
    type: 'message',
    role: 'assistant',
    model: top.model ?? 'relay',
    content: choice ? blocksOf(choice) : [],
    stop_reason: choice ? STOP_REASON[choice.finish.class] : null,
    stop_sequence: null,
  };
  if (answer.usage) response.usage = usageOf(answer.usage);
  return response;
}

function blocksOf(choice: AnswerChoice): Json[] {
  const blocks: Json[] = [];
  // One thinking block per signature (a Message signs each block); the reasoning text goes in the first.
  if (choice.reasoning !== '' || choice.signatures.length > 0) {
    const signatures = choice.signatures.length > 0 ? choice.signatures : [''];
    signatures.forEach((signature, n) => blocks.push({ type: 'thinking', thinking: n === 0 ? choice.reasoning : '', signature }));
  }
  for (const data of choice.encryptedReasoning) blocks.push({ type: 'redacted_thinking', data });
  if (choice.text !== '') blocks.push({ type: 'text', text: choice.text });
  // A free-text (custom) tool's input is no JSON object: a Message cannot carry it.
  choice.toolCalls.forEach((call, n) => {
    if (call.kind !== 'custom') blocks.push(toolBlock(call, n));
  });
  return blocks;
}

function toolBlock(call: AnswerToolCall, n: number): Json {
  const input = isObject(call.input) ? call.input : {};
  const type = call.kind === 'server' ? 'server_tool_use' : 'tool_use';
  return { type, id: call.id ?? `toolu_relay_${n + 1}`, name: call.name, input };
}

/** `input_tokens` leaves out cache reads and writes, which the neutral `input` counts: take them off. */
function usageOf(usage: AnswerUsage): Json {
  const cached = (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0);
  const out: Json = { input_tokens: Math.max(0, (usage.input ?? 0) - cached) };
  if (usage.cacheWrite !== null) out.cache_creation_input_tokens = usage.cacheWrite;
  if (usage.cacheRead !== null) out.cache_read_input_tokens = usage.cacheRead;
  out.output_tokens = usage.output ?? 0;
  return out;
}
