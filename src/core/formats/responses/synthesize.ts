// The documented event stream for a non-streamed Responses `response`: the inverse of the assembly.
import type { SynthesizeOptions } from '../../model.js';
import { cutPieces } from '../cut-pieces.js';
import { type Json, copy, isObject, stringOf } from './shapes.js';

class Writer {
  private sequence = 0;
  private readonly frames: string[] = [];

  event(type: string, fields: Json): void {
    const data = JSON.stringify({ type, ...fields, sequence_number: this.sequence });
    this.sequence += 1;
    this.frames.push(`event: ${type}\ndata: ${data}\n\n`);
  }

  text(): string {
    return this.frames.join('');
  }
}

/** The response as `response.created` shows it: nothing produced yet. */
function startedFrom(response: Json): Json {
  const started: Json = { ...copy(response), status: 'in_progress', output: [] };
  for (const key of ['usage', 'completed_at', 'error', 'incomplete_details']) if (key in started) started[key] = null;
  return started;
}

function terminalType(status: unknown): string {
  if (status === 'incomplete') return 'response.incomplete';
  if (status === 'failed') return 'response.failed';
  return 'response.completed';
}

export function synthesizeResponses(response: unknown, options: SynthesizeOptions = {}): string {
  const source: Json = isObject(response) ? response : {};
  const writer = new Writer();
  const started = startedFrom(source);
  writer.event('response.created', { response: started });
  writer.event('response.in_progress', { response: started });
  const output = Array.isArray(source.output) ? source.output : [];
  output.forEach((item, index) => writeItem(writer, item, index, options));
  writer.event(terminalType(source.status), { response: copy(source) });
  return writer.text();
}

function writeItem(writer: Writer, item: unknown, index: number, options: SynthesizeOptions): void {
  if (!isObject(item)) {
    writer.event('response.output_item.added', { output_index: index, item });
    writer.event('response.output_item.done', { output_index: index, item });
    return;
  }
  const at = { item_id: stringOf(item.id) ?? '', output_index: index };
  writer.event('response.output_item.added', { output_index: index, item: skeletonOf(item) });
  if (item.type === 'message') writeParts(writer, item, at, options);
  if (item.type === 'function_call') writeArguments(writer, item, at, options);
  if (item.type === 'reasoning') writeReasoning(writer, item, at, options);
  writer.event('response.output_item.done', { output_index: index, item: copy(item) });
}

/** An item as `output_item.added` shows it: in progress, with no text, parts or arguments yet. */
function skeletonOf(item: Json): Json {
  const skeleton = copy(item);
  if ('status' in skeleton) skeleton.status = 'in_progress';
  if (item.type === 'message') skeleton.content = [];
  if (item.type === 'function_call') skeleton.arguments = '';
  if (item.type === 'reasoning') {
    skeleton.summary = [];
    if (Array.isArray(item.content)) skeleton.content = [];
  }
  return skeleton;
}

function writeParts(writer: Writer, item: Json, at: Json, options: SynthesizeOptions): void {
  const content = Array.isArray(item.content) ? item.content : [];
  content.forEach((part, contentIndex) => {
    const where = { ...at, content_index: contentIndex };
    if (!isObject(part)) return;
    if (part.type === 'output_text') return writeOutputText(writer, part, where, options);
    if (part.type === 'refusal') return writeTextPart(writer, part, where, 'refusal', 'response.refusal', options);
    writer.event('response.content_part.added', { ...where, part: copy(part) });
    writer.event('response.content_part.done', { ...where, part: copy(part) });
  });
}

function writeOutputText(writer: Writer, part: Json, where: Json, options: SynthesizeOptions): void {
  const text = stringOf(part.text) ?? '';
  const skeleton: Json = { ...copy(part), text: '' };
  if (Array.isArray(part.annotations)) skeleton.annotations = [];
  writer.event('response.content_part.added', { ...where, part: skeleton });
  for (const delta of cutPieces(text, options)) writer.event('response.output_text.delta', { ...where, delta, logprobs: [] });
  const annotations = Array.isArray(part.annotations) ? part.annotations : [];
  annotations.forEach((annotation, annotationIndex) =>
    writer.event('response.output_text.annotation.added', { ...where, annotation_index: annotationIndex, annotation: copy(annotation) }),
  );
  writer.event('response.output_text.done', { ...where, text, logprobs: [] });
  writer.event('response.content_part.done', { ...where, part: copy(part) });
}

/** A part whose one text field is streamed: refusal, reasoning text, reasoning summary. */
function writeTextPart(writer: Writer, part: Json, where: Json, key: 'text' | 'refusal', stem: string, options: SynthesizeOptions, partStem = 'response.content_part'): void {
  const text = stringOf(part[key]) ?? '';
  writer.event(`${partStem}.added`, { ...where, part: { ...copy(part), [key]: '' } });
  for (const delta of cutPieces(text, options)) writer.event(`${stem}.delta`, { ...where, delta });
  writer.event(`${stem}.done`, { ...where, [key]: text });
  writer.event(`${partStem}.done`, { ...where, part: copy(part) });
}

function writeArguments(writer: Writer, item: Json, at: Json, options: SynthesizeOptions): void {
  const text = stringOf(item.arguments) ?? '';
  for (const delta of cutPieces(text, options)) writer.event('response.function_call_arguments.delta', { ...at, delta });
  const done: Json = { ...at, arguments: text };
  if (typeof item.name === 'string') done.name = item.name;
  writer.event('response.function_call_arguments.done', done);
}

function writeReasoning(writer: Writer, item: Json, at: Json, options: SynthesizeOptions): void {
  const summary = Array.isArray(item.summary) ? item.summary : [];
  summary.forEach((part, summaryIndex) => {
    if (!isObject(part)) return;
    const where = { ...at, summary_index: summaryIndex };
    writeTextPart(writer, part, where, 'text', 'response.reasoning_summary_text', options, 'response.reasoning_summary_part');
  });
  const content = Array.isArray(item.content) ? item.content : [];
  content.forEach((part, contentIndex) => {
    if (!isObject(part) || part.type !== 'reasoning_text') return;
    writeTextPart(writer, part, { ...at, content_index: contentIndex }, 'text', 'response.reasoning_text', options);
  });
}
