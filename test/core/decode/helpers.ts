// Shared by the decoder tests: ways of cutting an input into chunks, a plain line splitter to check positions
// against, and a minimal WHATWG reference parser to compare dispatched frames with.
import { decode, type DecodeResult, type Frame } from '../../../src/index.js';

/** Cuts `text` (or bytes) at the given positions; positions are clamped, sorted and de-duplicated. */
export function cutAt<T extends string | Uint8Array>(input: T, positions: readonly number[]): T[] {
  const cuts = [...new Set(positions.map((p) => Math.max(0, Math.min(input.length, p))))].sort((a, b) => a - b);
  const pieces: T[] = [];
  let from = 0;
  for (const cut of [...cuts, input.length]) {
    pieces.push(input.slice(from, cut) as T);
    from = cut;
  }
  return pieces;
}

/** One UTF-16 code unit per chunk (surrogate pairs split too). */
export function perCodeUnit(text: string): string[] {
  return text.split('');
}

/** One code point per chunk. */
export function perCodePoint(text: string): string[] {
  return Array.from(text);
}

/** One byte per chunk. */
export function perByte(bytes: Uint8Array): Uint8Array[] {
  return Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Everything decode() returns, in a form `toEqual` compares whole. */
export function outcome(result: DecodeResult): DecodeResult {
  return structuredClone(result);
}

export function decodeWhole(text: string): DecodeResult {
  return outcome(decode(text));
}

export interface RawLine {
  /** UTF-16 offset of the line's first character. */
  start: number;
  /** Offset of its line ending (or of the end of the text). */
  end: number;
  /** Offset just past its line ending. */
  next: number;
  text: string;
}

/**
 * Splits decoded text into lines the way the event-stream grammar does (CRLF, LF or CR end a line), after the one
 * leading BOM. A last line with no ending is a line; an empty text has none.
 */
export function splitLines(text: string): RawLine[] {
  const lines: RawLine[] = [];
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let i = start;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) {
      const next = code === 13 && text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
      lines.push({ start, end: i, next, text: text.slice(start, i) });
      start = next;
      i = next;
    } else i += 1;
  }
  if (start < text.length) lines.push({ start, end: text.length, next: text.length, text: text.slice(start) });
  return lines;
}

export interface RefEvent {
  event: string;
  data: string;
  lastEventId: string;
}

/**
 * A deliberately plain WHATWG "interpreting an event stream" parser (one character at a time, no positions, no
 * findings), to compare the real decoder's dispatched frames against.
 */
export function referenceEvents(text: string): RefEvent[] {
  return eventsOfLines(splitLines(text).map((line) => line.text));
}

function eventsOfLines(lines: readonly string[]): RefEvent[] {
  const events: RefEvent[] = [];
  let data = '';
  let type = '';
  let idBuffer = '';
  const dispatch = () => {
    if (data === '') {
      type = '';
      return;
    }
    events.push({ event: type === '' ? 'message' : type, data: data.endsWith('\n') ? data.slice(0, -1) : data, lastEventId: idBuffer });
    data = '';
    type = '';
  };
  for (const line of lines) {
    if (line === '') dispatch();
    else if (line.startsWith(':')) continue;
    else {
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') type = value;
      else if (field === 'data') data += value + '\n';
      else if (field === 'id' && !value.includes('\u0000')) idBuffer = value;
    }
  }
  return events;
}

/** What a spec client keeps of a whole stream besides its events: what it would reconnect with, what it read. */
export interface RefState {
  events: RefEvent[];
  /** The last event ID string, set at each dispatch (every blank line): what `Last-Event-ID` carries. */
  lastEventId: string;
  /** The reconnection time a valid `retry:` set, if one did. */
  retry: number | undefined;
  /** Comment lines read. */
  comments: number;
}

/**
 * The same plain parser, reading only the lines a spec client reads (an unended last line is still in its buffer
 * when the stream closes), and keeping its state: the last event ID string, the reconnection time, comments read.
 */
export function referenceState(text: string): RefState {
  const ended = splitLines(text).filter((line) => line.next > line.end);
  const state: RefState = { events: [], lastEventId: '', retry: undefined, comments: 0 };
  let idBuffer = '';
  for (const { text: line } of ended) {
    if (line === '') state.lastEventId = idBuffer;
    else if (line.startsWith(':')) state.comments += 1;
    else {
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'id' && !value.includes('\u0000')) idBuffer = value;
      else if (field === 'retry' && /^[0-9]+$/.test(value)) state.retry = Number(value);
    }
  }
  state.events = eventsOfLines(ended.map((line) => line.text));
  return state;
}

/** What a spec client would see of the decoder's frames. */
export function dispatched(frames: readonly Frame[]): RefEvent[] {
  return frames.filter((f) => f.dispatched).map((f) => ({ event: f.event, data: f.data, lastEventId: f.lastEventId }));
}

/**
 * Cut positions in [1, length - 1] picked by fast-check: half anywhere, half within 20 of a CR or LF, where
 * chunk boundaries matter (split CRLF, the last characters of a long line).
 */
export function positionsFrom(raw: readonly number[], input: string | Uint8Array | number): number[] {
  const length = typeof input === 'number' ? input : input.length;
  if (length < 2) return [];
  const ends = typeof input === 'number' ? [] : lineEnds(input);
  return raw.map((n) => {
    const end = ends[(n >> 1) % (ends.length || 1)];
    if (n % 2 === 0 || end === undefined) return 1 + (n % (length - 1));
    return Math.max(1, Math.min(length - 1, end + ((n >> 8) % 41) - 20));
  });
}

function lineEnds(input: string | Uint8Array): number[] {
  const ends: number[] = [];
  for (let i = 0; i < input.length; i += 1) {
    const code = typeof input === 'string' ? input.charCodeAt(i) : input[i];
    if (code === 10 || code === 13) ends.push(i);
  }
  return ends;
}
