import { formatModule, type FormatName } from '../core/index.js';
import type { FormatErrorFrameOptions } from '../core/index.js';

/**
 * How a format says, inside a stream that started with a 200, that the provider failed: each format's styles, from
 * its module (`errorStyles`), the first the default. Chat Completions: `data` (a `data:` frame whose JSON has a top-level `error`) or
 * `event` (the same body under `event: error`). Responses: `error` (the `error` event) or `response.failed` (the
 * response with `status: "failed"` and its error).
 */
export type ErrorStyle = string;

/** Options of `errorFrame()`: the style of the format's error frame and its message. */
export interface ErrorFrameOptions extends FormatErrorFrameOptions {
  style?: ErrorStyle;
}

/** The frame (with its blank line) each format ends a failed stream with, in its own error shape. */
export function errorFrame(format: FormatName, options: ErrorFrameOptions = {}): string {
  return formatModule(format).errorFrame(options);
}
