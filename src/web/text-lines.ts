/**
 * Lines of the input by number, as the event-stream rules cut them (\r\n, \n or a lone \r ends a line), found in
 * one pass however large the input: only the lines asked for are sliced out.
 */
export function linesAt(text: string, wanted: Iterable<number>): Map<number, string> {
  const targets = [...new Set(wanted)].filter((line) => line >= 1).sort((a, b) => a - b);
  const found = new Map<number, string>();
  if (targets.length === 0) return found;
  let line = 1;
  let start = 0;
  let next = 0;
  for (let i = 0; i <= text.length && next < targets.length; i += 1) {
    const code = i < text.length ? text.charCodeAt(i) : -1;
    if (code !== 10 && code !== 13 && code !== -1) continue;
    if (line === targets[next]) {
      found.set(line, text.slice(start, i));
      next += 1;
    }
    if (code === 13 && text.charCodeAt(i + 1) === 10) i += 1;
    line += 1;
    start = i + 1;
    if (code === -1) break;
  }
  return found;
}

/** The longest a snippet's line is shown; past it the line is cut around the column. */
const SNIPPET_WIDTH = 100;

/** A line and a caret under `column` (1-based), cut to a readable width around the column. */
export function caretSnippet(lineText: string, column: number): string {
  const at = Math.max(1, column) - 1;
  let from = 0;
  if (lineText.length > SNIPPET_WIDTH && at > SNIPPET_WIDTH / 2) from = Math.min(at - SNIPPET_WIDTH / 2, lineText.length - SNIPPET_WIDTH);
  from = Math.max(0, from);
  const shown = lineText.slice(from, from + SNIPPET_WIDTH);
  const lead = from > 0 ? '…' : '';
  const tail = from + SNIPPET_WIDTH < lineText.length ? '…' : '';
  const caretAt = lead.length + Math.min(at - from, shown.length);
  return `${lead}${visible(shown)}${tail}\n${' '.repeat(caretAt)}^`;
}

/** Control characters shown as symbols so the caret stays under its column. */
function visible(text: string): string {
  return text.replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\ufeff]/g, (char) => (char === '\ufeff' ? '⍽' : String.fromCharCode(0x2400 + char.charCodeAt(0))));
}
