import type { FindingList } from '../findings.js';
import type { FrameMarks } from './decoder.js';

/** State of the frame being read, between blank lines. */
export interface OpenFrame extends FrameMarks {
  line: number;
  column: number;
  start: number;
  data: string | null;
  dataLine: number;
  dataColumn: number;
  event: string;
  eventLine: number;
  eventColumn: number;
  retry: number | undefined;
  time: string | undefined;
  elapsedMs: number | undefined;
  /** Findings about its lines, raised when it ends so they can name it (rarely any). */
  notes: Note[] | null;
  /** Its unknown-field lines joined, while no known field has been read (a bare JSON document, perhaps). */
  bareText: string | null;
  bareEndLine: number;
  knownField: boolean;
  bare: boolean;
}

interface Note {
  code: 'ignored line' | 'bad retry';
  message: string;
  line: number;
  column: number;
}

/** What a field line changes beyond its frame: the last event id and the reconnection delay of the stream. */
export interface StreamFields {
  /** The line being read. */
  readonly lineNo: number;
  lastEventId: string;
  streamRetry: number | undefined;
  /** Whether the line being read had an ending (a spec client never reads an unended last line). */
  readonly lineEnded: boolean;
}

/** The one record the decoder reuses for every frame, every field set in one order. */
export function emptyOpenFrame(): OpenFrame {
  return {
    line: 0,
    column: 0,
    start: 0,
    data: null,
    dataLine: 0,
    dataColumn: 0,
    event: '',
    eventLine: 0,
    eventColumn: 0,
    retry: undefined,
    time: undefined,
    elapsedMs: undefined,
    notes: null,
    bareText: null,
    bareEndLine: 0,
    knownField: false,
    bare: false,
  };
}

/** Any field line: split at its first colon, one space after the colon dropped. */
export function readField(stream: StreamFields, open: OpenFrame, line: string, column: number): void {
  const colon = line.indexOf(':');
  const field = colon === -1 ? line : line.slice(0, colon);
  let value = colon === -1 ? '' : line.slice(colon + 1);
  if (value.charCodeAt(0) === 32) value = value.slice(1);
  switch (field) {
    case 'data':
      return readData(open, value, column, stream.lineNo);
    case 'event':
      return readEvent(open, value, column, stream.lineNo);
    case 'id':
      open.knownField = true;
      if (value.indexOf('\u0000') === -1) stream.lastEventId = value;
      return;
    case 'retry':
      open.knownField = true;
      readRetry(stream, open, value, column);
      return;
    default:
      note(open, 'ignored line', ignoredFieldMessage(field), stream.lineNo, column);
      keepBareLine(open, line, stream.lineNo);
  }
}

export function readData(open: OpenFrame, value: string, column: number, lineNo: number): void {
  if (open.data === null) {
    open.data = value;
    open.dataLine = lineNo;
    open.dataColumn = column;
  } else open.data = open.data + '\n' + value;
}

export function readEvent(open: OpenFrame, value: string, column: number, lineNo: number): void {
  open.event = value;
  open.eventLine = lineNo;
  open.eventColumn = column;
}

function readRetry(stream: StreamFields, open: OpenFrame, value: string, column: number): void {
  if (/^[0-9]+$/.test(value)) {
    open.retry = Number.parseInt(value, 10);
    if (stream.lineEnded) stream.streamRetry = open.retry;
    return;
  }
  note(
    open,
    'bad retry',
    `\`retry: ${value}\` is not a number of milliseconds, so a spec client ignores it and the reconnection delay is not set. Write digits only, e.g. \`retry: 3000\`.`,
    stream.lineNo,
    column,
  );
}

function keepBareLine(open: OpenFrame, line: string, lineNo: number): void {
  if (open.knownField || open.data !== null || open.eventLine > 0) return;
  open.bareText = open.bareText === null ? line : `${open.bareText}\n${line}`;
  open.bareEndLine = lineNo;
}

/**
 * A frame made only of unknown-field lines that together parse as a JSON object or list (Gemini's error body is a
 * list of one): one finding, and keep the text.
 */
export function readBare(open: OpenFrame, findings: FindingList, frameIndex: number): string | null {
  const text = open.bareText;
  if (text === null || open.knownField || open.data !== null || open.eventLine > 0) return null;
  const first = text.trimStart().charCodeAt(0);
  if (first !== 123 /* { */ && first !== 91 /* [ */) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
  } catch {
    return null;
  }
  open.notes = null;
  findings.add(
    'ignored line',
    `Lines ${open.line}-${open.bareEndLine} are a JSON document written without \`data:\` framing (${JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 60))}…); a spec client ignores every one of them. It was read anyway so that what it says is not lost. Send it as a \`data:\` line followed by a blank line.`,
    open.line,
    open.column,
    frameIndex,
  );
  open.bare = true;
  return text;
}

function note(open: OpenFrame, code: Note['code'], message: string, line: number, column: number): void {
  (open.notes ??= []).push({ code, message, line, column });
}

/** Raises the findings about a frame's lines, naming the frame when it was handed over. */
export function flushNotes(open: OpenFrame, findings: FindingList, frameIndex: number | undefined): void {
  if (open.notes === null) return;
  for (const n of open.notes) findings.add(n.code, n.message, n.line, n.column, frameIndex);
  open.notes = null;
}

function ignoredFieldMessage(field: string): string {
  const lower = field.toLowerCase();
  const known = ['data', 'event', 'id', 'retry'];
  const near = known.find((name) => name === lower || name === field.trim());
  const shown = field.length > 40 ? `${field.slice(0, 40)}…` : field;
  if (near !== undefined) {
    return `\`${shown}\` is not the field \`${near}\`: field names are case-sensitive and nothing is trimmed, so a spec client ignores this line. Write \`${near}:\`.`;
  }
  return `\`${shown}\` is not an SSE field (only data, event, id and retry exist), so a spec client ignores this line.`;
}
