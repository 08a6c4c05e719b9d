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

const ISO_PARTS = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Milliseconds of a stamp on its own clock: epoch time for a date-time, time since midnight for a time of day. */
export function stampMs(text: string): number {
  const iso = ISO_PARTS.exec(text);
  if (iso !== null) {
    const [, date, time, fraction, zone] = iso;
    // Date.parse keeps milliseconds only: the fraction is added apart so microseconds are not lost.
    const whole = Date.parse(`${date}T${time}${isoZone(zone)}`);
    return fraction === undefined ? whole : whole + Number(`0.${fraction}`) * 1000;
  }
  const [h = '0', m = '0', s = '0'] = text.replace(',', '.').split(':');
  return (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000;
}

/** A zone as Date.parse reads it: `Z`, or `±hh:mm`; none means UTC. */
function isoZone(zone: string | undefined): string {
  if (zone === undefined || zone === 'Z') return 'Z';
  if (zone.length === 3) return `${zone}:00`;
  return zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
}

/** Turns stamps into elapsed milliseconds since the first one; a time of day that goes backwards crossed midnight. */
export class StampClock {
  private first: number | null = null;
  private last = 0;
  private days = 0;

  /** Whether a readable stamp has been seen: elapsed time counts from it. */
  get started(): boolean {
    return this.first !== null;
  }

  elapsed(text: string): number | undefined {
    const raw = stampMs(text);
    if (Number.isNaN(raw)) return undefined;
    const isTimeOfDay = text.charCodeAt(4) !== 45; /* a date-time has '-' after its year */
    if (isTimeOfDay && this.first !== null && raw + this.days * DAY_MS < this.last - DAY_MS / 2) this.days += 1;
    const ms = isTimeOfDay ? raw + this.days * DAY_MS : raw;
    if (this.first === null) this.first = ms;
    this.last = ms;
    return Math.round((ms - this.first) * 1000) / 1000;
  }
}

/** The longest stamp before its white space: `[2025-03-01T12:00:00.123456789+02:00]` is 37 characters. */
const LONGEST_STAMP = 40;

/**
 * The fewest characters the line that starts with `start` can add to what is held once its stamp is taken off,
 * however it goes on: the start of a stamp not yet whole (`12:00:00.` before its fraction) may still be taken off.
 * Counting a line's start this way stops on it only when its whole would stop, however the text is cut.
 */
export function heldFloor(start: string): number {
  const stamp = matchStamp(start);
  if (stamp !== null) return start.length - stamp.length;
  const code = start.charCodeAt(0);
  const couldStartStamp = (code >= 48 && code <= 57) || code === 91;
  return couldStartStamp && start.length <= LONGEST_STAMP ? 0 : start.length;
}

/** Characters of a capture's lines held, at most, before deciding it is stamped: the common 1 MiB bound. */
export const STAMP_DECISION_CHARS = 1_048_576;

/**
 * The lines of a capture read while every non-empty one has carried a stamp: whether stamps are taken off is known
 * only at a non-empty line without one (no), at the end of the input (yes), or past STAMP_DECISION_CHARS (yes).
 */
export class UndecidedLines {
  texts: string[] = [];
  endings: number[] = [];
  private chars = 0;
  /** Whether any line held carried a stamp (a capture of blank lines only is not stamped). */
  sawStamp = false;

  /** Holds a line; true when the lines held now pass the budget. */
  hold(text: string, ending: number, stamped: boolean): boolean {
    this.texts.push(text);
    this.endings.push(ending);
    if (stamped) this.sawStamp = true;
    this.chars += text.length + 1;
    return this.chars > STAMP_DECISION_CHARS;
  }

  /** The lines held, in order; nothing is held after. */
  take(): { texts: string[]; endings: number[] } {
    const { texts, endings } = this;
    this.texts = [];
    this.endings = [];
    this.chars = 0;
    return { texts, endings };
  }
}
