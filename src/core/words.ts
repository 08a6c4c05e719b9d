// How messages name values: one wording for every finding, error and summary that shows a value or a count.

/** A string as a message quotes it: JSON-quoted, cut after `max` characters with an ellipsis inside the quotes. */
export function preview(text: string, max = 60): string {
  const flat = JSON.stringify(text.length > max ? `${text.slice(0, max)}` : text);
  return text.length > max ? `${flat.slice(0, -1)}…"` : flat;
}

/** The kind of a JSON value, as a message about a wrong field names it: `missing`, `null`, `an array`, `a string`… */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** A value passed to the API, as a TypeError names it: `undefined`, `an array`, `an object (Map)`, `a string`. */
export function describeArgument(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`;
  return `a ${typeof value}`;
}

/** `1 finding`, `2 findings`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
