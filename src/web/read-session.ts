import { createInspection, createReconstruction, FORMAT_NAMES, reportFrame, type FormatName, type FrameRecord, type InspectedEvent, type Reconstruction } from '../core/index.js';
import { buildInspectionReport, eventRow, type EventRow, type InspectionReport } from './inspection-model.js';
import { buildReconstructionReport, oneLine, ROW_DATA_CHARS, type FrameRow, type ReconstructionReport } from './report-model.js';

/** What the page asks to read: a format name, `auto`, or `events` (any event stream, read by the inspector). */
export type ReadMode = 'auto' | FormatName | 'events';

/** Every mode, in the order the page offers them: the formats come from the registry. */
export const READ_MODES: readonly ReadMode[] = ['auto', ...FORMAT_NAMES, 'events'];

export interface ReadRequest {
  text: string;
  mode: ReadMode;
  /** The inspector's dotted path into each event's JSON. */
  path?: string;
}

export type PageReport = ReconstructionReport | InspectionReport;
export type TableRow = FrameRow | EventRow;

/** How much text is pushed between yields when the read shares the main thread. */
const SLICE_CHARS = 1 << 20;

/**
 * Reads a pasted stream and keeps its result, so the frames table can ask for rows as they scroll into view. Runs
 * in the worker, or on the main thread in slices (`pause` yields to the event loop between them).
 */
export class ReadSession {
  private text = '';
  private result: Reconstruction | null = null;
  private frames: FrameRecord[] | null = null;
  private events: InspectedEvent[] | null = null;

  /** Reads counted, so that a read overtaken by a newer one (reads in slices interleave) keeps nothing. */
  private reads = 0;

  async read(request: ReadRequest, pause?: () => Promise<void>): Promise<PageReport> {
    const started = now();
    const mine = (this.reads += 1);
    this.keep(request.text, null, null);
    if (request.mode === 'events') {
      const session = createInspection(request.path ? { path: request.path } : {});
      await feed(request.text, (slice) => session.push(slice), pause);
      const inspection = session.end();
      if (mine === this.reads) this.keep(request.text, null, inspection.events);
      return buildInspectionReport(inspection, request.text, now() - started);
    }
    const session = createReconstruction(request.mode === 'auto' ? {} : { format: request.mode });
    await feed(request.text, (slice) => session.push(slice), pause);
    const result = session.end();
    if (mine === this.reads) this.keep(request.text, result, null);
    return buildReconstructionReport(result, request.text, now() - started);
  }

  private keep(text: string, result: Reconstruction | null, events: InspectedEvent[] | null): void {
    this.text = text;
    this.result = result;
    this.frames = null;
    this.events = events;
  }

  /** Rows `from` up to `to` (exclusive) of the frames (or events) table. */
  rows(from: number, to: number): TableRow[] {
    const start = Math.max(0, from);
    const end = Math.max(start, to);
    if (this.events !== null) return this.events.slice(start, end).map(eventRow);
    if (this.result === null) return [];
    this.frames ??= this.result.frames;
    if (end === start) return [];
    return this.frames.slice(start, end).map((frame) => frameRow(frame, this.text));
  }

  /** Row `index` in full: a frame's lines from the input, or an event's data; null past the end. */
  detail(index: number): RowDetail | null {
    const event = this.events?.[index];
    if (event !== undefined) {
      const lines = event.line === event.endLine ? `line ${event.line}` : `lines ${event.line}–${event.endLine}`;
      const arrived = event.time === undefined ? '' : ` · arrived ${event.time}`;
      return { index, title: `Event ${index} · ${event.event} · ${lines}${arrived}`, text: cut(this.text.slice(event.start, event.end)), note: event.note ?? null };
    }
    if (this.result === null) return null;
    this.frames ??= this.result.frames;
    const frame = this.frames[index];
    if (frame === undefined) return null;
    const lines = frame.line === frame.endLine ? `line ${frame.line}` : `lines ${frame.line}–${frame.endLine}`;
    const arrived = frame.time === undefined ? '' : ` · arrived ${frame.time}`;
    return { index, title: `Frame ${index} · ${lines}${arrived} · ${frame.carried}`, text: cut(this.text.slice(frame.start, frame.end)), note: frame.dispatched ? null : 'A spec client does not dispatch this frame.' };
  }
}

/** One frame (or event) in full, as the detail under the table shows it. */
export interface RowDetail {
  index: number;
  title: string;
  /** The lines of the frame (or event) as they came, cut past DETAIL_CHARS. */
  text: string;
  note: string | null;
}

/** The most characters of one frame the detail shows. */
const DETAIL_CHARS = 100_000;

async function feed(text: string, push: (slice: string) => void, pause?: () => Promise<void>): Promise<void> {
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    push(text.slice(at, at + SLICE_CHARS));
    if (pause !== undefined) await pause();
  }
}

function frameRow(frame: FrameRecord, text: string): FrameRow {
  const data = frame.data ?? text.slice(frame.start, Math.min(frame.end, frame.start + ROW_DATA_CHARS * 2));
  return { ...reportFrame(frame), data: oneLine(data) };
}

function cut(text: string): string {
  return text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}…` : text;
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
