import { FINDINGS, type FindingCode } from '../findings.js';
import type { InspectedEvent, Inspection } from '../inspect/model.js';
import { problemLines, unlisted } from './finding-lines.js';
import { paletteFor, type Palette } from './palette.js';
import { visibleLine as visible } from './snippet.js';
import { duration } from './text.js';
import { plural } from '../words.js';

/** How the inspector's report is drawn. */
export interface InspectionReportOptions {
  /** ANSI colours (default false). */
  color?: boolean;
  /** List every event (default true); the counts, the text and the problems are always there. */
  events?: boolean;
  /** Most characters of an event's data shown in the events table (default 100). */
  dataWidth?: number;
}

/**
 * The inspector's report as plain text: the counts, the text reassembled at the path, the events as a spec client
 * dispatches them, the blocks that dispatch nothing, and the problems with their caret snippets. No Node built-ins.
 */
export function renderInspection(inspection: Inspection, options: InspectionReportOptions = {}): string {
  const paint = paletteFor(options.color);
  const sections: string[][] = [
    [summaryOf(inspection, paint)],
    statsSection(inspection, paint),
    reassemblySection(inspection, paint),
    timingSection(inspection, paint),
  ];
  if (options.events !== false) sections.push(eventsSection(inspection.events, paint, options.dataWidth ?? 100));
  sections.push(notDispatchedSection(inspection, paint), problemsSection(inspection, paint));
  return `${sections.filter((lines) => lines.length > 0).map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

function summaryOf(inspection: Inspection, paint: Palette): string {
  const { events, problemCounts } = inspection;
  let total = 0;
  let mustFix = 0;
  for (const [code, count] of Object.entries(problemCounts) as Array<[FindingCode, number]>) {
    total += count;
    if (FINDINGS[code].severity === 'error') mustFix += count;
  }
  const line = `Event stream · ${plural(events.length, 'event')} · ${plural(total, 'problem')}${mustFix > 0 ? ` (${mustFix} must fix)` : ''}`;
  return paint.heading(mustFix > 0 ? paint.bad(line) : total > 0 ? paint.warn(line) : paint.good(line));
}

function statsSection(inspection: Inspection, paint: Palette): string[] {
  const { stats } = inspection;
  const undispatched = inspection.events.some((event) => !event.dispatched);
  const lines = [
    `${paint.heading('Events dispatched')}: ${stats.events}${undispatched ? paint.warn(' (counted with the last one, which a spec client never dispatches: see the problems)') : ''}`,
    `Comment lines (\`:\` …): ${stats.comments}`,
    `Events carrying JSON: ${stats.json}`,
    `Events whose data failed to parse: ${stats.notJson === 0 ? 0 : paint.bad(String(stats.notJson))}`,
    `Named event types: ${stats.eventTypes.length === 0 ? '—' : stats.eventTypes.map(visible).join(', ')}`,
    `Last event ID: ${stats.lastEventId === null ? '—' : visible(stats.lastEventId)}`,
  ];
  if (stats.reassembledChars !== null) lines.push(`Characters reassembled: ${stats.reassembledChars}`);
  if (!inspection.endsWithNewline && inspection.events.length > 0) {
    lines.push(paint.warn('The text does not end with a line terminator: a live connection that ends this way leaves a buffer undispatched.'));
  }
  return lines;
}

function reassemblySection(inspection: Inspection, paint: Palette): string[] {
  const found = inspection.reassembly;
  if (found === null) return [];
  const lines = [paint.heading(visible(found.summary))];
  if (found.text.length > 0) lines.push(...found.text.split('\n').map((line) => `  ${visible(line)}`));
  else lines.push(paint.dim('  (no text)'));
  if (found.hint !== undefined) lines.push(paint.warn(`  ${visible(found.hint)}`));
  return lines;
}

function timingSection(inspection: Inspection, paint: Palette): string[] {
  const timing = inspection.timing;
  if (timing === null) return [];
  const gap = timing.longestGapBefore === null ? '—' : `${duration(timing.longestGapMs)} (before event ${timing.longestGapBefore})`;
  const firstByte = timing.firstByteMs == null ? '' : `first byte ${duration(timing.firstByteMs)} · `;
  return [`${paint.heading('Timing')}: ${firstByte}first event ${duration(timing.firstEventMs)} · longest gap ${gap} · total ${duration(timing.totalMs)}`];
}

const EVENT_COLUMNS = ['#', 'line', 'event', 'id', 'data'] as const;

function eventsSection(events: readonly InspectedEvent[], paint: Palette, dataWidth: number): string[] {
  if (events.length === 0) return [`${paint.heading('Events')}: none`];
  const rows = events.map((event) => [String(event.index), String(event.line), visible(event.event), event.id === '' ? '—' : visible(event.id), shorten(visible(event.data), dataWidth)]);
  const widths: number[] = EVENT_COLUMNS.map((title) => title.length);
  // A loop, not Math.max(...rows): a stream can have a million events.
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const lines = [paint.heading(`Events (${events.length})`), paint.dim(line(EVENT_COLUMNS))];
  const indent = ' '.repeat((widths[0] ?? 1) + 2);
  events.forEach((event, i) => {
    const row = line(rows[i] ?? []);
    lines.push(event.payload === 'not json' ? paint.bad(row) : row);
    if (!event.dispatched) lines.push(`${indent}${paint.bad('not dispatched: no blank line ends it')}`);
    if (event.note !== undefined) lines.push(`${indent}${paint.dim(visible(event.note))}`);
  });
  return lines;
}

function notDispatchedSection(inspection: Inspection, paint: Palette): string[] {
  const blocks = inspection.notDispatched;
  if (blocks.length === 0) return [];
  const lines = [paint.heading(`Dispatches nothing (${blocks.length})`)];
  for (const block of blocks) lines.push(`  ${block.endLine > block.line ? `${block.line}-${block.endLine}` : block.line}  ${visible(block.why)}`);
  return lines;
}

function problemsSection(inspection: Inspection, paint: Palette): string[] {
  const { problems, problemCounts } = inspection;
  const total = Object.values(problemCounts).reduce((sum, count) => sum + (count ?? 0), 0);
  if (total === 0) return [`${paint.heading('Problems')}: none`];
  const listed = problems.map((p) => ({ severity: p.severity, line: p.line, column: p.column, heading: p.title, message: p.message, snippet: p.snippet }));
  return [paint.heading(`Problems in the stream (${total})`), ...problemLines(listed, paint), ...unlisted(problems, problemCounts, paint)];
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}

