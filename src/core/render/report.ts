// The one report model. Every face that shows a reconstruction (the CLI's text, the page and `--html`, the snapshot
// serializer, the matchers' failure messages) renders a Report built here, so no face picks its own fields from the
// Reconstruction, and a fact added here reaches them all. Plain data, no Node built-ins: the page builds it in a
// worker and posts it to its main thread.
import { explainError, type ErrorExplanation } from '../errors/explain.js';
import { FINDINGS, type Finding, type FindingCode, type Severity } from '../findings.js';
import { formatModule } from '../formats/registry.js';
import type { LiveStreamFacts } from '../input/stream.js';
import type { BehaviorStep, Choice, FormatName, FrameRecord, Outcome, Reconstruction, Timing, Verdict } from '../model.js';
import type { LineTally } from '../decode/frame.js';
import type { LineSource } from './finding-lines.js';
import { caretSnippet, lineLookup, type CaretSnippet } from './snippet.js';

/**
 * The colour of a report's headline, the same in every face: the verdict's, and for a complete stream the worst of
 * its outcome and its findings, so nothing green sits above an error or a finding to fix or check. `ok`: complete,
 * with notes only.
 */
export type ReportTone = 'good' | 'ok' | 'warn' | 'bad';

/** A finding as a report lists it: the core's finding, its catalogue title and the line it points at. */
export interface ReportFinding {
  code: FindingCode;
  severity: Severity;
  /** The catalogue's title for the code. */
  title: string;
  message: string;
  /** 1-based line and column; line 0 for a finding about the whole stream. */
  line: number;
  column: number;
  /** The frame it is about, when it is about one. */
  frame?: number;
  /** The offending line with a caret under the column; null without the input, or for the whole stream. */
  snippet: CaretSnippet | null;
}

/** A finish reason with what it means and where that meaning was read. */
export interface ReportFinish {
  reason: string | null;
  meaning: string | null;
  /** Where the format's finish-reason table was read, and when; null without a reason. */
  source: string | null;
  read: string | null;
}

/** One choice's answer as a report shows it: text, refusal, reasoning, tool calls and the finish. */
export type ReportChoice = Omit<Choice, 'finishMeaning' | 'finishReason'> & { finish: ReportFinish };

/** One frame as a report lists it: where it is, its type and what it carried. */
export interface ReportFrame {
  index: number;
  line: number;
  endLine: number;
  event: string;
  type: string | null;
  carried: string;
  dispatched: boolean;
  /** The capture's timestamp of its first line, as written; null when the capture has none. */
  time: string | null;
  elapsedMs: number | null;
}

/** How a live stream was read: its HTTP facts and a read that failed part-way. Null for text, bytes and chunks. */
export type ReportRead = Pick<LiveStreamFacts, 'kind' | 'status' | 'contentType' | 'httpProblem' | 'readError' | 'chunks'>;

/** Findings of a code past the ones listed, counted only. */
export interface UnlistedCount {
  code: FindingCode;
  count: number;
}

/** Everything the faces show of a reconstruction, as plain JSON. */
export interface Report {
  kind: 'reconstruction';
  format: FormatName | null;
  /** The format's name as its documentation writes it; null when no format was recognised. */
  formatTitle: string | null;
  verdict: Verdict;
  outcome: Outcome;
  /** The reconstruction's one-line summary. */
  summary: string;
  read: ReportRead | null;
  choices: ReportChoice[];
  usage: Record<string, unknown> | null;
  steps: BehaviorStep[] | null;
  /** The error object the stream ended with, or null. */
  error: unknown;
  /** What the error means, whether to retry and what to change; null when the stream did not end in an error. */
  errorExplanation: ErrorExplanation | null;
  /** The equivalent non-streamed response. */
  response: unknown;
  /** The findings listed, in stream order. */
  findings: ReportFinding[];
  unlisted: UnlistedCount[];
  /** Every finding, listed or counted. */
  findingTotal: number;
  findingCounts: Partial<Record<FindingCode, number>>;
  frameCount: number;
  /** The frames asked for (`ReportOptions.frames`): none, the last few, or all. */
  frames: ReportFrame[];
  lines: LineTally;
  timestamped: boolean;
  timing: Timing;
}

/** What a report includes beyond what every face shows. */
export interface ReportOptions {
  /**
   * The input the result was read from, for each finding's caret snippet: the text, or a function from a line
   * number to that line (see `lineLookup`). Without it, findings have no snippet.
   */
  source?: string | LineSource;
  /** Most characters of an offending line in a snippet (default 40). */
  snippetWidth?: number;
  /** The frames to list: `all`, the last `n` (`{ last: n }`), or none (default). */
  frames?: 'all' | 'none' | { last: number };
}

/** A reconstruction as it was read live: `reconstructStream()` adds how. */
export type ReportedReconstruction = Reconstruction & { source?: Partial<ReportRead> | null };

/** The report of a reconstruction, which every face renders. */
export function reportOf(result: ReportedReconstruction, options: ReportOptions = {}): Report {
  const { unlisted, total } = findingTally(result.findings, result.findingCounts);
  return {
    kind: 'reconstruction',
    format: result.format,
    formatTitle: result.format === null ? null : formatModule(result.format).title,
    verdict: result.verdict,
    outcome: result.outcome,
    summary: result.summary,
    read: readOf(result.source),
    choices: result.choices.map((choice) => reportChoice(choice, result.format)),
    usage: result.usage,
    steps: result.steps ?? null,
    error: result.error,
    errorExplanation: result.error === null || result.error === undefined ? null : explainError(result.error, result.format),
    response: result.response,
    findings: reportFindings(result.findings, options),
    unlisted,
    findingTotal: total,
    findingCounts: { ...result.findingCounts },
    frameCount: result.frameCount,
    frames: framesOf(result, options.frames ?? 'none'),
    lines: result.lines,
    timestamped: result.timestamped,
    timing: result.timing,
  };
}

/**
 * The headline's tone (see `ReportTone`), from the report's verdict, outcome and findings: one rule for every face.
 * Every code is listed at least once, so the listed findings' severities are those of all.
 */
export function toneOf(report: Pick<Report, 'verdict' | 'outcome' | 'findings' | 'findingTotal'>): ReportTone {
  const { verdict, outcome, findings, findingTotal } = report;
  if (verdict === 'did not finish') return 'bad';
  if (verdict === 'not the whole stream') return 'warn';
  if (outcome === 'error_event' || findings.some((finding) => finding.severity === 'error')) return 'bad';
  if (outcome !== 'ok' || findings.some((finding) => finding.severity === 'warning')) return 'warn';
  return findingTotal === 0 ? 'good' : 'ok';
}

/** A choice with its finish reason's meaning and where that meaning was read (the format's table). */
export function reportChoice(choice: Choice, format: FormatName | null): ReportChoice {
  const { finishReason, finishMeaning, ...answer } = choice;
  const table = format === null || finishReason === null ? null : formatModule(format).finishReasons;
  return { ...answer, finish: { reason: finishReason, meaning: finishMeaning, source: table?.source ?? null, read: table?.read ?? null } };
}

/** Findings as a report lists them, each with its title and, given the input, the caret snippet of its line. */
export function reportFindings(findings: readonly Finding[], options: Pick<ReportOptions, 'source' | 'snippetWidth'> = {}): ReportFinding[] {
  const lineAt = typeof options.source === 'string' ? lineLookup(options.source) : options.source;
  const width = options.snippetWidth;
  return findings.map((finding) => {
    const lineText = finding.line === 0 || lineAt === undefined ? undefined : lineAt(finding.line);
    const listed: ReportFinding = {
      code: finding.code,
      severity: finding.severity,
      title: FINDINGS[finding.code].title,
      message: finding.message,
      line: finding.line,
      column: finding.column,
      snippet: lineText === undefined ? null : caretSnippet(lineText, finding.column, width === undefined ? {} : { width }),
    };
    if (finding.frame !== undefined) listed.frame = finding.frame;
    return listed;
  });
}

/** The findings counted past the listing bound, code by code, and the total of all. */
export function findingTally(findings: ReadonlyArray<{ code: FindingCode }>, counts: Partial<Record<FindingCode, number>>): { unlisted: UnlistedCount[]; total: number } {
  const shown = new Map<FindingCode, number>();
  for (const finding of findings) shown.set(finding.code, (shown.get(finding.code) ?? 0) + 1);
  const unlisted: UnlistedCount[] = [];
  let total = 0;
  for (const [code, count] of Object.entries(counts) as Array<[FindingCode, number]>) {
    total += count;
    const more = count - (shown.get(code) ?? 0);
    if (more > 0) unlisted.push({ code, count: more });
  }
  return { unlisted, total };
}

/** One frame's row: the frame record without its data and offsets. */
export function reportFrame(frame: FrameRecord): ReportFrame {
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
  };
}

// The frames table is built when first read: touch it only when frames are asked for.
function framesOf(result: Reconstruction, wanted: NonNullable<ReportOptions['frames']>): ReportFrame[] {
  if (wanted === 'none') return [];
  const frames = result.frames;
  const shown = wanted === 'all' ? frames : frames.slice(-Math.max(0, Math.floor(wanted.last)) || frames.length);
  return shown.map(reportFrame);
}

function readOf(source: Partial<ReportRead> | null | undefined): ReportRead | null {
  if (source === null || source === undefined || source.kind === undefined) return null;
  return {
    kind: source.kind,
    status: source.status ?? null,
    contentType: source.contentType ?? null,
    httpProblem: source.httpProblem ?? null,
    readError: source.readError ?? null,
    chunks: source.chunks ?? 0,
  };
}
