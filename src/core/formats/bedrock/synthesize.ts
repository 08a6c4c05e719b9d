// The ConverseStream a Converse response stands for: messageStart, each block (a tool use opens with
// contentBlockStart; text and reasoning open with their first delta, as Bedrock sends them), contentBlockStop,
// messageStop, metadata. `synthesize` writes it as text (wire.ts), `synthesizeBytes` as the binary wire.
import type { SynthesizeOptions } from '../../model.js';
import { cutPieces } from '../cut-pieces.js';
import { isObject, type Json } from '../json-shape.js';
import { joinMessages } from '../../decode/aws-event-stream/index.js';
import { eventFrameText, eventMessage } from './wire.js';

/** One event of the stream: its name and members. */
export interface SynthesizedEvent {
  name: string;
  body: Json;
}

function blockEvents(block: Json, index: number, options: SynthesizeOptions): SynthesizedEvent[] {
  const events: SynthesizedEvent[] = [];
  const delta = (value: Json): void => void events.push({ name: 'contentBlockDelta', body: { delta: value, contentBlockIndex: index } });
  if (typeof block.text === 'string') for (const piece of cutPieces(block.text, options)) delta({ text: piece });
  else if (isObject(block.toolUse)) {
    const { toolUseId, name, input } = block.toolUse;
    events.push({ name: 'contentBlockStart', body: { start: { toolUse: { toolUseId, name } }, contentBlockIndex: index } });
    const text = typeof input === 'string' ? input : (JSON.stringify(input ?? {}) ?? '{}');
    for (const piece of cutPieces(text, options)) delta({ toolUse: { input: piece } });
  } else if (isObject(block.reasoningContent)) {
    const reasoning = block.reasoningContent;
    const text = isObject(reasoning.reasoningText) ? reasoning.reasoningText : null;
    if (text !== null && typeof text.text === 'string') for (const piece of cutPieces(text.text, options)) delta({ reasoningContent: { text: piece } });
    if (text !== null && typeof text.signature === 'string') delta({ reasoningContent: { signature: text.signature } });
    if (typeof reasoning.redactedContent === 'string') delta({ reasoningContent: { redactedContent: reasoning.redactedContent } });
  } else return [];
  events.push({ name: 'contentBlockStop', body: { contentBlockIndex: index } });
  return events;
}

/** The members of `metadata` the response holds: its usage and metrics. */
function metadataOf(response: Json): Json {
  const metadata: Json = {};
  if (isObject(response.usage)) metadata.usage = response.usage;
  if (isObject(response.metrics)) metadata.metrics = response.metrics;
  return metadata;
}

/** The events of the stream that stands for `response` (a Converse response). */
export function synthesizeEvents(response: unknown, options: SynthesizeOptions = {}): SynthesizedEvent[] {
  if (!isObject(response)) return [];
  const output = isObject(response.output) ? response.output : {};
  const message = isObject(output.message) ? output.message : {};
  const content = Array.isArray(message.content) ? message.content.filter(isObject) : [];
  const events: SynthesizedEvent[] = [{ name: 'messageStart', body: { role: typeof message.role === 'string' ? message.role : 'assistant' } }];
  content.forEach((block, index) => events.push(...blockEvents(block, index, options)));
  // A response without a stop reason is one that ended in an error: its stream had no `messageStop` (a relay must
  // not invent `end_turn`), and `metadata` only when it carried usage or metrics.
  if (typeof response.stopReason !== 'string') {
    if (isObject(response.usage) || isObject(response.metrics)) events.push({ name: 'metadata', body: metadataOf(response) });
    return events;
  }
  const stop: Json = { stopReason: response.stopReason };
  if (response.additionalModelResponseFields !== undefined) stop.additionalModelResponseFields = response.additionalModelResponseFields;
  events.push({ name: 'messageStop', body: stop });
  events.push({ name: 'metadata', body: { ...metadataOf(response), metrics: isObject(response.metrics) ? response.metrics : { latencyMs: 0 } } });
  return events;
}

/** The stream as text: one SSE frame per event (see wire.ts). */
export function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  return synthesizeEvents(response, options).map((event) => eventFrameText(event.name, event.body)).join('');
}

/** The stream as Bedrock sends it: one AWS event-stream message per event. */
export function synthesizeBytes(response: unknown, options: SynthesizeOptions = {}): Uint8Array {
  return joinMessages(synthesizeEvents(response, options).map((event) => eventMessage(event.name, event.body)));
}
