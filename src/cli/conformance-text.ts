// The conformance matrix as text: the tally, then each route's rules (pass, fail, skipped), then every case that did
// not pass with its why. A person reading a CI log sees first which rules a relay breaks.
import { visibleLines, type Palette } from '../core/index.js';
import type { CellStatus, CellView, MatrixView, RouteView } from './conformance-report.js';

const MARK: Record<CellStatus, string> = { pass: 'pass', fail: 'FAIL', skipped: 'skip' };
const PAINT: Record<CellStatus, keyof Palette> = { pass: 'good', fail: 'bad', skipped: 'dim' };

/** The matrix as the CLI prints it; `palette` paints it on a terminal. */
export function matrixText(matrix: MatrixView, palette: Palette): string {
  const lines = [palette.heading(headline(matrix)), ''];
  matrix.routes.forEach((route, index) => lines.push(...routeLines(matrix, route, index, palette), ''));
  lines.push(verdictLine(matrix, palette));
  // Case names, whys and routes can hold text from a relay's answer: nothing a terminal acts on goes out raw.
  return `${visibleLines(lines.join('\n'))}\n`;
}

/** `Relay conformance: 2 routes, 58 cells: 55 pass, 2 fail, 1 skipped (12.3 s)`. */
export function headline(matrix: MatrixView): string {
  const { pass, fail, skipped } = matrix.totals;
  const took = matrix.durationMs === null ? '' : ` in ${(matrix.durationMs / 1000).toFixed(1)} s`;
  return `Relay conformance: ${plural(matrix.routes.length, 'route')}, ${plural(matrix.cells.length, 'cell')}: ${pass} pass, ${fail} fail, ${skipped} skipped${took}`;
}

function routeLines(matrix: MatrixView, route: RouteView, index: number, palette: Palette): string[] {
  const cells = matrix.cells.filter((cell) => cell.route === route.name);
  const lines = [palette.heading(`Route ${index + 1}: ${route.name}`)];
  const rules = matrix.rules.filter((rule) => cells.some((cell) => cell.rule === rule.id));
  const width = Math.max(4, ...rules.map((rule) => rule.id.length));
  lines.push(`  ${'rule'.padEnd(width)}  pass  fail  skipped`);
  for (const rule of rules) {
    const counts = tally(cells.filter((cell) => cell.rule === rule.id));
    const row = `  ${rule.id.padEnd(width)}  ${String(counts.pass).padStart(4)}  ${String(counts.fail).padStart(4)}  ${String(counts.skipped).padStart(7)}`;
    lines.push(counts.fail > 0 ? palette.bad(row) : row);
  }
  const notPassed = cells.filter((cell) => cell.status !== 'pass');
  if (notPassed.length > 0) lines.push('');
  for (const cell of notPassed) lines.push(...cellLines(cell, palette));
  return lines;
}

function cellLines(cell: CellView, palette: Palette): string[] {
  const lines = [`  ${palette[PAINT[cell.status]](MARK[cell.status])}  ${cell.case} (${cell.rule}): ${cell.why}`];
  const details = cell.details;
  if (cell.status !== 'fail' || details === null) return lines;
  for (const difference of details.differences) lines.push(palette.dim(`        difference: ${difference.code} at ${difference.path}: ${difference.message}`));
  const downstream = details.downstream;
  if (downstream !== null) {
    const findings = downstream.findings.map((finding) => finding.code).join(', ');
    lines.push(palette.dim(`        downstream: ${downstream.status ?? 'no status'} · ${downstream.summary}${findings === '' ? '' : ` · findings: ${findings}`}`));
  }
  return lines;
}

function verdictLine(matrix: MatrixView, palette: Palette): string {
  const failing = matrix.cells.filter((cell) => cell.status === 'fail');
  if (failing.length === 0) return palette.good(`Every case passes${matrix.totals.skipped > 0 ? ` (${matrix.totals.skipped} skipped)` : ''}.`);
  const rules = [...new Set(failing.map((cell) => cell.rule))];
  return palette.bad(`Breaks ${plural(rules.length, 'rule')}: ${rules.join(', ')} (${plural(failing.length, 'failing cell')}).`);
}

/** How many cells of each status. */
export function tally(cells: readonly CellView[]): Record<CellStatus, number> {
  const counts = { pass: 0, fail: 0, skipped: 0 };
  for (const cell of cells) counts[cell.status] += 1;
  return counts;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
