import { caretSnippet, explainError, FINDINGS, formatModule, lineLookup, type CaretSnippet, type ErrorExplanation, type Finding, type FindingCode, type FormatName, type Reconstruction, type Severity } from '../core/index.js';

/** A finding as the page shows it: the core's finding, its catalogue title and the line it points at. */
export interface PageFinding {
  code: FindingCode;
  severity: Severity;
  title: string;
  message: string;
  line: number;
  column: number;
  frame?: number;
  /** The offending line with a caret under the column; null for findings about the whole stream. */
  snippet: CaretSnippet | null;
}

/** A finish reason with what it means and where that meaning was read. */
export interface PageFinish {
  reason: string | null;
  meaning: string | null;
  source: string | null;
  read: string | null;
}

/**
 * Everything the reconstructor's report shows except the frames' rows, as plain JSON: built where the stream was
 * read (a worker, the main thread, or the CLI for `--html`) and rendered by `reconstructionHtml`.
 */
export interface ReconstructionReport {
  kind: 'reconstruction';
  format: FormatName | null;
  formatTitle: string | null;
  verdict: Reconstruction['verdict'];
  outcome: Reconstruction['outcome'];
  summary: string;
  choices: Array<Omit<Reconstruction['choices'][number], 'finishMeaning' | 'finishReason'> & { finish: PageFinish }>;
  usage: Reconstruction['usage'];
  steps: NonNullable<Reconstruction['steps']> | null;
  error: unknown;
  /** What the error means, whether to retry and what to change; null when the stream did not end in an error. */
  errorExplanation: ErrorExplanation | null;
  /** The equivalent non-streamed response, pretty-printed. */
  responseJson: string;
  findings: PageFinding[];
  /** Findings of a code past the ones listed, counted only. */
  unlisted: Array<{ code: FindingCode; count: number }>;
  findingTotal: number;
  frameCount: number;
  lines: Reconstruction['lines'];
  timestamped: boolean;
  timing: Reconstruction['timing'];
  inputChars: number;
  /** Milliseconds the read took where it ran. */
  readMs: number;
}

export function buildReconstructionReport(result: Reconstruction, text: string, readMs: number): ReconstructionReport {
  const table = result.format === null ? null : formatModule(result.format);
  const finishTable = table?.finishReasons ?? null;
  const listed = new Map<FindingCode, number>();
  for (const finding of result.findings) listed.set(finding.code, (listed.get(finding.code) ?? 0) + 1);
  const unlisted: ReconstructionReport['unlisted'] = [];
  let findingTotal = 0;
  for (const [code, count] of Object.entries(result.findingCounts) as Array<[FindingCode, number]>) {
    findingTotal += count;
    const shown = listed.get(code) ?? 0;
    if (count > shown) unlisted.push({ code, count: count - shown });
  }
  return {
    kind: 'reconstruction',
    format: result.format,
    formatTitle: table?.title ?? null,
    verdict: result.verdict,
    outcome: result.outcome,
    summary: result.summary,
    choices: result.choices.map(({ finishReason, finishMeaning, ...choice }) => ({
      ...choice,
      finish: {
        reason: finishReason,
        meaning: finishMeaning,
        source: finishReason === null ? null : (finishTable?.source ?? null),
        read: finishReason === null ? null : (finishTable?.read ?? null),
      },
    })),
    usage: result.usage,
    steps: result.steps ?? null,
    error: result.error,
    errorExplanation: result.error === null || result.error === undefined ? null : explainError(result.error, result.format),
    responseJson: JSON.stringify(result.response, null, 2) ?? 'null',
    findings: pageFindings(result.findings, text),
    unlisted,
    findingTotal,
    frameCount: result.frameCount,
    lines: result.lines,
    timestamped: result.timestamped,
    timing: result.timing,
    inputChars: text.length,
    readMs,
  };
}

/** Findings with their catalogue title and the caret snippet of the line each points at. */
export function pageFindings(findings: readonly Finding[], text: string): PageFinding[] {
  const lineAt = lineLookup(text);
  return findings.map((finding) => {
    const lineText = finding.line === 0 ? undefined : lineAt(finding.line);
    const page: PageFinding = {
      code: finding.code,
      severity: finding.severity,
      title: FINDINGS[finding.code].title,
      message: finding.message,
      line: finding.line,
      column: finding.column,
      snippet: lineText === undefined ? null : caretSnippet(lineText, finding.column, { width: SNIPPET_WIDTH }),
    };
    if (finding.frame !== undefined) page.frame = finding.frame;
    return page;
  });
}

/** Characters of an offending line shown around its column. */
export const SNIPPET_WIDTH = 96;

/** One row of the frames table, cut to what a row shows. */
export interface FrameRow {
  index: number;
  line: number;
  endLine: number;
  event: string;
  type: string | null;
  carried: string;
  dispatched: boolean;
  time: string | null;
  elapsedMs: number | null;
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
