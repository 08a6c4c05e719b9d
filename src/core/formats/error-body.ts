/**
 * An error document where events should be: a provider (or gateway) that rejects the request answers with its
 * error object, often pretty-printed and without `data:` (the decoder reads such a document as a frame), sometimes
 * under `text/event-stream`. Each API's error shape, as reference/*.md gives it:
 * - Gemini: `{"error": {"code": 400, "message": …, "status": "INVALID_ARGUMENT"}}` (google.rpc.Status), or a list
 *   holding one such object (the non-SSE `streamGenerateContent` body).
 * - Anthropic: `{"type": "error", "error": {"type": "invalid_request_error", "message": …}, "request_id": …}`.
 * - OpenAI (Chat Completions and Responses share it): `{"error": {"message": …, "type": …, "param": …, "code": …}}`;
 *   which of the two was called cannot be told from it.
 * - Behavior Run: `{"type": "error", "error": {"message": …, "code"?: …}}`, with no `type` inside the error.
 * - Text Generation Inference and the Hugging Face router: `{"error": "…", "error_type": "…"}`, the error a string.
 *   Any other `error` value that is not an object counts too: whatever its shape, it is the stream's error.
 */
import type { FormatName } from '../model.js';
import { kindOf } from '../words.js';
import { isObject, type Json } from './json-shape.js';

export interface ErrorShape {
  /** The format the error shape names, or null when it fits more than one (OpenAI's). */
  format: FormatName | null;
  /** Whose shape it is, in a few words: "a Gemini error (google.rpc.Status)". */
  shape: string;
  /** The error object (the document's `error`). */
  error: Json;
  /** Code, status and message, for a finding. */
  detail: string;
}

/** The error a JSON value holds when it is an error document of one of the formats; null otherwise. */
export function errorShape(value: unknown): ErrorShape | null {
  const document = Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
  if (!isObject(document) || !hasOwn(document, 'error')) return null;
  const error = document.error;
  if (error === null || error === false) return null;
  if (!isObject(error)) return valueErrorShape(document, error);
  const detail = [error.code, error.status ?? error.type].filter((part) => typeof part === 'string' || typeof part === 'number').join(' ');
  const message = typeof error.message === 'string' ? JSON.stringify(error.message.slice(0, 200)) : '';
  const said = [detail, message].filter((part) => part !== '').join(': ');
  if (document.type === 'error') {
    return typeof error.type === 'string'
      ? { format: 'anthropic', shape: 'an Anthropic error', error, detail: said }
      : { format: 'behavior-run', shape: 'a Behavior Run error', error, detail: said };
  }
  if (typeof error.code === 'number' && typeof error.status === 'string') {
    return { format: 'gemini', shape: 'a Gemini error (google.rpc.Status)', error, detail: said };
  }
  return { format: null, shape: 'an OpenAI-style error (Chat Completions and Responses share it)', error, detail: said };
}

function hasOwn(document: Json, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(document, key);
}

/** An `error` that is a string (TGI's shape) or any other value: the whole document is the error, its type beside it. */
function valueErrorShape(document: Json, error: unknown): ErrorShape {
  const type = typeof document.error_type === 'string' ? document.error_type : null;
  const said = typeof error === 'string' ? JSON.stringify(error.slice(0, 200)) : (JSON.stringify(error) ?? '').slice(0, 200);
  const shape =
    typeof error === 'string'
      ? 'an error document whose `error` is a string (the shape Text Generation Inference and the Hugging Face router send)'
      : `an error document whose \`error\` is ${kindOf(error)}`;
  return { format: null, shape, error: document, detail: [type, said].filter((part) => part !== null && part !== '').join(': ') };
}
