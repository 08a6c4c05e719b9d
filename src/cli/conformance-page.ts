// `sse-reconstruct conformance REPORT.json --html FILE`: the matrix as one self-contained page in the style of the
// report page (its stylesheet is taken from the page the package ships). No script: a failing cell opens with
// <details>, so the page shows everything in a CI artifact viewer that runs none. Its policy forbids every load.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { escapeHtml } from '../web/html.js';
import { headline, tally } from './conformance-text.js';
import type { CellStatus, CellView, DetailsView, DownstreamView, MatrixView, SideView } from './conformance-report.js';
import { shippedPage } from './html-page.js';

const WORDS: Record<CellStatus, string> = { pass: 'pass', fail: 'fail', skipped: 'skipped' };

/** The grid's own rules, on top of the report page's stylesheet (its colours and panels). */
const MATRIX_STYLE = `
.matrix-page section { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 18px 20px; box-shadow: var(--shadow); }
table.grid { border-collapse: separate; border-spacing: 3px; font-size: 13px; }
table.grid th { text-align: left; font-weight: 600; padding: 4px 8px; vertical-align: bottom; }
table.grid th.rule-group { padding-top: 12px; color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; }
table.grid td.cell { min-width: 120px; padding: 3px 8px; border-radius: 5px; font-weight: 650; text-align: center; }
td.cell a { color: inherit; text-decoration: none; display: block; }
.status-pass { color: var(--good); background: var(--good-soft); }
.status-fail { color: #fff; background: var(--bad); }
.status-skipped { color: var(--muted); background: var(--code-bg); font-weight: 500 !important; }
.status-none { background: transparent; }
.rule-count { font-variant-numeric: tabular-nums; }
details.failing-cell { border: 1px solid var(--line); border-left: 4px solid var(--bad); border-radius: 8px; padding: 10px 14px; margin-bottom: 10px; }
details.failing-cell > summary { cursor: pointer; font-weight: 600; }
details.failing-cell[open] > summary { margin-bottom: 8px; }
pre.downstream-bytes { background: var(--code-bg); padding: 10px 12px; border-radius: 6px; overflow: auto; max-height: 360px; white-space: pre-wrap; word-break: break-all; }
ul.plain-list { margin: 4px 0 8px; padding-left: 20px; }
.skipped-why { color: var(--muted); }
table.grid th .hint { font-weight: 400; }
`;

/** The page: the tally, the rules by route, the route × case grid, then each failing cell with what shows it. */
export function conformancePage(matrix: MatrixView, source: string): string {
  const style = `${shippedStyle()}\n${MATRIX_STYLE}`;
  const policy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'; img-src 'none'; base-uri 'none'; form-action 'none'`;
  const failing = matrix.cells.filter((cell) => cell.status === 'fail');
  const tone = failing.length > 0 ? 'tone-bad' : 'tone-good';
  const verdict = failing.length > 0 ? `Breaks ${[...new Set(failing.map((cell) => cell.rule))].length} of ${matrix.rules.length} rules` : 'Every case passes';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Relay conformance · ${escapeHtml(verdict)}</title>
<style>${style}</style>
</head>
<body class="matrix-page">
<header class="top"><div class="wrap"><h1><span class="mark">sse</span>-reconstruct</h1><p class="tagline">Relay conformance: ${escapeHtml(source)}</p></div></header>
<main class="wrap">
<section class="summary ${tone}" id="summary">
  <div class="verdict"><span class="verdict-word">${escapeHtml(verdict)}</span></div>
  <p>${escapeHtml(headline(matrix))}${matrix.startedAt === null ? '' : ` · started ${escapeHtml(matrix.startedAt)}`}</p>
</section>
${rulesSection(matrix)}
${gridSection(matrix)}
${failingSection(matrix, failing)}
${skippedSection(matrix.cells.filter((cell) => cell.status === 'skipped'))}
</main>
</body>
</html>
`;
}

/** The report page's stylesheet, so the matrix looks like the rest of the package's pages. */
function shippedStyle(): string {
  const page = readFileSync(shippedPage(), 'utf8');
  return /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
}

/** Rule × route: the count of each status, a rule that fails in red. */
function rulesSection(matrix: MatrixView): string {
  const head = matrix.routes.map((route) => `<th>${escapeHtml(route.name)}</th>`).join('');
  const rows = matrix.rules.map((rule) => {
    const cells = matrix.routes.map((route) => {
      const counts = tally(matrix.cells.filter((cell) => cell.route === route.name && cell.rule === rule.id));
      const status: CellStatus | 'none' = counts.fail > 0 ? 'fail' : counts.pass > 0 ? 'pass' : counts.skipped > 0 ? 'skipped' : 'none';
      const words = counts.fail > 0 ? `${counts.fail} of ${counts.fail + counts.pass} fail` : counts.pass > 0 ? `${counts.pass} pass` : counts.skipped > 0 ? 'skipped' : '—';
      return `<td class="cell rule-count status-${status}">${words}</td>`;
    });
    return `<tr data-rule="${escapeHtml(rule.id)}"><th><code>${escapeHtml(rule.id)}</code><div class="hint">${escapeHtml(rule.reason)}</div></th>${cells.join('')}</tr>`;
  });
  return `<section id="rules"><h2>Rules</h2><table class="grid"><thead><tr><th>rule</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

/** Case × route, grouped by rule; a failing cell links to its details below. */
function gridSection(matrix: MatrixView): string {
  const head = matrix.routes.map((route) => `<th>${escapeHtml(route.name)}</th>`).join('');
  const rows: string[] = [];
  for (const rule of matrix.rules) {
    const cases = [...new Set(matrix.cells.filter((cell) => cell.rule === rule.id).map((cell) => cell.case))];
    if (cases.length === 0) continue;
    rows.push(`<tr><th class="rule-group" colspan="${matrix.routes.length + 1}">${escapeHtml(rule.id)}</th></tr>`);
    for (const name of cases) {
      const cells = matrix.routes.map((route) => gridCell(matrix, matrix.cells.find((cell) => cell.route === route.name && cell.rule === rule.id && cell.case === name)));
      rows.push(`<tr><th>${escapeHtml(name)}</th>${cells.join('')}</tr>`);
    }
  }
  return `<section id="grid"><h2>Route × case</h2><table class="grid"><thead><tr><th>case</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

function gridCell(matrix: MatrixView, cell: CellView | undefined): string {
  if (cell === undefined) return '<td class="cell status-none">—</td>';
  const title = escapeHtml(cell.why);
  if (cell.status !== 'fail') return `<td class="cell status-${cell.status}" title="${title}">${WORDS[cell.status]}</td>`;
  return `<td class="cell status-fail" title="${title}"><a href="#${cellAnchor(matrix, cell)}">fail</a></td>`;
}

function cellAnchor(matrix: MatrixView, cell: CellView): string {
  return `cell-${matrix.cells.indexOf(cell) + 1}`;
}

function failingSection(matrix: MatrixView, failing: readonly CellView[]): string {
  if (failing.length === 0) return '';
  const items = failing.map((cell) => {
    const anchor = cellAnchor(matrix, cell);
    return `<details class="failing-cell" id="${anchor}" open><summary>${escapeHtml(cell.route)} · ${escapeHtml(cell.case)} · <code>${escapeHtml(cell.rule)}</code></summary>
<p><strong>Why it fails:</strong> ${escapeHtml(cell.why)}</p>
${cell.reason === '' ? '' : `<p class="hint">The rule: ${escapeHtml(cell.reason)}</p>`}
${cell.details === null ? '' : detailsHtml(cell.details)}
</details>`;
  });
  return `<section id="failing"><h2>Failing cells</h2>${items.join('\n')}</section>`;
}

function detailsHtml(details: DetailsView): string {
  const parts: string[] = [];
  if (details.differences.length > 0) {
    const items = details.differences.map((difference) => `<li><span class="sev sev-${escapeHtml(difference.severity)}">${escapeHtml(difference.severity)}</span> <code>${escapeHtml(difference.code)}</code> at <code>${escapeHtml(difference.path)}</code>: ${escapeHtml(difference.message)}</li>`);
    const left = details.differencesLeft > 0 ? `<li class="muted">and ${details.differencesLeft} more</li>` : '';
    parts.push(`<h4>Differences (upstream → downstream)</h4><ul class="plain-list">${items.join('')}${left}</ul>`);
  }
  if (details.upstream !== null) parts.push(sideHtml('Upstream', details.upstream));
  if (details.downstream !== null) parts.push(sideHtml('Downstream', details.downstream), bytesHtml(details.downstream));
  return parts.join('\n');
}

function sideHtml(title: string, side: SideView): string {
  const findings = side.findings.map((finding) => `<li><span class="sev sev-${escapeHtml(finding.severity)}">${escapeHtml(finding.severity)}</span> <code>${escapeHtml(finding.code)}</code>${finding.line === null ? '' : ` line ${finding.line}`}: ${escapeHtml(finding.message)}</li>`);
  const left = side.findingsLeft > 0 ? `<li class="muted">and ${side.findingsLeft} more</li>` : '';
  const list = findings.length === 0 ? '<p class="muted">No findings.</p>' : `<ul class="plain-list">${findings.join('')}${left}</ul>`;
  return `<h4>${title}</h4><p><code>${escapeHtml(side.summary)}</code></p>${list}`;
}

function bytesHtml(downstream: DownstreamView): string {
  const size = downstream.byteLength === null ? '' : ` · ${downstream.byteLength} bytes${downstream.truncated ? ', the middle left out' : ''}`;
  const headers = downstream.headers.map(([name, value]) => `${name}: ${value}`).join('\n');
  return `<h4>What the relay sent (status ${downstream.status ?? 'none'}${size})</h4><pre class="downstream-bytes">${escapeHtml(headers === '' ? '' : `${headers}\n\n`)}${escapeHtml(downstream.text)}</pre>`;
}

function skippedSection(skipped: readonly CellView[]): string {
  if (skipped.length === 0) return '';
  const items = skipped.map((cell) => `<li>${escapeHtml(cell.route)} · ${escapeHtml(cell.case)}: <span class="skipped-why">${escapeHtml(cell.why)}</span></li>`);
  return `<section id="skipped"><h2>Skipped</h2><ul class="plain-list">${items.join('')}</ul></section>`;
}
