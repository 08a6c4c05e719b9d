// A Responses `response` object that holds a format-neutral answer: how a relay writes an answer it read from another
// format as the Responses API. The inverse of this folder's answer reading, for what a response can carry.
import type { Answer, AnswerChoice, AnswerToolCall, AnswerUsage, FinishClass } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

/** The status (and `incomplete_details.reason`) for each finish class; a refusal is a `refusal` part in a completed response. */
const STATUS: Record<FinishClass, { status: string; reason?: string }> = {
  stop: { status: 'completed' },
  length: { status: 'incomplete', reason: 'max_output_tokens' },
  tool_use: { status: 'completed' },
  content_filter: { status: 'incomplete', reason: 'content_filter' },
  refusal: { status: 'completed' },
  pause: { status: 'completed' },
  error: { status: 'failed' },
  unknown: { status: 'completed' },
};

/** The response holding `answer`'s first choice (a response has one); `base` (a Responses response) lends id, created_at and model. */
export function responsesResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const choice = answer.choices[0];
  const { status, reason } = STATUS[choice?.finish.class ?? 'unknown'];
  const response: Json = {
    id: top.id ?? 'resp_relay',
    object: 'response',
    created_at: top.created_at ?? 0,
    status,
    model: top.model ?? 'relay',
    output: choice ? outputOf(choice, status === 'incomplete' ? 'incomplete' : 'completed') : [],
    usage: answer.usage ? usageOf(answer.usage) : null,
  };
  if (reason !== undefined) response.incomplete_details = { reason };
  if (status === 'failed') response.error = { code: answer.error?.type ?? 'server_error', message: answer.error?.message ?? 'The response failed.' };
  return response;
}

function outputOf(choice: AnswerChoice, itemStatus: string): Json[] {
  const output: Json[] = [];
  if (choice.reasoning !== '' || choice.encryptedReasoning.length > 0) {
    const item: Json = { id: 'rs_relay', type: 'reasoning', summary: choice.reasoning === '' ? [] : [{ type: 'summary_text', text: choice.reasoning }] };
    if (choice.encryptedReasoning.length > 0) item.encrypted_content = choice.encryptedReasoning.join('');
    output.push(item);
  }
  const content: Json[] = [];
  if (choice.text !== '') content.push({ type: 'output_text', text: choice.text, annotations: [] });
  if (choice.refusal !== '') content.push({ type: 'refusal', refusal: choice.refusal });
  if (content.length > 0) output.push({ id: 'msg_relay', type: 'message', status: itemStatus, role: 'assistant', content });
  choice.toolCalls.forEach((call, n) => {
    const item = callItem(call, n);
    if (item !== null) output.push(item);
  });
  return output;
}

/** The built-in tools OpenAI runs itself, by item type: a server call is written only as one of them. */
const SERVER_ITEMS: ReadonlySet<string> = new Set(['web_search_call', 'file_search_call', 'code_interpreter_call', 'image_generation_call', 'mcp_call']);

function callItem(call: AnswerToolCall, n: number): Json | null {
  const callId = call.id ?? `call_${n + 1}`;
  if (call.kind === 'server') {
    if (!SERVER_ITEMS.has(call.name)) return null;
    return { ...(isObject(call.input) ? call.input : {}), id: call.id ?? `srv_relay_${n + 1}`, type: call.name, status: 'completed' };
  }
  if (call.kind === 'custom') return { id: `ctc_relay_${n + 1}`, type: 'custom_tool_call', status: 'completed', call_id: callId, name: call.name, input: call.arguments };
  return { id: `fc_relay_${n + 1}`, type: 'function_call', status: 'completed', call_id: callId, name: call.name, arguments: call.arguments };
}

/** `input_tokens` counts cached tokens, as `input` does; `output_tokens` counts reasoning, as `output` does. */
function usageOf(usage: AnswerUsage): Json {
  const out: Json = { input_tokens: usage.input ?? 0 };
  if (usage.cacheRead !== null) out.input_tokens_details = { cached_tokens: usage.cacheRead };
  out.output_tokens = usage.output ?? 0;
  if (usage.reasoning !== null) out.output_tokens_details = { reasoning_tokens: usage.reasoning };
  out.total_tokens = usage.total ?? (usage.input ?? 0) + (usage.output ?? 0);
  return out;
}
