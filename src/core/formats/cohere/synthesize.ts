// The documented stream for a v2 chat response: what `POST /v2/chat` with `stream: true` sends for it, in the order
// and shapes of the recorded streams (cohere/reference.md §2–3), cut into deltas, ending with `data: [DONE]`.
import type { SynthesizeOptions } from '../../model.js';
import { SseReconstructError } from '../../library-errors.js';
import { cutPieces } from '../cut-pieces.js';
import { isObject, type Json } from '../json-shape.js';

type Cut = (text: string) => string[];

function event(payload: Json): string {
  return `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`;
}

function listOf(holder: Json, key: string): Json[] {
  const value = holder[key];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

export function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response)) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: synthesize('cohere', response) takes a Cohere v2 chat response object; received ${response === null ? 'null' : typeof response}.`);
  }
  const cut: Cut = (text) => cutPieces(text, options);
  const message = isObject(response.message) ? response.message : {};
  const start = { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] };
  const out = [event({ id: response.id ?? null, type: 'message-start', delta: { message: start } })];
  if (typeof message.tool_plan === 'string') {
    for (const piece of cut(message.tool_plan)) out.push(event({ type: 'tool-plan-delta', delta: { message: { tool_plan: piece } } }));
  }
  listOf(message, 'tool_calls').forEach((call, index) => out.push(...callEvents(call, index, cut)));
  listOf(message, 'content').forEach((block, index) => out.push(...contentEvents(block, index, cut)));
  listOf(message, 'citations').forEach((citation, index) => {
    out.push(event({ type: 'citation-start', index, delta: { message: { citations: citation } } }), event({ type: 'citation-end', index }));
  });
  const delta: Json = { finish_reason: response.finish_reason ?? null };
  if (response.usage !== undefined) delta.usage = response.usage;
  out.push(event({ type: 'message-end', delta }));
  out.push('data: [DONE]\n\n');
  return out.join('');
}

function contentEvents(block: Json, index: number, cut: Cut): string[] {
  const field = block.type === 'thinking' ? 'thinking' : 'text';
  const type = typeof block.type === 'string' ? block.type : 'text';
  const text = typeof block[field] === 'string' ? block[field] : '';
  return [
    event({ type: 'content-start', index, delta: { message: { content: { type, [field]: '' } } } }),
    ...cut(text).map((piece) => event({ type: 'content-delta', index, delta: { message: { content: { [field]: piece } } } })),
    event({ type: 'content-end', index }),
  ];
}

function callEvents(call: Json, index: number, cut: Cut): string[] {
  const fn = isObject(call.function) ? call.function : {};
  const args = typeof fn.arguments === 'string' ? fn.arguments : fn.arguments === undefined ? '' : (JSON.stringify(fn.arguments) ?? '');
  const started = { ...call, type: call.type ?? 'function', function: { ...fn, arguments: '' } };
  return [
    event({ type: 'tool-call-start', index, delta: { message: { tool_calls: started } } }),
    ...cut(args).map((piece) => event({ type: 'tool-call-delta', index, delta: { message: { tool_calls: { function: { arguments: piece } } } } })),
    event({ type: 'tool-call-end', index }),
  ];
}
