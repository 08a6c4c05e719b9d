import { clientProfiles, readClients, reportOf, type ClientVerdict, type Reconstruction, type Report, type ReportFinding, type ReportFinish, type ReportFrame, type StreamReconstruction, type StreamState } from '../core/index.js';

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
  /** What each real client of the format does with the stream (`clientsOf`); null when no profile reads its format. */
  clients: PageClients | null;
}

/** The client panel's facts: what the stream is, and each client reader's reading of it. */
export interface PageClients {
  stream: StreamState;
  streamWhy: string;
  /** Empty when the capture is larger than CLIENT_READ_CHARS: the panel says to read it with `clientsOf()`. */
  readings: PageClientReading[];
}

/** One client reader's reading as the panel shows it: who, its verdict and why, what it handed over, its source. */
export interface PageClientReading {
  client: string;
  reader: string;
  versions: string;
  source: string;
  verdict: ClientVerdict;
  why: string;
  readsWhole: boolean;
  textChars: number;
  toolCalls: Array<{ name: string; id: string | null }>;
}

/** The largest capture whose clients the page reads: each profile reads the whole text again. */
export const CLIENT_READ_CHARS = 2_000_000;

/** The page's report of a reconstruction read from `text`. */
export function buildReconstructionReport(result: Reconstruction, text: string, readMs: number): ReconstructionReport {
  return pageReport(reportOf(result, { source: text, snippetWidth: SNIPPET_WIDTH }), text.length, readMs, clientsOfText(result, text));
}

/** The core's report as the page takes it. */
export function pageReport(report: Report, inputChars: number, readMs: number, clients: PageClients | null = null): ReconstructionReport {
  const { response, ...shown } = report;
  return { ...shown, responseJson: JSON.stringify(response, null, 2) ?? 'null', inputChars, readMs, clients };
}

/** The clients' readings of a capture read from `text` (null when no client profile reads its format). */
function clientsOfText(result: Reconstruction, text: string): PageClients | null {
  if (result.format === null || (clientProfiles().get(result.format) ?? []).length === 0) return null;
  // A capture too large is not read again: the stream's facts, and no readings.
  const report = readClients(text, result as StreamReconstruction, text.length > CLIENT_READ_CHARS ? [] : undefined);
  const readings = report.readings.map(({ client, reader, versions, source, verdict, why, readsWhole, text: handed, toolCalls }) => ({
    client,
    reader,
    versions,
    source,
    verdict,
    why,
    readsWhole,
    textChars: handed.length,
    toolCalls: toolCalls.map(({ name, id }) => ({ name, id })),
  }));
  return { stream: report.stream, streamWhy: report.streamWhy, readings };
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
