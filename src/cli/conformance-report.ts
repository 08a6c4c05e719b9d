// The conformance kit's matrix (`runRelayConformance()`, or the JSON `relayConformance({ report })` writes) as the
// CLI reads it back from a file: checked field by field, since the file may be from another version or hand-edited.
// Only what the text and the page show is kept; a field of the wrong type is left out, never trusted.
import { isObject } from '../core/index.js';

/** How a cell ended. */
export type CellStatus = 'pass' | 'fail' | 'skipped';

/** A finding on one side of a failing cell. */
export interface FindingView {
  code: string;
  severity: string;
  message: string;
  line: number | null;
}

/** One side of a failing cell: its reading in a line and its findings. */
export interface SideView {
  summary: string;
  findings: FindingView[];
  findingsLeft: number;
}

/** What the relay sent in a failing cell: status, headers and its bytes as text (bounded by the kit). */
export interface DownstreamView extends SideView {
  status: number | null;
  headers: Array<[string, string]>;
  text: string;
  byteLength: number | null;
  truncated: boolean;
}

/** A difference between the two answers. */
export interface DifferenceView {
  code: string;
  severity: string;
  path: string;
  message: string;
}

/** What a failing cell shows. */
export interface DetailsView {
  differences: DifferenceView[];
  differencesLeft: number;
  upstream: SideView | null;
  downstream: DownstreamView | null;
}

/** One route × case cell. */
export interface CellView {
  route: string;
  case: string;
  rule: string;
  reason: string;
  status: CellStatus;
  why: string;
  durationMs: number | null;
  details: DetailsView | null;
}

/** A route: its name, and its path and formats when the matrix gives them. */
export interface RouteView {
  name: string;
  path: string | null;
  from: string | null;
  to: string | null;
}

/** A rule: its id, what it checks and why. */
export interface RuleView {
  id: string;
  title: string;
  reason: string;
}

/** The matrix as the CLI shows it. */
export interface MatrixView {
  startedAt: string | null;
  durationMs: number | null;
  routes: RouteView[];
  rules: RuleView[];
  cells: CellView[];
  totals: Record<CellStatus, number>;
}

const STATUSES: readonly CellStatus[] = ['pass', 'fail', 'skipped'];

/** The matrix in `value` (parsed JSON), or what keeps it from being one. */
export function matrixOf(value: unknown): MatrixView | string {
  if (!isObject(value)) return 'it is not a JSON object; pass the matrix runRelayConformance() resolves to, or the report relayConformance() writes';
  if (!Array.isArray(value.cells)) return 'it has no "cells" array; pass the matrix runRelayConformance() resolves to, or the report relayConformance() writes';
  const cells: CellView[] = [];
  for (const [index, cell] of value.cells.entries()) {
    const read = cellOf(cell);
    if (typeof read === 'string') return `cells[${index}] ${read}`;
    cells.push(read);
  }
  const totals = { pass: 0, fail: 0, skipped: 0 };
  for (const cell of cells) totals[cell.status] += 1;
  return {
    startedAt: text(value.startedAt),
    durationMs: count(value.durationMs),
    routes: routesOf(value.routes, cells),
    rules: rulesOf(value.rules, cells),
    cells,
    totals,
  };
}

function cellOf(cell: unknown): CellView | string {
  if (!isObject(cell)) return 'is not an object';
  for (const field of ['route', 'case', 'rule', 'why'] as const) {
    if (typeof cell[field] !== 'string') return `has no "${field}" string`;
  }
  const status = cell.status;
  if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status)) return `has the status ${JSON.stringify(status)}; a cell's status is pass, fail or skipped`;
  return {
    route: cell.route as string,
    case: cell.case as string,
    rule: cell.rule as string,
    reason: text(cell.reason) ?? '',
    status: status as CellStatus,
    why: cell.why as string,
    durationMs: count(cell.durationMs),
    details: isObject(cell.details) ? detailsOf(cell.details) : null,
  };
}

function detailsOf(details: Record<string, unknown>): DetailsView {
  const differences = objects(details.differences).map((difference) => ({
    code: text(difference.code) ?? '',
    severity: text(difference.severity) ?? '',
    path: text(difference.path) ?? '',
    message: text(difference.message) ?? '',
  }));
  return {
    differences,
    differencesLeft: count(details.differencesLeft) ?? 0,
    upstream: isObject(details.upstream) ? sideOf(details.upstream) : null,
    downstream: isObject(details.downstream) ? downstreamOf(details.downstream) : null,
  };
}

function sideOf(side: Record<string, unknown>): SideView {
  const findings = objects(side.findings).map((finding) => ({
    code: text(finding.code) ?? '',
    severity: text(finding.severity) ?? '',
    message: text(finding.message) ?? '',
    line: count(finding.line),
  }));
  return { summary: text(side.summary) ?? '', findings, findingsLeft: count(side.findingsLeft) ?? 0 };
}

function downstreamOf(side: Record<string, unknown>): DownstreamView {
  const headers = isObject(side.headers) ? Object.entries(side.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string') : [];
  return {
    ...sideOf(side),
    status: count(side.status),
    headers,
    text: text(side.text) ?? '',
    byteLength: count(side.byteLength),
    truncated: side.truncated === true,
  };
}

/** The matrix's routes, else the route names the cells use, in their order. */
function routesOf(routes: unknown, cells: readonly CellView[]): RouteView[] {
  const named = objects(routes)
    .filter((route) => typeof route.name === 'string')
    .map((route) => ({ name: route.name as string, path: text(route.path), from: text(route.from), to: text(route.to) }));
  const known = new Set(named.map((route) => route.name));
  for (const cell of cells) {
    if (known.has(cell.route)) continue;
    known.add(cell.route);
    named.push({ name: cell.route, path: null, from: null, to: null });
  }
  return named;
}

/** The matrix's rules, else the rule ids the cells use (with the cells' reasons), in their order. */
function rulesOf(rules: unknown, cells: readonly CellView[]): RuleView[] {
  const listed = objects(rules)
    .filter((rule) => typeof rule.id === 'string')
    .map((rule) => ({ id: rule.id as string, title: text(rule.title) ?? '', reason: text(rule.reason) ?? '' }));
  const known = new Set(listed.map((rule) => rule.id));
  for (const cell of cells) {
    if (known.has(cell.rule)) continue;
    known.add(cell.rule);
    listed.push({ id: cell.rule, title: '', reason: cell.reason });
  }
  return listed;
}

function objects(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
