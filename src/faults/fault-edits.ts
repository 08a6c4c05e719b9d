// What the faults share: checks of their arguments, and edits of a work's units.
import { describeArgument, isObject, type FormatName, type FramingName } from '../core/index.js';
import { fieldsOf } from './frame-text.js';
import { frameUnits, unitText, type Unit, type Work } from './work.js';
import { SseReconstructError } from '../core/index.js';

/** `value` as a whole number of 0 or more, or a TypeError naming `call`. */
export function count(value: unknown, what: string, call: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: ${call} takes ${what} as a whole number (0 or more); it received ${describeArgument(value)}.`);
  }
  return value;
}

/** `value` as milliseconds of 0 or more (Infinity where `forever`), or a TypeError naming `call`. */
export function milliseconds(value: unknown, what: string, call: string, forever = false): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0 || (!forever && !Number.isFinite(value))) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: ${call} takes ${what} in milliseconds, a number of 0 or more${forever ? ' (Infinity for forever)' : ''}; it received ${describeArgument(value)}.`);
  }
  return value;
}

/** The work's frame at `index`, or a TypeError saying how many frames it has. */
export function frameAt(work: Work, index: number, call: string): Unit {
  const frames = frameUnits(work);
  const unit = frames[index];
  if (unit === undefined) {
    throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} cannot apply: the stream has ${frames.length} frame${frames.length === 1 ? '' : 's'}${frames.length > 0 ? ` (0 to ${frames.length - 1})` : ''}, so it has no frame ${index}.`);
  }
  return unit;
}

/** The work's format, or a TypeError: the fault needs it. */
export function formatOf(work: Work, call: string): FormatName {
  if (work.format === null) {
    throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} needs the stream's format, which its frames do not tell: make the script with scriptOf(stream, { format }).`);
  }
  return work.format;
}

/** Throws when the stream was cut inside a frame: faults that need whole frames apply before `cutInside()`. */
export function notCut(work: Work, call: string): void {
  const cut = frameUnits(work).findIndex((unit) => unit.cut);
  if (cut !== -1) throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} cannot apply after the stream was cut inside frame ${cut}: apply it before cutInside().`);
}

/** Replaces a unit's text, keeping its first piece's delay and frame. */
export function setText(unit: Unit, text: string): void {
  const first = unit.pieces[0];
  unit.pieces = [{ text, delayMs: first?.delayMs ?? 0, frame: first?.frame ?? null }];
}

/** A copy of a unit, sent right after the original (no delay of its own). */
export function copyUnit(unit: Unit): Unit {
  return { ...unit, pieces: unit.pieces.map((piece, i) => ({ ...piece, delayMs: i === 0 ? 0 : piece.delayMs })) };
}

/** Gives a frame the blank line it lacks (the stream's last may have none) before it moves where others follow it. */
export function terminate(unit: Unit, framing: FramingName = 'sse'): void {
  const text = unitText(unit);
  const last = unit.pieces[unit.pieces.length - 1];
  // An NDJSON line is ended by its line break alone.
  if (framing !== 'sse') {
    if (last !== undefined && !BREAK.test(text)) last.text += '\n';
    return;
  }
  if (last === undefined || BREAK.test(text.replace(BREAK, ''))) return;
  const eol = lineBreakOf(text);
  last.text += BREAK.test(text) ? eol : eol + eol;
}

/** Whether a frame's text ends as its framing ends a frame: a blank line after SSE fields, a line break after an NDJSON line. */
export function frameEnded(text: string, framing: FramingName): boolean {
  return framing === 'sse' ? BREAK.test(text.replace(BREAK, '')) : BREAK.test(text);
}

/** Takes a unit out of the work. */
export function remove(work: Work, unit: Unit): void {
  work.units.splice(work.units.indexOf(unit), 1);
  work.restructured = true;
}

/** A line with its break, or a last line without one. */
const LINES = /[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g;
/** A line break at the end of a text. */
export const BREAK = /(?:\r\n|\r|\n)$/;

/** A text's lines, each with its line break. */
export function linesOf(text: string): string[] {
  return text.match(LINES) ?? [];
}

/** The line break a text uses (LF when it has none). */
export function lineBreakOf(text: string): string {
  return /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
}

/** The frame with its data lines replaced by one line of `value` as JSON; its other lines are kept. */
export function withData(text: string, value: unknown, framing: FramingName = 'sse'): string {
  const eol = lineBreakOf(text);
  // An NDJSON frame is its document: the line is written anew, its line break kept.
  if (framing !== 'sse') return `${JSON.stringify(value)}${BREAK.exec(text)?.[0] ?? ''}`;
  let written = false;
  const lines = linesOf(text).flatMap((line) => {
    if (!/^data(?::|$)/.test(line.replace(BREAK, ''))) return [line];
    if (written) return [];
    written = true;
    return [`data: ${JSON.stringify(value)}${BREAK.exec(line)?.[0] ?? eol}`];
  });
  return lines.join('');
}

/** A frame's data as a JSON object, or null. */
export function jsonOf(unit: Unit, framing: FramingName = 'sse'): Record<string, unknown> | null {
  const value = fieldsOf(unitText(unit), framing).json;
  return isObject(value) ? value : null;
}
