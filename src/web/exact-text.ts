// A textarea's value has every line break as LF (the HTML rules normalise CRLF and CR), so a stream pasted or loaded
// into it loses its CRLF, and with it the `crlf` finding. The page keeps the text as it was given beside the
// textarea, and carries each edit made in the textarea over to it.

/** The text as a textarea shows it: CRLF and a lone CR as LF. */
export function asTextareaShows(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Where the `count`th character of the textarea's value starts in the text as given (a CRLF is one character there). */
function exactIndex(exact: string, count: number): number {
  let at = 0;
  for (let seen = 0; seen < count && at < exact.length; seen += 1) at += exact.startsWith('\r\n', at) ? 2 : 1;
  return at;
}

/**
 * Two pieces of text put together without changing how many line ends they hold: a lone CR before an LF would make
 * one CRLF of two line ends, so that LF becomes a CRLF.
 */
function join(left: string, right: string): string {
  return left.endsWith('\r') && right.startsWith('\n') ? `${left}\r${right}` : left + right;
}

/** Replaces the part of `exact` that the textarea shows from `from` to `to` with `middle`. */
function splice(exact: string, from: number, to: number, middle: string): string {
  return join(join(exact.slice(0, exactIndex(exact, from)), middle), exact.slice(exactIndex(exact, to)));
}

/** The text as given behind a textarea, kept in step with the edits made in it. */
export class ExactText {
  private exact = '';
  /** `exact` as the textarea shows it. */
  private shown = '';

  /** The textarea was given this text (a paste, a file, a link, a page written with it). */
  set(text: string): void {
    this.exact = text;
    this.shown = asTextareaShows(text);
  }

  /**
   * The textarea's value is now `value`: the edit (the part between what stayed the same at either end) is carried
   * over to the text as given; `inserted` is what a paste inserted, as it came, kept when it is what went in.
   */
  edit(value: string, inserted?: string): void {
    if (value === this.shown) return;
    const before = this.shown;
    let head = 0;
    const most = Math.min(before.length, value.length);
    while (head < most && before.charCodeAt(head) === value.charCodeAt(head)) head += 1;
    let tail = 0;
    while (tail < most - head && before.charCodeAt(before.length - 1 - tail) === value.charCodeAt(value.length - 1 - tail)) tail += 1;
    let middle = value.slice(head, value.length - tail);
    if (inserted !== undefined && asTextareaShows(inserted) === middle) middle = inserted;
    this.exact = splice(this.exact, head, before.length - tail, middle);
    this.shown = value;
  }

  /**
   * A paste replaced the selection `from`–`to` (of the value before it) with `pasted`, and the value is now `value`:
   * the pasted text goes in as it came. When the value is not that (the browser changed the paste), it is an edit.
   */
  paste(value: string, from: number, to: number, pasted: string): void {
    const before = this.shown;
    if (value !== before.slice(0, from) + asTextareaShows(pasted) + before.slice(to)) return this.edit(value, pasted);
    this.exact = splice(this.exact, from, to, pasted);
    this.shown = value;
  }

  /** The text to read for a textarea showing `value`: the text as given when it is what the textarea shows. */
  textFor(value: string): string {
    if (value !== this.shown) this.edit(value);
    return this.exact;
  }
}
