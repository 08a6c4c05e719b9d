// Writing a documented stream back: the chunks a `chat.completion` object would have been streamed as.
import { setOwn } from '../../own-copy.js';
import type { SynthesizeOptions } from '../../model.js';
import { describeArgument } from '../../words.js';
import { isIndex, isObject, type Json } from '../json-shape.js';
import { cutPieces, pieceLength } from '../cut-pieces.js';
import { CHOICE_LEVEL_READ } from './state.js';
import { SseReconstructError } from '../../library-errors.js';

type ChunkChoice = Json;

/** Appends in a loop: spreading a long array into push() overflows the call stack. */
function append(target: unknown[], items: readonly unknown[]): void {
  for (const item of items) target.push(item);
}

function choiceChunks(choice: Json, options: SynthesizeOptions): ChunkChoice[] {
  const index = isIndex(choice.index) ? choice.index : 0;
  const message = isObject(choice.message) ? choice.message : {};
  const deltas: Json[] = [firstDelta(message)];
  for (const key of ['reasoning_content', 'reasoning'] as const) {
    if (typeof message[key] === 'string') for (const piece of cutPieces(message[key], options)) deltas.push({ [key]: piece });
  }
  if (Array.isArray(message.reasoning_details)) for (const entry of message.reasoning_details) deltas.push({ reasoning_details: [entry] });
  append(deltas, contentDeltas(message.content, options));
  if (typeof message.refusal === 'string') for (const piece of cutPieces(message.refusal, options)) deltas.push({ refusal: piece });
  if (Array.isArray(message.tool_calls)) message.tool_calls.forEach((call, position) => append(deltas, toolCallDeltas(call, position, options)));
  if (isObject(message.function_call)) append(deltas, functionCallDeltas(message.function_call, options));
  if (isObject(message.audio)) deltas.push({ audio: message.audio });
  const chunks: ChunkChoice[] = deltas.map((delta) => ({ index, delta, logprobs: null, finish_reason: null }));
  chunks.push(finishChunk(choice, index));
  return chunks;
}

function firstDelta(message: Json): Json {
  const role = typeof message.role === 'string' ? message.role : 'assistant';
  return { role, content: typeof message.content === 'string' ? '' : null, refusal: null };
}

function contentDeltas(content: unknown, options: SynthesizeOptions): Json[] {
  if (typeof content === 'string') return cutPieces(content, options).map((piece) => ({ content: piece }));
  if (!Array.isArray(content)) return [];
  const deltas: Json[] = [];
  for (const part of content) {
    if (isObject(part) && part.type === 'text' && typeof part.text === 'string') {
      for (const piece of cutPieces(part.text, options)) deltas.push({ content: [{ type: 'text', text: piece }] });
    } else if (isObject(part) && part.type === 'thinking' && Array.isArray(part.thinking)) {
      const text = part.thinking.map((inner) => (isObject(inner) && typeof inner.text === 'string' ? inner.text : '')).join('');
      for (const piece of cutPieces(text, options)) deltas.push({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: piece }] }] });
    }
  }
  return deltas;
}

function toolCallDeltas(call: unknown, position: number, options: SynthesizeOptions): Json[] {
  if (!isObject(call)) return [];
  const custom = isObject(call.custom) && !isObject(call.function);
  const body = custom ? (call.custom as Json) : isObject(call.function) ? call.function : {};
  const argumentKey = custom ? 'input' : 'arguments';
  const bodyKey = custom ? 'custom' : 'function';
  const text = typeof body[argumentKey] === 'string' ? body[argumentKey] : '';
  const first: Json = { index: position, id: call.id, type: call.type ?? (custom ? 'custom' : 'function'), [bodyKey]: { name: body.name, [argumentKey]: '' } };
  const rest = cutPieces(text, options).map((piece) => ({ index: position, [bodyKey]: { [argumentKey]: piece } }));
  return [first, ...rest].map((fragment) => ({ tool_calls: [fragment] }));
}

function functionCallDeltas(call: Json, options: SynthesizeOptions): Json[] {
  const text = typeof call.arguments === 'string' ? call.arguments : '';
  return [{ function_call: { name: call.name, arguments: '' } }, ...cutPieces(text, options).map((piece) => ({ function_call: { arguments: piece } }))];
}

function finishChunk(choice: Json, index: number): ChunkChoice {
  const chunk: ChunkChoice = { index, delta: {}, logprobs: choice.logprobs ?? null, finish_reason: choice.finish_reason ?? null };
  for (const key of Object.keys(choice)) {
    if (key !== 'message' && !CHOICE_LEVEL_READ.has(key)) setOwn(chunk, key, choice[key]);
  }
  return chunk;
}

/** The fields every chunk repeats: id, created, model and the response's other top-level fields. */
function chunkBase(response: Json): Json {
  const base: Json = { id: response.id, object: 'chat.completion.chunk', created: response.created, model: response.model };
  for (const key of Object.keys(response)) {
    if (key === 'object' || key === 'choices' || key === 'usage' || key in base) continue;
    setOwn(base, key, response[key]);
  }
  return base;
}

/** Takes the choices' chunks in turn (at random when `random` is given), as `n > 1` streams interleave them. */
function interleave(queues: ChunkChoice[][], random: SynthesizeOptions['random']): ChunkChoice[] {
  const order: ChunkChoice[] = [];
  const live = queues.filter((queue) => queue.length > 0).map((queue) => ({ queue, next: 0 }));
  let turn = 0;
  while (live.length > 0) {
    const at = random ? pieceLength(live.length, random) - 1 : turn % live.length;
    const cursor = live[at];
    if (!cursor) break;
    const chunk = cursor.queue[cursor.next];
    if (chunk) order.push(chunk);
    cursor.next += 1;
    if (cursor.next >= cursor.queue.length) live.splice(at, 1);
    else turn += 1;
  }
  return order;
}

export function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response) || !Array.isArray(response.choices)) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: chat-completions synthesize() needs a chat.completion object with a choices array; received ${describeArgument(response)}.`);
  }
  const base = chunkBase(response);
  const queues = response.choices.filter(isObject).map((choice) => choiceChunks(choice, options));
  const frames: Json[] = interleave(queues, options.random).map((choice) => ({ ...base, choices: [choice] }));
  if (isObject(response.usage)) frames.push({ ...base, choices: [], usage: response.usage });
  return `${frames.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
}
