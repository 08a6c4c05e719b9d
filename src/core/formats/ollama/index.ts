/**
 * Ollama's native API, `/api/chat` and `/api/generate` with streaming on (its default): NDJSON, one whole chunk object
 * per line. Text (`message.content`, or `response`) and thinking (`message.thinking`, or `thinking`) arrive in
 * pieces to join; tool calls arrive whole (`message.tool_calls`, arguments an object); the chunk with `"done": true`
 * ends the answer with `done_reason` and the counts. An error after the stream began is a line `{"error": "…"}`.
 * Ollama's OpenAI-compatible endpoint (`/v1/chat/completions`) is Chat Completions: no format of its own.
 *
 * Choices made here (reference.md):
 * - Lines after `done` (or after an error line) are listed and not assembled: ollama-js stops reading at `done`.
 * - A tool call's index is its `function.index` when the server sent one (newer servers do), else its position.
 * - The non-streamed response is the `stream: false` answer: the chunks' text joined, the calls in order, the `done`
 *   chunk's reason, context and counts.
 */
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import type { EndRule } from '../format-parts.js';
import { isObject, type Json } from '../json-shape.js';
import { answer } from './answer.js';
import { arbitrary } from './arbitrary.js';
import { METRIC_FIELDS, OllamaAssembler } from './assembler.js';
import { OLLAMA_DONE_REASONS } from './done-reasons.js';
import { ollamaAccelerator } from './accelerator.js';
import { ERROR_MESSAGE, errorFrame, httpErrorBody, OLLAMA_ERRORS } from './errors.js';
import { fixtures } from './fixtures.js';
import { OLLAMA_OUTPUT } from './output-count.js';
import { request } from './request.js';
import { ollamaResponseOf } from './response-of.js';
import { synthesize } from './synthesize.js';

export { OLLAMA_DONE_REASONS } from './done-reasons.js';

/** A chunk names Ollama: `done` is a boolean beside a `message` object or a `response` string; no other format has it. */
function recognise(_frame: Omit<Frame, 'data'>, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const value = payload.value;
  // `{"error": "text"}` alone names no format (other servers write the same shape): the stream's other lines do, and
  // a body that is only an error is read as an error body.
  return typeof value.done === 'boolean' && (isObject(value.message) || typeof value.response === 'string') ? 2 : 0;
}

/** The `done` chunk ends the answer; taking the end away keeps its text and drops the reason and counts. */
const endRule: EndRule = {
  ends: (frame) => isObject(frame.json) && frame.json.done === true,
  withoutEnd: (frame) => {
    if (!isObject(frame.json)) return null;
    const message = isObject(frame.json.message) ? frame.json.message : null;
    const carries = (message !== null && (message.content !== '' || message.thinking !== undefined || message.tool_calls !== undefined)) || (typeof frame.json.response === 'string' && frame.json.response !== '');
    if (!carries) return null;
    const copy: Json = { ...frame.json, done: false };
    for (const field of ['done_reason', 'context', ...METRIC_FIELDS]) delete copy[field];
    return copy;
  },
};

export const ollama: FormatModule<'ollama', typeof OLLAMA_ERRORS> = {
  name: 'ollama',
  title: 'Ollama',
  endFrame: 'the line with `"done": true`',
  framing: 'ndjson',
  recognise,
  createAssembler: (context) => new OllamaAssembler(context),
  synthesize,
  responseOf: ollamaResponseOf,
  finishReasons: OLLAMA_DONE_REASONS,
  answer,
  request,
  errorStyles: [],
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody,
  endRule,
  errorProviders: ['ollama'],
  errorTables: [OLLAMA_ERRORS],
  fixtures,
  arbitrary,
  output: OLLAMA_OUTPUT,
  accelerator: ollamaAccelerator,
};
