// How messages name values: one wording for every finding, error and summary that shows a value or a count.

/** A string as a message quotes it: JSON-quoted, cut after `max` characters with an ellipsis inside the quotes. */
export function preview(text: string, max = 60): string {
  const flat = JSON.stringify(text.length > max ? `${text.slice(0, max)}` : text);
  return text.length > max ? `${flat.slice(0, -1)}…"` : flat;
}

/** `1 finding`, `2 findings`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
