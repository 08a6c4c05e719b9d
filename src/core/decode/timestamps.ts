/**
 * Capture timestamps at the start of lines, as capture tools write them: an ISO 8601 date-time or a bare time of
 * day, optionally in brackets, with or without a fraction and a zone, followed by white space (or nothing, on a
 * stamped blank line).
 */
const STAMP =
  /^\[?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?|\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,9})?)\]?(?:[ \t]+|$)/;

export interface Stamp {
  /** The stamp as written, without brackets. */
  text: string;
  /** Characters to take off the line: the stamp, its brackets and the white space after it. */
  length: number;
}

export function matchStamp(line: string): Stamp | null {
  const code = line.charCodeAt(0);
  // Cheap guard: a stamp starts with a digit or '['; field lines start with a letter or ':'.
  if (!((code >= 48 && code <= 57) || code === 91)) return null;
  const match = STAMP.exec(line);
  if (match === null || match[1] === undefined) return null;
  return { text: match[1], length: match[0].length };
}

const DAY_MS = 86_400_000;

/** Milliseconds of a stamp on its own clock: epoch time for a date-time, time since midnight for a time of day. */
export function stampMs(text: string): number {
  if (text.length > 12 && text.charCodeAt(4) === 45 /* - */) {
    let iso = text.replace(' ', 'T').replace(',', '.');
    if (!/(Z|[+-]\d{2}(:?\d{2})?)$/.test(iso)) iso += 'Z';
    else iso = iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/([+-]\d{2})$/, '$1:00');
    return Date.parse(iso);
  }
  const [h = '0', m = '0', s = '0'] = text.replace(',', '.').split(':');
  return (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000;
}

/** Turns stamps into elapsed milliseconds since the first one; a time of day that goes backwards crossed midnight. */
export class StampClock {
  private first: number | null = null;
  private last = 0;
  private days = 0;

  elapsed(text: string): number | undefined {
    const raw = stampMs(text);
    if (Number.isNaN(raw)) return undefined;
    const isTimeOfDay = raw < DAY_MS;
    if (isTimeOfDay && this.first !== null && raw + this.days * DAY_MS < this.last - DAY_MS / 2) this.days += 1;
    const ms = isTimeOfDay ? raw + this.days * DAY_MS : raw;
    if (this.first === null) this.first = ms;
    this.last = ms;
    return Math.round((ms - this.first) * 1000) / 1000;
  }
}
