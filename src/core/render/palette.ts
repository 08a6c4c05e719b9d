import type { Severity } from '../findings.js';

/** Paints a piece of text (ANSI colours on a terminal, nothing otherwise). */
export type Paint = (text: string) => string;

/** The paints a text report uses: headings, dim notes, and the good, bad and warning tones. */
export interface Palette {
  heading: Paint;
  dim: Paint;
  good: Paint;
  bad: Paint;
  warn: Paint;
}

const plain: Paint = (text) => text;
const ansi = (open: number, close: number): Paint => (text) => `\u001b[${open}m${text}\u001b[${close}m`;

const PLAIN: Palette = { heading: plain, dim: plain, good: plain, bad: plain, warn: plain };
const COLOURED: Palette = { heading: ansi(1, 22), dim: ansi(2, 22), good: ansi(32, 39), bad: ansi(31, 39), warn: ansi(33, 39) };

/** ANSI colours when `color` is true, else plain text. */
export function paletteFor(color: boolean | undefined): Palette {
  return color === true ? COLOURED : PLAIN;
}

/** Which colour a severity is painted in: must fix red, check yellow, note dim. */
export const SEVERITY_PAINT: Record<Severity, keyof Palette> = { error: 'bad', warning: 'warn', info: 'dim' };
