// The documented stream for a Message: what the API would have sent for it, cut into deltas.
import type { SynthesizeOptions } from '../../model.js';
import { setOwn } from '../../own-copy.js';
import { isObject, type Json } from '../json-shape.js';
import { cutPieces } from '../cut-pieces.js';
import { TOOL_INPUT_BLOCKS } from './block-types.js';
import { SseReconstructError } from '../../library-errors.js';

/** Usage fields that belong to the output side: `message_delta` carries them. */
const OUTPUT_USAGE = new Set(['output_tokens', 'output_tokens_details', 'server_tool_use']);

type Cut = (text: string) => string[];

function event(payload: Json): string {
  return `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`;
}

export function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response)) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: synthesize('anthropic', response) takes an Anthropic Message object; received ${response === null ? 'null' : typeof response}.`);
  }
  const cut: Cut = (text) => cutPieces(text, options);
  const { content, usage, ...fields } = response;
  const usageParts = isObject(usage) ? splitUsage(usage) : null;
  const out = [event({ type: 'message_start', message: startMessage(fields, usage, usageParts?.start) })];
  out.push(event({ type: 'ping' }));
  if (Array.isArray(content)) content.forEach((block, index) => out.push(...blockEvents(block, index, cut)));
  out.push(event({ type: 'message_delta', delta: stopFields(fields), ...(usageParts ? { usage: usageParts.delta } : {}) }));
  out.push(event({ type: 'message_stop' }));
  return out.join('');
}

/** The message as `message_start` carries it: no content, no stop reason yet, the input side of the usage. */
function startMessage(fields: Json, usage: unknown, startUsage: Json | undefined): Json {
  const message: Json = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'stop_details' || (key === 'container' && value != null)) continue;
    setOwn(message, key, key === 'stop_reason' || key === 'stop_sequence' ? null : value);
  }
  message.content = [];
  if (startUsage) message.usage = startUsage;
  else if (usage !== undefined) message.usage = usage;
  return message;
}

function stopFields(fields: Json): Json {
  const delta: Json = {};
  for (const key of ['stop_reason', 'stop_sequence', 'stop_details']) if (key in fields) delta[key] = fields[key];
  if (fields.container != null) delta.container = fields.container;
  return delta;
}

/** Output-side counts that are set go in `message_delta`; the rest, nulls included, in `message_start`. */
function splitUsage(usage: Json): { start: Json; delta: Json } {
  const start: Json = {};
  const delta: Json = {};
  for (const [key, value] of Object.entries(usage)) {
    if (OUTPUT_USAGE.has(key) && value != null) delta[key] = value;
    else setOwn(start, key, value);
  }
  if (typeof delta.output_tokens === 'number') start.output_tokens = 1;
  return { start, delta };
}

function blockEvents(block: unknown, index: number, cut: Cut): string[] {
  const type = isObject(block) ? block.type : undefined;
  const [start, deltas] = isObject(block) ? splitBlock(block, typeof type === 'string' ? type : '', cut) : [block, []];
  return [
    event({ type: 'content_block_start', index, content_block: start }),
    ...deltas.map((delta) => event({ type: 'content_block_delta', index, delta })),
    event({ type: 'content_block_stop', index }),
  ];
}

/** A block's `content_block_start` and the deltas that build the rest of it. */
function splitBlock(block: Json, type: string, cut: Cut): [Json, Json[]] {
  if (type === 'text') return splitText(block, cut);
  if (type === 'thinking') return splitThinking(block, cut);
  if (TOOL_INPUT_BLOCKS.has(type) && 'input' in block) {
    const pieces = cut(JSON.stringify(block.input) ?? '');
    return [{ ...block, input: {} }, pieces.map((piece) => ({ type: 'input_json_delta', partial_json: piece }))];
  }
  if (type === 'compaction') return splitCompaction(block);
  return [block, []];
}

function splitText(block: Json, cut: Cut): [Json, Json[]] {
  const { text, citations, ...rest } = block;
  const start: Json = { ...rest, text: '' };
  const deltas: Json[] = [];
  if (Array.isArray(citations) && citations.length > 0) {
    for (const citation of citations) deltas.push({ type: 'citations_delta', citation });
  } else if (citations !== undefined) start.citations = citations;
  for (const piece of cut(typeof text === 'string' ? text : '')) deltas.push({ type: 'text_delta', text: piece });
  return [start, deltas];
}

function splitThinking(block: Json, cut: Cut): [Json, Json[]] {
  const start: Json = { ...block, thinking: '' };
  const deltas: Json[] = cut(typeof block.thinking === 'string' ? block.thinking : '').map((piece) => ({ type: 'thinking_delta', thinking: piece }));
  if (typeof block.signature === 'string' && block.signature !== '') {
    start.signature = '';
    deltas.push({ type: 'signature_delta', signature: block.signature });
  }
  return [start, deltas];
}

function splitCompaction(block: Json): [Json, Json[]] {
  const { content, encrypted_content: encrypted, ...rest } = block;
  const delta: Json = { type: 'compaction_delta', content: content ?? null };
  if ('encrypted_content' in block) delta.encrypted_content = encrypted;
  return [{ ...rest, content: null }, [delta]];
}
