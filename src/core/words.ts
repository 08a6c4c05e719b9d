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

/**
 * A value passed to the API, as a TypeError names it: its kind, and what it holds where that helps to find it:
 * `undefined`, `the string "2"`, `a number (42)`, `an array of 3 items`, `an object with keys a, b`, `an object (Map)`.
 */
export function describeArgument(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return `the string ${preview(value, 40)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `a ${typeof value} (${String(value)})`;
  if (typeof value === 'bigint') return `a bigint (${value}n)`;
  if (Array.isArray(value)) return `an array of ${plural(value.length, 'item')}`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  if (tag !== 'Object') return `an object (${tag})`;
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an object with no keys';
  return `an object with keys ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}`;
}

/** A value as an option's message shows it: numbers and strings as written, anything else as describeArgument names it. */
export function shown(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  return describeArgument(value);
}

/**
 * A count with a comma between thousands (`1,200`), as `toLocaleString('en-US')` writes it, without asking Intl: its
 * first call loads the locale data, 7.5 MiB of a process's memory, which a read's findings would otherwise pay.
 */
export function grouped(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  const digits = String(Math.abs(count));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let at = out.length; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
  return count < 0 || Object.is(count, -0) ? `-${out}` : out;
}

/** `1 finding`, `2 findings`, `1,200 characters`; `nouns` for a plural that is not the noun and an s. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${grouped(count)} ${count === 1 ? noun : nouns}`;
}
