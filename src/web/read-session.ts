import { createReconstruction, type FormatName, type FrameRecord, type Reconstruction } from '../core/index.js';
import { buildReconstructionReport, ROW_DATA_CHARS, type FrameRow, type ReconstructionReport } from './report-model.js';

/** What the page asks to read: a format name, `auto`, or `events` (any event stream, read by the inspector). */
export type ReadMode = 'auto' | FormatName | 'events';

export interface ReadRequest {
  text: string;
  mode: ReadMode;
  /** The inspector's dotted path into each event's JSON. */
  path?: string;
}

export type PageReport = ReconstructionReport;

/** How much text is pushed between yields when the read shares the main thread. */
const SLICE_CHARS = 1 << 20;

/**
 * Reads a pasted stream and keeps its result, so the frames table can ask for rows as they scroll into view. Runs
 * in the worker, or on the main thread in slices (`pause` yields to the event loop between them).
 */
export class ReadSession {
  private result: Reconstruction | null = null;
  private text = '';
  private frames: FrameRecord[] | null = null;

  async read(request: ReadRequest, pause?: () => Promise<void>): Promise<PageReport> {
    const started = now();
    this.text = request.text;
    this.frames = null;
    const session = createReconstruction(request.mode === 'auto' || request.mode === 'events' ? {} : { format: request.mode });
    for (let at = 0; at < request.text.length; at += SLICE_CHARS) {
      session.push(request.text.slice(at, at + SLICE_CHARS));
      if (pause !== undefined) await pause();
    }
    this.result = session.end();
    return buildReconstructionReport(this.result, request.text, now() - started);
  }

  /** Rows `from` up to `to` (exclusive) of the frames table. */
  rows(from: number, to: number): FrameRow[] {
    if (this.result === null) return [];
    this.frames ??= this.result.frames;
    return this.frames.slice(Math.max(0, from), Math.max(0, to)).map((frame) => frameRow(frame, this.text));
  }
}

function frameRow(frame: FrameRecord, text: string): FrameRow {
  const data = frame.data ?? text.slice(frame.start, Math.min(frame.end, frame.start + ROW_DATA_CHARS * 2));
  return {
    index: frame.index,
    line: frame.line,
    endLine: frame.endLine,
    event: frame.event,
    type: frame.type,
    carried: frame.carried,
    dispatched: frame.dispatched,
    time: frame.time ?? null,
    elapsedMs: frame.elapsedMs ?? null,
    data: oneLine(data),
  };
}

function oneLine(data: string): string {
  const cut = data.length > ROW_DATA_CHARS ? `${data.slice(0, ROW_DATA_CHARS)}…` : data;
  return cut.replace(/\r?\n/g, ' ⏎ ');
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
