// The stream Ollama writes for a response (stream: true): a chunk per piece of thinking, then of content, then one
// chunk per tool call (calls come whole), then the `"done": true` chunk with `done_reason`, `context` (generate) and
// the counts, its text empty. Each chunk names the model and the time, one JSON document per line.
import type { SynthesizeOptions } from '../../model.js';
import { cutPieces } from '../cut-pieces.js';
import { isObject, type Json } from '../json-shape.js';
import { METRIC_FIELDS } from './assembler.js';

export function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response)) return '';
  const head: Json = { model: response.model ?? 'llama3.2', created_at: response.created_at ?? '2026-12-02T04:00:00.000000Z' };
  const message = isObject(response.message) ? response.message : null;
  const holder = message ?? response;
  const chunk = (part: Json): string => `${JSON.stringify(message !== null ? { ...head, message: { role: 'assistant', content: '', ...part }, done: false } : { ...head, response: '', ...part, done: false })}\n`;
  const lines: string[] = [];
  const thinking = typeof holder.thinking === 'string' ? holder.thinking : '';
  const text = typeof holder[message !== null ? 'content' : 'response'] === 'string' ? (holder[message !== null ? 'content' : 'response'] as string) : '';
  for (const piece of thinking === '' ? [] : cutPieces(thinking, options)) lines.push(chunk({ thinking: piece }));
  for (const piece of text === '' ? [] : cutPieces(text, options)) lines.push(chunk(message !== null ? { content: piece } : { response: piece }));
  const calls = message !== null && Array.isArray(message.tool_calls) ? message.tool_calls : [];
  for (const call of calls) lines.push(chunk({ tool_calls: [call] }));
  // A response that says it is not done stands for a stream that never ended: no `done` line.
  if (response.done === false) return lines.join('');
  const done: Json = message !== null ? { ...head, message: { role: 'assistant', content: '' }, done: true } : { ...head, response: '', done: true };
  if (response.done_reason !== undefined) done.done_reason = response.done_reason;
  if (Array.isArray(response.context)) done.context = response.context;
  for (const field of METRIC_FIELDS) if (response[field] !== undefined) done[field] = response[field];
  lines.push(`${JSON.stringify(done)}\n`);
  return lines.join('');
}
