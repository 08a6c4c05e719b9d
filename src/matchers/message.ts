import { FINDING_CODES, plural, severityRank, suggestion, type Finding, type FrameRecord } from '../core/index.js';
import type { MatcherContext, MessageStyle } from './context.js';
import type { Received } from './input.js';
export { plural, suggestion };

/** What one matcher decided about one reconstruction, before any runner formats it. */
export interface Outcome {
  pass: boolean;
  /** What was expected and what was found, for a failure of the positive form. */
  failure: string;
  /** The same for a failure of `.not`. */
  notFailure: string;
  /** Values for a diff, shown on a positive failure (Vitest draws it; for Jest it goes in the message). */
  diff?: { expected: unknown; actual: unknown };
  /** Findings that explain the failure, in the order to show them; all findings by default, errors first. */
  findings?: readonly Finding[];
  /** Lines added to the why, before the findings. */
  details?: readonly string[];
  /** What the received stream is called in the why (default `Stream:`; `Downstream:` when two are compared). */
  streamLabel?: string;
}

export const FINDINGS_SHOWN = 6;
export const FRAMES_SHOWN = 3;

/** The failure message: hint, what was expected and found, the diff for Jest, then why. */
export function failureMessage(context: MatcherContext, style: MessageStyle, hint: string, received: Received, outcome: Outcome): string {
  const parts = [hint, context.isNot ? outcome.notFailure : outcome.failure];
  if (!context.isNot && outcome.diff && style === 'jest') {
    const { expected, actual } = outcome.diff;
    parts.push(context.utils.printDiffOrStringify(expected, actual, 'Expected', 'Received', context.expand ?? false));
  }
  parts.push(why(context, received, outcome));
  return parts.join('\n\n');
}

/** The reconstruction behind the failure: summary, HTTP facts, details, the findings that explain it, last frames. */
export function why(context: MatcherContext, received: Received, outcome: Outcome): string {
  const dim = context.utils.DIM_COLOR;
  const lines = [`${dim(outcome.streamLabel ?? 'Stream:')} ${received.summary}`];
  const source = received.source;
  if (source?.kind === 'Response') {
    lines.push(`${dim('HTTP:')} ${source.httpProblem ?? `${source.status ?? '?'}, ${source.contentType ?? 'no content type'}`}`);
  }
  if (source?.readError) lines.push(`${dim('Read:')} the stream failed after ${plural(source.chunks, 'chunk')}: ${source.readError}`);
  if (received.error !== null && received.error !== undefined) lines.push(`${dim('Error:')} ${clip(compact(received.error), 300)}`);
  for (const detail of outcome.details ?? []) lines.push(detail);
  lines.push(...findingLines(context, received, outcome.findings ?? bySeverity(received.findings)));
  lines.push(...frameLines(context, received.frames));
  return lines.join('\n');
}

export function bySeverity(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
}

export function findingLines(context: MatcherContext, received: Received, findings: readonly Finding[]): string[] {
  const dim = context.utils.DIM_COLOR;
  const total = totalFindings(received);
  if (total === 0) return [`${dim('Findings:')} none`];
  const shown = findings.slice(0, FINDINGS_SHOWN);
  const lines = [`${dim('Findings:')}`];
  for (const finding of shown) lines.push(`  ${position(finding)}  ${finding.code} (${finding.severity}): ${finding.message}`);
  if (total > shown.length) lines.push(`  …and ${total - shown.length} more (${countsText(received.findingCounts)})`);
  return lines;
}

function frameLines(context: MatcherContext, frames: readonly FrameRecord[]): string[] {
  const dim = context.utils.DIM_COLOR;
  if (frames.length === 0) return [`${dim('Last frames:')} none`];
  const last = frames.slice(-FRAMES_SHOWN);
  const from = frames.length > last.length ? ` (${frames.length} in all)` : '';
  return [`${dim(`Last frames${from}:`)}`, ...last.map((frame) => `  ${frameRow(frame)}`)];
}

/** One frame in a few words: index, line, type, and what it carried. */
export function frameRow(frame: FrameRecord): string {
  const type = frame.type ?? (frame.event === 'message' ? '(no type)' : `event ${frame.event}`);
  return `#${frame.index}  line ${frame.line}  ${type}${frame.carried ? `  ${frame.carried}` : ''}`;
}

export function position(finding: Finding): string {
  return finding.line === 0 ? 'whole stream' : `${finding.line}:${finding.column}`;
}

export function totalFindings(received: Received): number {
  return Object.values(received.findingCounts).reduce<number>((sum, count) => sum + (count ?? 0), 0);
}

/** "2 unknown event, 1 no end": counts by code, largest first. */
export function countsText(counts: Received['findingCounts']): string {
  return Object.entries(counts)
    .filter(([, count]) => (count ?? 0) > 0)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([code, count]) => `${count} ${code}`)
    .join(', ');
}

function compact(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function quote(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Throws the usage error for an argument that is not one of `known`. */
export function checkOneOf(what: string, value: unknown, known: readonly string[]): void {
  if (typeof value === 'string' && known.includes(value)) return;
  // A near miss is named; the whole list only helps when nothing is close.
  const help = suggestion(value, known) || ` It must be one of ${known.map((name) => JSON.stringify(name)).join(', ')}.`;
  throw new TypeError(`${what} ${quote(value)} is not known.${help}`);
}

export function checkFindingCode(what: string, value: unknown): void {
  checkOneOf(what, value, FINDING_CODES);
}
