import { reportOf, type Reconstruction, type Report, type ReportFinding, type ReportFinish, type ReportFrame } from '../core/index.js';

/** A finding as the page shows it: the report's finding (catalogue title, caret snippet). */
export type PageFinding = ReportFinding;

/** A finish reason with what it means and where that meaning was read. */
export type PageFinish = ReportFinish;

/**
 * The core's report (`reportOf`), as the page renders it with `reconstructionHtml`: built where the stream was read
 * (a worker, the main thread, or the CLI for `--html`), with the response already pretty-printed (a worker does
 * that work, not the page's thread) and what the page adds: the input's size and how long the read took.
 */
export interface ReconstructionReport extends Omit<Report, 'response'> {
  /** The equivalent non-streamed response, pretty-printed. */
  responseJson: string;
  inputChars: number;
  /** Milliseconds the read took where it ran. */
  readMs: number;
}

/** The page's report of a reconstruction read from `text`. */
export function buildReconstructionReport(result: Reconstruction, text: string, readMs: number): ReconstructionReport {
  return pageReport(reportOf(result, { source: text, snippetWidth: SNIPPET_WIDTH }), text.length, readMs);
}

/** The core's report as the page takes it. */
export function pageReport(report: Report, inputChars: number, readMs: number): ReconstructionReport {
  const { response, ...shown } = report;
  return { ...shown, responseJson: JSON.stringify(response, null, 2) ?? 'null', inputChars, readMs };
}

/** Characters of an offending line shown around its column. */
export const SNIPPET_WIDTH = 96;

/** One row of the frames table, cut to what a row shows: the report's frame and its data. */
export interface FrameRow extends ReportFrame {
  /** The frame's data (or its raw text when the data was not kept), cut to a row's width. */
  data: string;
}

/** How much of a frame's data a row carries: the table shows one line of it. */
export const ROW_DATA_CHARS = 160;

/** A frame's data as a table row shows it: cut after ROW_DATA_CHARS, its line breaks drawn as ⏎. */
export function oneLine(data: string): string {
  const cut = data.length > ROW_DATA_CHARS ? `${data.slice(0, ROW_DATA_CHARS)}…` : data;
  return cut.replace(/\r?\n/g, ' ⏎ ');
}
