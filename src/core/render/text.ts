import type { BehaviorStep, Reconstruction, ToolCall } from '../model.js';
import { problemLines, unlistedLines, type LineSource } from './finding-lines.js';
import { paletteFor, type Palette } from './palette.js';
import { reportOf, toneOf, type Report, type ReportChoice, type ReportFrame, type ReportTone } from './report.js';
import { printableJson, visibleLine, visibleLines } from './snippet.js';

/** How the plain-text report is drawn. */
export interface TextReportOptions {
  /** ANSI colours (default false). The CLI turns them on only for a terminal without NO_COLOR. */
  color?: boolean;
  /** Add the frames table: index, lines, event, type, what it carried, time (default false). */
  frames?: boolean;
  /** Add the equivalent non-streamed response as JSON (default true). */
  response?: boolean;
  /**
   * The input the result was read from, to print each finding's line with a caret under its column: the text, or a
   * function from a line number to that line's text. Without it, findings have no snippet.
   */
  source?: string | LineSource;
}

/**
 * A readable report of a reconstruction: the summary line, the answer per choice, usage, steps, findings with
 * line:column, optionally the frames table, and the non-streamed response. Plain text; no Node built-ins. Every
 * control character from the stream is shown as a visible escape, so the report is safe to print on a terminal.
 */
export function renderText(result: Reconstruction, options: TextReportOptions = {}): string {
  const report = reportOf(result, { ...(options.source === undefined ? {} : { source: options.source }), frames: options.frames === true ? 'all' : 'none' });
  return renderReportText(report, options);
}

/** The plain-text rendering of a report (see `renderText`); `options.source` is not read: the report has its snippets. */
export function renderReportText(report: Report, options: Omit<TextReportOptions, 'source'> = {}): string {
  const paint = paletteFor(options.color);
  const sections: string[][] = [
    [summaryOf(report, paint)],
    ...report.choices.map((choice) => choiceLines(choice, paint)),
    usageSection(report.usage, paint),
    stepsSection(report.steps, paint),
    timingSection(report.timing, paint),
    errorSection(report, paint),
    findingsLines(report, paint),
  ];
  if (options.frames === true) sections.push(framesSection(report.frames, paint));
  if (options.response !== false) sections.push(responseSection(report.response, paint));
  return `${sections.filter((lines) => lines.length > 0).map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

/** How a terminal paints each tone: notes only (`ok`) stay uncoloured. */
const TONE_PAINT: Record<ReportTone, keyof Palette | null> = { good: 'good', ok: null, warn: 'warn', bad: 'bad' };

function summaryOf(report: Report, paint: Palette): string {
  const tone = TONE_PAINT[toneOf(report)];
  const line = visibleLine(report.summary);
  return paint.heading(tone === null ? line : paint[tone](line));
}

/** One choice's answer as the text report prints it: text, refusal, reasoning, tool calls and the finish reason. */
export function choiceLines(choice: ReportChoice, paint: Palette = paletteFor(false)): string[] {
  const lines = [paint.heading(`Choice ${choice.index}`)];
  lines.push(...labelled('text', choice.text, paint));
  if (choice.refusal !== undefined) lines.push(...labelled('refusal', choice.refusal, paint));
  if (choice.reasoning !== undefined) lines.push(...labelled('reasoning', choice.reasoning, paint));
  if (choice.toolCalls.length > 0) {
    lines.push(`  tool calls (${choice.toolCalls.length}):`);
    for (const call of choice.toolCalls) lines.push(...toolCallLines(call, paint));
  }
  lines.push(`  finish reason: ${finishOf(choice, paint)}`);
  return lines;
}

/** A labelled value: on the label's line when it is one line, else indented below it; empty text is said so. */
function labelled(label: string, value: string, paint: Palette): string[] {
  if (value.length === 0) return [`  ${label}: ${paint.dim('(empty)')}`];
  const lines = value.split('\n').map(visibleLine);
  if (lines.length === 1) return [`  ${label}: ${lines[0]}`];
  return [`  ${label}:`, ...lines.map((line) => `    ${line}`)];
}

function toolCallLines(call: ToolCall, paint: Palette): string[] {
  const parsed = 'input' in call ? '' : paint.warn(' (not JSON)');
  const id = call.id === null ? 'no id' : `id ${visibleLine(call.id)}`;
  return [`    [${call.index}] ${visibleLine(call.name)} ${paint.dim(id)}`, `        arguments${parsed}: ${call.arguments === '' ? paint.dim('(empty)') : visibleLines(call.arguments)}`];
}

function finishOf(choice: ReportChoice, paint: Palette): string {
  const { reason, meaning } = choice.finish;
  if (reason === null) return paint.warn('none');
  return meaning === null ? visibleLine(reason) : `${visibleLine(reason)} ${paint.dim(`— ${visibleLine(meaning)}`)}`;
}

function usageSection(usage: Record<string, unknown> | null, paint: Palette): string[] {
  if (usage === null) return [`${paint.heading('Usage')}: ${paint.dim('not in the stream')}`];
  const fields = Object.entries(usage).map(([name, value]) => `${visibleLine(name)} ${typeof value === 'object' && value !== null ? printableJson(value) : visibleLine(String(value))}`);
  return [`${paint.heading('Usage')}: ${fields.join(', ')}`];
}

function stepsSection(steps: BehaviorStep[] | null, paint: Palette): string[] {
  if (steps === null || steps.length === 0) return [];
  const lines = [paint.heading(`Steps (${steps.length})`)];
  for (const step of steps) {
    const shown = visibleLine(String(step.status));
    const status = step.status === 'failed' ? paint.bad(shown) : step.status === 'in_progress' ? paint.warn(shown) : shown;
    lines.push(`  ${step.step}. ${visibleLine(String(step.tool))} ${status}`);
    if (step.input !== undefined) lines.push(`     input: ${printableJson(step.input)}`);
    if (step.output !== undefined) lines.push(`     output: ${printableJson(step.output)}`);
    if (step.error !== undefined) lines.push(`     error: ${printableJson(step.error)}`);
  }
  return lines;
}

/** The error the stream ended with, and what it means (from the error table). */
function errorSection(report: Report, paint: Palette): string[] {
  const { error, errorExplanation: explained } = report;
  if (error === null || error === undefined) return [];
  const lines = [`${paint.heading(paint.bad('Error'))}: ${printableJson(error)}`];
  if (explained === null) return lines;
  lines.push(`  what it means: ${visibleLine(explained.meaning)}`);
  const retry = explained.retry === 'with backoff' ? paint.warn('yes, with backoff') : explained.retry === 'never' ? paint.bad('never as it is') : 'unknown';
  lines.push(`  retry: ${retry}`, `  change: ${visibleLine(explained.change)}`);
  if (explained.source !== null) lines.push(paint.dim(`  source: ${explained.source.where}, read ${explained.source.read}`));
  return lines;
}

/** When the stream has arrival times (a timestamped capture, a live stream): first byte, first content, longest gap. */
function timingSection(timing: Report['timing'], paint: Palette): string[] {
  if (timing.totalMs === null) return [];
  const parts: string[] = [];
  if (timing.firstByteMs != null) parts.push(`first byte ${duration(timing.firstByteMs)}`);
  parts.push(`first content ${timing.firstContentMs === null ? paint.warn('none') : duration(timing.firstContentMs)}`);
  parts.push(`longest gap ${timing.maxIdleMs === null ? '—' : duration(timing.maxIdleMs)}`);
  parts.push(`total ${duration(timing.totalMs)}`);
  return [`${paint.heading('Timing')}: ${parts.join(' · ')}`];
}

export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
}

/** The findings section of the text report: the listed findings with their snippets, then the counted ones. */
export function findingsLines(report: Pick<Report, 'findings' | 'unlisted' | 'findingTotal'>, paint: Palette = paletteFor(false)): string[] {
  if (report.findingTotal === 0) return [`${paint.heading('Findings')}: none`];
  const lines = [paint.heading(`Findings (${report.findingTotal})`)];
  const listed = report.findings.map((f) => ({ severity: f.severity, line: f.line, column: f.column, heading: f.code, message: f.message, snippet: f.snippet ?? undefined }));
  lines.push(...problemLines(listed, paint));
  lines.push(...unlistedLines(report.unlisted, paint));
  return lines;
}

const FRAME_COLUMNS = ['#', 'lines', 'event', 'type', 'carried', 'time'] as const;

function framesSection(frames: readonly ReportFrame[], paint: Palette): string[] {
  if (frames.length === 0) return [`${paint.heading('Frames')}: none kept`];
  const rows = frames.map((frame) => [
    String(frame.index),
    frame.endLine > frame.line ? `${frame.line}-${frame.endLine}` : String(frame.line),
    visibleLine(frame.event),
    frame.type === null ? '-' : visibleLine(frame.type),
    visibleLine(frame.carried),
    frame.time ?? (frame.elapsedMs === null ? '' : `+${frame.elapsedMs} ms`),
  ]);
  const widths: number[] = FRAME_COLUMNS.map((title) => title.length);
  // A loop, not Math.max(...rows): a stream can have a million frames.
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [paint.heading(`Frames (${frames.length})`), paint.dim(line(FRAME_COLUMNS)), ...rows.map(line)];
}

function responseSection(response: unknown, paint: Palette): string[] {
  if (response === null || response === undefined) return [`${paint.heading('Response (non-streamed)')}: none`];
  return [paint.heading('Response (non-streamed)'), printableJson(response, 2)];
}
