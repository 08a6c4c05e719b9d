// The stream `toUIMessageStreamResponse` writes for a message: `start`, each step's parts between `start-step` and
// `finish-step` (text and reasoning as start, deltas, end; a tool call as input start, input deltas, input
// available, then its output), `finish` with the reason, and `data: [DONE]`. A message that failed mid-part (a part
// still `streaming`, no finish reason) is written as the stream it was: without the part's end and the stream's.
import type { SynthesizeOptions } from '../../model.js';
import { cutPieces } from '../cut-pieces.js';
import { isObject, type Json } from '../json-shape.js';
import { isToolPart, toolNameOf } from './message.js';

/** The frames of one part; `n` numbers its ids. */
function framesOf(part: Json, n: number, options: SynthesizeOptions): Json[] {
  const type = typeof part.type === 'string' ? part.type : '';
  if (type === 'text' || type === 'reasoning') {
    const id = `${type === 'text' ? 'txt' : 'rsn'}_${n}`;
    const text = typeof part.text === 'string' ? part.text : '';
    const frames: Json[] = [{ type: `${type}-start`, id }, ...cutPieces(text, options).map((delta) => ({ type: `${type}-delta`, id, delta }))];
    // A part still `streaming` is one the stream never ended (it failed inside it): no `-end` for it.
    return part.state === 'streaming' ? frames : [...frames, { type: `${type}-end`, id }];
  }
  if (isToolPart(part)) return toolFrames(part, options);
  if (type === 'step-start' || type === '') return [];
  const copy: Json = { ...part };
  if (type.startsWith('data-')) delete copy.transient;
  return [copy];
}

function toolFrames(part: Json, options: SynthesizeOptions): Json[] {
  const toolCallId = part.toolCallId;
  const toolName = toolNameOf(part);
  const extra: Json = {};
  if (part.type === 'dynamic-tool') extra.dynamic = true;
  if (typeof part.providerExecuted === 'boolean') extra.providerExecuted = part.providerExecuted;
  if (typeof part.title === 'string') extra.title = part.title;
  const frames: Json[] = [{ type: 'tool-input-start', toolCallId, toolName, ...extra }];
  if (part.state === 'output-error' && part.input === undefined) {
    frames.push({ type: 'tool-input-error', toolCallId, toolName, input: part.rawInput, errorText: part.errorText, ...extra });
    return frames;
  }
  const input = part.input === undefined ? {} : part.input;
  for (const piece of cutPieces(JSON.stringify(input) ?? '', options)) frames.push({ type: 'tool-input-delta', toolCallId, inputTextDelta: piece });
  frames.push({ type: 'tool-input-available', toolCallId, toolName, input, ...extra });
  if (part.state === 'output-available') frames.push({ type: 'tool-output-available', toolCallId, output: part.output ?? null, ...(part.preliminary === true ? { preliminary: true } : {}) });
  if (part.state === 'output-error') frames.push({ type: 'tool-output-error', toolCallId, errorText: part.errorText });
  return frames;
}

/** The documented stream of a message (a UIMessage with `finishReason` beside its parts). */
export function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response)) return '';
  const start: Json = { type: 'start' };
  if (typeof response.id === 'string' && response.id !== '') start.messageId = response.id;
  if (response.metadata !== undefined) start.messageMetadata = response.metadata;
  const frames: Json[] = [start];
  let stepOpen = false;
  const parts = Array.isArray(response.parts) ? response.parts.filter(isObject) : [];
  parts.forEach((part, n) => {
    if (part.type === 'step-start') {
      if (stepOpen) frames.push({ type: 'finish-step' });
      frames.push({ type: 'start-step' });
      stepOpen = true;
    }
    frames.push(...framesOf(part, n, options));
  });
  // A message with a part still streaming and no finish reason is a stream that failed before its end: written so.
  const failed = typeof response.finishReason !== 'string' && parts.some((part) => part.state === 'streaming');
  if (failed) return frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`).join('');
  if (stepOpen) frames.push({ type: 'finish-step' });
  frames.push(typeof response.finishReason === 'string' ? { type: 'finish', finishReason: response.finishReason } : { type: 'finish' });
  return `${frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`).join('')}data: [DONE]\n\n`;
}
