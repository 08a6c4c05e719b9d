/** A runner's JSON report, in the shape Jest and Vitest write (the scripts' own checks write the same). */
export interface RunnerReport {
  success?: boolean;
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  numFailedTestSuites?: number;
  testResults?: Array<{ name: string; assertionResults?: Array<{ status: string }> }>;
}
/** A suite list that must run when its condition holds. */
export interface MustRun {
  when: 'browser' | 'built';
  because: string;
  files: string[];
}
export const MUST_RUN: MustRun[];
/** Debian's chromium, as test/web/browser.ts finds it: SSE_CHROMIUM, /usr/bin/chromium, or `chromium` on the PATH. */
export function findChromium(env?: Record<string, string | undefined>): string | null;
/** The counts of every report, with a must-run suite not run counted as failed and described in `notRun`. */
export function summarize(reports: Array<{ file: string; report: RunnerReport }>, conditions: { browser: boolean; built: boolean }, root?: string): { passed: number; failed: number; skipped: number; notRun: string[] };
/** The run's last line: "N passed, N failed, N skipped". */
export function summaryLine(counts: { passed: number; failed: number; skipped: number }): string;
