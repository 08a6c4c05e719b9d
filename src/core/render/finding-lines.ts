import type { FindingCode, Severity } from '../findings.js';
import type { Palette } from './palette.js';
import { SEVERITY_PAINT } from './palette.js';
import { SEVERITY_LABELS } from './severity.js';
import { findingTally, type UnlistedCount } from './report.js';
import { caretSnippet, visibleLine, type CaretSnippet } from './snippet.js';

/** What a findings list shows of one finding or inspection problem. */
export interface ListedProblem {
  severity: Severity;
  line: number;
  column: number;
  /** The code, or a title naming this occurrence. */
  heading: string;
  message: string;
  snippet?: CaretSnippet | undefined;
}

/** The lines of a line-numbered text, to draw snippets from. */
export type LineSource = (line: number) => string | undefined;

/**
 * A findings list as the CLI prints it: where, the severity in the inspector's words and what, then the message,
 * then the offending line with a caret (from the problem's own snippet, or from `source`).
 */
export function problemLines(problems: readonly ListedProblem[], paint: Palette, source?: LineSource): string[] {
  const wheres = problems.map((p) => (p.line === 0 ? 'stream' : `${p.line}:${p.column}`));
  const width = wheres.reduce((max, where) => Math.max(max, where.length), 0);
  const lines: string[] = [];
  const indent = ' '.repeat(width + 4);
  problems.forEach((problem, i) => {
    const where = (wheres[i] ?? '').padEnd(width);
    const label = paint[SEVERITY_PAINT[problem.severity]](SEVERITY_LABELS[problem.severity].padEnd(8));
    lines.push(`  ${where}  ${label}  ${paint.heading(visibleLine(problem.heading))}`, `${indent}${visibleLine(problem.message)}`);
    const snippet = problem.snippet ?? snippetFrom(source, problem);
    if (snippet !== undefined) lines.push(`${indent}${paint.dim('│')} ${snippet.line}`, `${indent}${paint.dim('│')} ${paint.bad(snippet.caret)}`);
  });
  return lines;
}

function snippetFrom(source: LineSource | undefined, problem: ListedProblem): CaretSnippet | undefined {
  if (source === undefined || problem.line === 0) return undefined;
  const text = source(problem.line);
  return text === undefined ? undefined : caretSnippet(text, problem.column);
}

/** Codes that repeat past the listing bound are counted: say how many more there are. */
export function unlisted(listed: ReadonlyArray<{ code: FindingCode }>, counts: Partial<Record<FindingCode, number>>, paint: Palette): string[] {
  return unlistedLines(findingTally(listed, counts).unlisted, paint);
}

/** One line per code counted past the ones listed. */
export function unlistedLines(counts: readonly UnlistedCount[], paint: Palette): string[] {
  return counts.map(({ code, count }) => paint.dim(`  … and ${count} more \`${code}\` finding${count === 1 ? '' : 's'}, counted but not listed`));
}
