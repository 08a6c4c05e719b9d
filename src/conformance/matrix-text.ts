// The matrix as a person reads it at the end of a run (route by route, a mark per case, the why of each failure),
// and as the JSON file a CI job keeps.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ConformanceMatrix } from './types.js';

const MARKS = { pass: '✓', fail: '✗', skipped: '–' } as const;

/** The matrix in plain text: per route, each case's mark, name, rule and why; then the totals. */
export function matrixText(matrix: ConformanceMatrix): string {
  const lines = ['Relay conformance'];
  const width = Math.max(...matrix.cells.map((cell) => cell.case.length), 10);
  for (const route of matrix.routes) {
    const cells = matrix.cells.filter((cell) => cell.route === route.name);
    if (cells.length === 0) continue;
    const failing = cells.filter((cell) => cell.status === 'fail').length;
    lines.push('', `${route.name}: ${failing === 0 ? 'every case passes' : `${failing} of ${cells.length} cases fail`}`);
    for (const cell of cells) lines.push(`  ${MARKS[cell.status]} ${cell.case.padEnd(width)}  ${cell.rule.padEnd(26)} ${cell.status === 'pass' ? '' : cell.why}`.trimEnd());
  }
  const { pass, fail, skipped } = matrix.totals;
  lines.push('', `${pass} passed, ${fail} failed, ${skipped} skipped in ${(matrix.durationMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}

/** Writes the matrix as JSON (folders made as needed). */
export async function writeMatrix(path: string, matrix: ConformanceMatrix): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(matrix, null, 2)}\n`);
}
