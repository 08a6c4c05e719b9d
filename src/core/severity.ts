import { FINDINGS, isFindingCode, type FindingCode, type Severity } from './findings.js';

/** The severities, worst first. */
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** 0 for `error`, 1 for `warning`, 2 for `info`: sorts the worst first. */
export function severityRank(severity: Severity): number {
  return RANK[severity];
}

/** True when `severity` is `threshold` or worse (`warning` is at least `info`). */
export function isAtLeast(severity: Severity, threshold: Severity): boolean {
  return RANK[severity] <= RANK[threshold];
}

/** The catalogue's severity of a code; a code this version does not know counts as an error. */
export function severityOf(code: string): Severity {
  return isFindingCode(code) ? FINDINGS[code].severity : 'error';
}

/** The counts by code of the findings at `threshold` or worse. */
export function countsAtLeast(counts: Partial<Record<FindingCode, number>>, threshold: Severity): Partial<Record<FindingCode, number>> {
  return Object.fromEntries(Object.entries(counts).filter(([code, count]) => (count ?? 0) > 0 && isAtLeast(severityOf(code), threshold)));
}
