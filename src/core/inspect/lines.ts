/**
 * The lines of a text by number, as the event-stream rules count them (LF, CRLF and a lone CR each end a line; a
 * BOM at the very start is not part of line 1), without cutting the text into lines: an index of where each starts.
 */
export class LineIndex {
  private readonly starts: number[] = [];

  constructor(readonly text: string) {
    let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (i < text.length) this.starts.push(i);
    while (i < text.length) {
      const code = text.charCodeAt(i);
      i += 1;
      if (code === 13 && text.charCodeAt(i) === 10) i += 1;
      if ((code === 10 || code === 13) && i < text.length) this.starts.push(i);
    }
  }

  get count(): number {
    return this.starts.length;
  }

  /** UTF-16 offset where a 1-based line starts; -1 when there is no such line. */
  start(line: number): number {
    return Number.isInteger(line) && line >= 1 && line <= this.starts.length ? (this.starts[line - 1] as number) : -1;
  }

  /** The text of a 1-based line, without its ending; undefined when there is no such line. */
  line(line: number): string | undefined {
    const start = this.start(line);
    if (start === -1) return undefined;
    let end = start;
    const text = this.text;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      if (code === 10 || code === 13) break;
      end += 1;
    }
    return text.slice(start, end);
  }
}
