import { LineIndex } from '../inspect/lines.js';

/**
 * The offending line with a caret under a column, as the CLI and the page print it under a finding. Long lines
 * are shown as a window around the column; control characters are shown as their visible pictures (U+2400…), so
 * a stream cannot move a terminal's cursor or colour its output, and the caret stays under its character.
 */
export interface CaretSnippet {
  /** The line as shown: possibly a window of it, with `…` where it was cut. */
  line: string;
  /** Spaces and a `^` under the column. */
  caret: string;
}

export interface SnippetOptions {
  /** Most characters of the line shown (default 40); a longer line is cut around the column, with `…`. */
  width?: number;
}

const LEAD = 12; // characters kept before the column when the window has to move

/** The snippet for a 1-based `column` of `line` (a column past its end points just after it). */
export function caretSnippet(line: string, column: number, options: SnippetOptions = {}): CaretSnippet {
  const width = Math.max(8, Math.floor(options.width ?? 40));
  const points = Array.from(line);
  const at = Math.max(0, codePointIndex(line, column));
  let from = 0;
  if (at >= width) from = Math.max(0, Math.min(at - LEAD, points.length - width));
  const to = Math.min(points.length, from + width);
  const head = from > 0 ? '…' : '';
  const tail = to < points.length ? '…' : '';
  const shown = head + points.slice(from, to).map(visible).join('') + tail;
  return { line: shown, caret: `${' '.repeat(head.length + at - from)}^` };
}

/** The snippet as two lines of text, each after `indent`. */
export function formatSnippet(snippet: CaretSnippet, indent = ''): string {
  return `${indent}${snippet.line}\n${indent}${snippet.caret}`;
}

/** Where a UTF-16 column lands among the line's code points (a pair counts once). */
function codePointIndex(line: string, column: number): number {
  let units = Math.max(0, Math.floor(column) - 1);
  let index = 0;
  let i = 0;
  while (units > 0 && i < line.length) {
    const code = line.charCodeAt(i);
    const width = code >= 0xd800 && code <= 0xdbff && i + 1 < line.length ? 2 : 1;
    i += width;
    units -= width;
    index += 1;
  }
  return index + Math.max(0, units);
}

/** What a terminal acts on or that reorders what it shows: C0, DEL, C1, the BOM, bidi marks, overrides and isolates. */
const ACTED_ON = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const ACTED_ON_PAST_C0 = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A code point as it can be printed safely, one for one: C0 controls as their pictures (U+2400…), DEL as ␡, C1
 * controls, the BOM and the bidirectional marks, overrides and isolates as U+FFFD.
 */
export function visible(point: string): string {
  const code = point.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  // C1 controls, the BOM and the bidirectional controls would hide or reorder what is shown.
  return ACTED_ON.test(point) ? '\ufffd' : point;
}

/** A text as one printable line: every newline as ⏎, everything else as `visible()` shows it. */
export function visibleLine(text: string): string {
  // Most text needs nothing: test once, then walk only what has something to replace.
  if (!ACTED_ON.test(text)) return text;
  let out = '';
  for (const point of text) out += point === '\n' ? '⏎' : visible(point);
  return out;
}

/** A text that may span lines, to print: each line as `visibleLine()` shows it, joined by the newlines it had. */
export function visibleLines(text: string): string {
  return ACTED_ON.test(text) ? text.split('\n').map(visibleLine).join('\n') : text;
}

/**
 * JSON text of `value`, safe to print: JSON.stringify escapes C0 controls but leaves DEL, C1 and the bidirectional
 * controls raw, so those are written as `\uXXXX` escapes too. The JSON still parses to the same value.
 */
export function printableJson(value: unknown, indent?: number): string {
  const json = JSON.stringify(value, null, indent) ?? 'null';
  return json.replace(ACTED_ON_PAST_C0, (point) => `\\u${point.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Finds lines of a text by number as the event-stream rules count them (LF, CRLF and a lone CR each end a line),
 * without cutting the text into lines: an index of line starts, built on the first lookup.
 */
export function lineLookup(text: string): (line: number) => string | undefined {
  let index: LineIndex | null = null;
  return (line) => (index ??= new LineIndex(text)).line(line);
}
