/**
 * The lines of a text by number, as the event-stream rules count them (LF, CRLF and a lone CR each end a line; a
 * BOM at the very start is not part of line 1), without cutting the text into lines. Where lines start is found
 * only as far as a lookup needs, and a lookup near a known line and offset (a frame's) scans from there.
 */
export class LineIndex {
  private readonly starts: number[] = [];
  /** Where the scan for line starts goes on; -1 once the whole text is indexed. */
  private scan: number;
  /** The next LF and CR, each searched for only when the last one found is behind: a text with no CR is searched once. */
  private readonly lf = new NextOf('\n');
  private readonly cr = new NextOf('\r');

  constructor(readonly text: string) {
    const first = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (first < text.length) this.starts.push(first);
    this.scan = first < text.length ? first : -1;
  }

  /** UTF-16 offset where a 1-based line starts; -1 when there is no such line. */
  start(line: number): number {
    if (!Number.isInteger(line) || line < 1) return -1;
    while (this.starts.length < line && this.scan !== -1) this.indexNext();
    return line <= this.starts.length ? (this.starts[line - 1] as number) : -1;
  }

  /** The text of a 1-based line, without its ending; undefined when there is no such line. */
  line(line: number): string | undefined {
    const start = this.start(line);
    return start === -1 ? undefined : this.lineAt(start);
  }

  /**
   * The text of `line`, found by scanning forward from a line known to start at `offset` (`from` ≤ `line`): the
   * lines of one frame, without indexing every line before it.
   */
  lineNear(line: number, from: number, offset: number): string | undefined {
    if (line < from || offset < 0 || offset > this.text.length) return this.line(line);
    let at = offset;
    for (let n = from; n < line; n += 1) {
      at = this.nextStart(at);
      if (at === -1) return undefined;
    }
    return at < this.text.length ? this.lineAt(at) : undefined;
  }

  private lineAt(start: number): string {
    const text = this.text;
    let end = start;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      if (code === 10 || code === 13) break;
      end += 1;
    }
    return text.slice(start, end);
  }

  /** Where the line after the one starting at `at` starts; -1 when it is the last line. */
  private nextStart(at: number): number {
    const text = this.text;
    const lf = this.lf.from(text, at);
    const cr = this.cr.from(text, at);
    if (lf === -1 && cr === -1) return -1;
    let next = cr !== -1 && (lf === -1 || cr < lf) ? cr + 1 : lf + 1;
    if (next === cr + 1 && text.charCodeAt(next) === 10) next += 1;
    return next < text.length ? next : -1;
  }

  private indexNext(): void {
    const next = this.nextStart(this.scan);
    this.scan = next;
    if (next !== -1) this.starts.push(next);
  }
}

/** The first offset of a character at or after a position, remembered between calls. */
class NextOf {
  private found = -1;
  private searchedFrom = Number.MAX_SAFE_INTEGER;

  constructor(private readonly char: string) {}

  from(text: string, at: number): number {
    // Valid while `at` is past where the search started and not past what it found (or it found nothing).
    if (at < this.searchedFrom || (this.found !== -1 && this.found < at)) {
      this.searchedFrom = at;
      this.found = text.indexOf(this.char, at);
    }
    return this.found;
  }
}

/**
 * Offsets of the `:` of every comment line (a line that starts with a colon), found with native searches: a stream
 * of a hundred thousand frames has its comments counted without a look at each line.
 */
export function commentOffsets(text: string): number[] {
  const found: number[] = [];
  const first = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.charCodeAt(first) === 58) found.push(first);
  for (const ending of ['\n:', '\r:']) {
    for (let at = text.indexOf(ending); at !== -1; at = text.indexOf(ending, at + 1)) found.push(at + 1);
  }
  return found.sort((a, b) => a - b);
}
