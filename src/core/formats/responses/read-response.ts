// The answer a response object holds: text, refusal, reasoning and tool calls, its status and usage.
import type { FindingList } from '../../findings.js';
import { MAX_NESTING, parseJson } from '../../json-depth.js';
import type { Choice, FinishOutcome, FrameRecord, ToolCall } from '../../model.js';
import { checkFinishReason } from '../finish-check.js';
import { RESPONSES_FINISH_REASONS } from './finish-reasons.js';
import { partText } from './items.js';
import { type Json, isObject, stringOf } from './shapes.js';

export interface Answer {
  choices: Omit<Choice, 'finishMeaning'>[];
  usage: Record<string, unknown> | null;
  finishClass?: FinishOutcome;
}

/** Reads the one choice a Responses answer has from its response object. */
export function answerOf(response: unknown, terminalType: string | null, findings: FindingList, terminal: FrameRecord | null): Answer {
  if (!isObject(response)) return { choices: [], usage: null };
  const output = Array.isArray(response.output) ? response.output.filter(isObject) : [];
  const finishReason = finishReasonOf(response, terminalType);
  const choice: Omit<Choice, 'finishMeaning'> = {
    index: 0,
    text: textOf(output, 'message', 'output_text'),
    toolCalls: toolCallsOf(output, findings, terminal),
    finishReason,
  };
  if (output.some((item) => item.type === 'message' && partsOf(item, 'content').some((part) => part.type === 'refusal'))) {
    choice.refusal = textOf(output, 'message', 'refusal');
  }
  const reasoning = reasoningOf(output);
  if (reasoning) choice.reasoning = reasoning;
  const answer: Answer = { choices: [choice], usage: isObject(response.usage) ? response.usage : null };
  // A status or incomplete reason outside the table is a finding; an incomplete one is still a partial answer.
  if (finishReason !== null && terminal !== null) checkFinishReason(findings, RESPONSES_FINISH_REASONS, finishReason, terminal, 'status (with incomplete_details.reason)', '');
  if (finishReason?.startsWith('incomplete') && finishReason !== 'incomplete:content_filter') answer.finishClass = 'length_limit';
  return answer;
}

/** The status, with the reason when incomplete: `completed`, `incomplete:max_output_tokens`, `in_progress`. */
function finishReasonOf(response: Json, terminalType: string | null): string | null {
  const fromType = terminalType === null ? 'in_progress' : terminalType.slice('response.'.length);
  const status = stringOf(response.status) ?? fromType;
  if (status !== 'incomplete') return status;
  const reason = isObject(response.incomplete_details) ? stringOf(response.incomplete_details.reason) : null;
  return reason === null ? 'incomplete' : `incomplete:${reason}`;
}

function partsOf(item: Json, field: 'content' | 'summary'): Json[] {
  const parts = item[field];
  return Array.isArray(parts) ? parts.filter(isObject) : [];
}

function textOf(output: Json[], itemType: string, partType: string): string {
  let text = '';
  for (const item of output) {
    if (item.type !== itemType) continue;
    for (const part of partsOf(item, 'content')) if (part.type === partType) text += partText(part) ?? '';
  }
  return text;
}

/** Reasoning summaries, and raw reasoning text where a provider streams it, one paragraph per part. */
function reasoningOf(output: Json[]): string {
  const pieces: string[] = [];
  for (const item of output) {
    if (item.type !== 'reasoning') continue;
    for (const part of partsOf(item, 'summary')) pieces.push(stringOf(part.text) ?? '');
    for (const part of partsOf(item, 'content')) if (part.type === 'reasoning_text') pieces.push(stringOf(part.text) ?? '');
  }
  return pieces.filter((piece) => piece !== '').join('\n\n');
}

/**
 * An output item the caller must answer, as a tool call: a `function_call` (JSON arguments), a `custom_tool_call`
 * (free-form `input`, not JSON) and a `tool_search_call` the client runs (`execution: "client"`, object arguments).
 * Null for every other item: built-in tools run at OpenAI.
 */
function callOf(item: Json, index: number): { call: ToolCall; json: boolean } | null {
  const id = stringOf(item.call_id) ?? null;
  switch (item.type) {
    case 'function_call':
      return { call: { index, id, name: stringOf(item.name) ?? '', arguments: stringOf(item.arguments) ?? '' }, json: true };
    case 'custom_tool_call':
      return { call: { index, id, name: stringOf(item.name) ?? '', arguments: stringOf(item.input) ?? '' }, json: false };
    case 'tool_search_call': {
      if (item.execution !== 'client') return null;
      const args = item.arguments;
      const text = typeof args === 'string' ? args : (JSON.stringify(args ?? {}) ?? '');
      return { call: { index, id, name: 'tool_search', arguments: text }, json: true };
    }
    default:
      return null;
  }
}

type Report = (code: 'tool call incomplete' | 'too deep' | 'arguments not json', message: string) => void;

function toolCallsOf(output: Json[], findings: FindingList, terminal: FrameRecord | null): ToolCall[] {
  const calls: ToolCall[] = [];
  const report: Report = (code, message) => findings.add(code, message, terminal?.line ?? 0, terminal ? 1 : 0, terminal?.index);
  let seen = 0;
  for (const item of output) {
    const made = callOf(item, seen);
    if (made === null) continue;
    seen += 1;
    const { call, json } = made;
    if (!call.id || call.name === '') {
      // Nobody can answer a call without its call_id and name: it is not part of the answer.
      const what = item.type === 'function_call' ? 'Function call' : String(item.type);
      const held = `its ${json ? 'arguments were' : 'input was'} ${JSON.stringify(call.arguments.slice(0, 80))}`;
      report('tool call incomplete', `${what} ${call.index} has no ${!call.id ? 'call_id' : 'name'}, so it cannot be answered and is left out of the tool calls; ${held}. Send call_id and name in response.output_item.added.`);
      continue;
    }
    if (json) parseArguments(call, report);
    calls.push(call);
  }
  return calls;
}

/** Sets `input` when the arguments parse; names them when they do not. */
function parseArguments(call: ToolCall, report: Report): void {
  try {
    call.input = parseJson(call.arguments);
  } catch (error) {
    const shown = JSON.stringify(call.arguments.slice(0, 80));
    if (error instanceof RangeError) {
      report('too deep', `Tool call ${call.index} (${call.name}, ${call.id ?? 'no call_id'}) has arguments nested more than ${MAX_NESTING} levels deep: ${shown}. They are shown as text, without \`input\`.`);
    } else {
      report('arguments not json', `Tool call ${call.index} (${call.name}, ${call.id ?? 'no call_id'}) has arguments that do not parse as JSON: ${shown}. They are shown as they are; validate before calling the tool.`);
    }
  }
}
