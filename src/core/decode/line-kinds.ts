// What kind of line the decoder reads, and how it ended. `data:` and `event:` lines are recognised and read by
// position, without cutting out the line or its field name: charCodeAt chains beat startsWith(…, position) several
// times over. A line ending is never ':' or ' ', so looking one character past a short line is harmless.

export const ENDING_NONE = 0;
export const ENDING_LF = 1;
export const ENDING_CRLF = 2;
export const ENDING_CR = 3;
export type Ending = typeof ENDING_LF | typeof ENDING_CRLF | typeof ENDING_CR | typeof ENDING_NONE;

export const OTHER = 0;
export const BLANK = 1;
export const DATA = 2;
export const EVENT = 3;
export type LineKind = typeof OTHER | typeof BLANK | typeof DATA | typeof EVENT;

export function isDataLine(src: string, at: number): boolean {
  return (
    src.charCodeAt(at) === 100 &&
    src.charCodeAt(at + 1) === 97 &&
    src.charCodeAt(at + 2) === 116 &&
    src.charCodeAt(at + 3) === 97 &&
    src.charCodeAt(at + 4) === 58
  );
}

export function isEventLine(src: string, at: number): boolean {
  return (
    src.charCodeAt(at) === 101 &&
    src.charCodeAt(at + 1) === 118 &&
    src.charCodeAt(at + 2) === 101 &&
    src.charCodeAt(at + 3) === 110 &&
    src.charCodeAt(at + 4) === 116 &&
    src.charCodeAt(at + 5) === 58
  );
}

/** The value of the `data:` line `src[at, to)`, one space after the colon dropped. */
export function dataValue(src: string, at: number, to: number): string {
  return src.slice(at + (src.charCodeAt(at + 5) === 32 ? 6 : 5), to);
}

export function eventValue(src: string, at: number, to: number): string {
  return src.slice(at + (src.charCodeAt(at + 6) === 32 ? 7 : 6), to);
}
