import { explainError } from '../errors/explain.js';
import type { BehaviorStep, Choice, FormatName, FrameRecord, Reconstruction, Timing, ToolCall } from '../model.js';
import { problemLines, unlisted, type LineSource } from './finding-lines.js';
import { paletteFor, type Palette } from './palette.js';
import { lineLookup, printableJson, visibleLine, visibleLines } from './snippet.js';

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
  const paint = paletteFor(options.color);
  const source = typeof options.source === 'string' ? lineLookup(options.source) : options.source;
  const sections: string[][] = [
    [summaryOf(result, paint)],
    ...result.choices.map((choice) => choiceSection(choice, paint)),
    usageSection(result.usage, paint),
    stepsSection(result.steps, paint),
    timingSection(result.timing, paint),
    errorSection(result.error, result.format, paint),
    findingsSection(result, paint, source),
  ];
  if (options.frames === true) sections.push(framesSection(result.frames, paint));
  if (options.response !== false) sections.push(responseSection(result.response, paint));
  return `${sections.filter((lines) => lines.length > 0).map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

function summaryOf(result: Reconstruction, paint: Palette): string {
  const clean = result.verdict === 'complete' && result.findings.length === 0 && result.outcome === 'ok';
  return paint.heading((clean ? paint.good : result.verdict === 'complete' ? paint.warn : paint.bad)(visibleLine(result.summary)));
}

function choiceSection(choice: Choice, paint: Palette): string[] {
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

function finishOf(choice: Choice, paint: Palette): string {
  if (choice.finishReason === null) return paint.warn('none');
  const reason = visibleLine(choice.finishReason);
  return choice.finishMeaning === null ? reason : `${reason} ${paint.dim(`— ${visibleLine(choice.finishMeaning)}`)}`;
}

function usageSection(usage: Record<string, unknown> | null, paint: Palette): string[] {
  if (usage === null) return [`${paint.heading('Usage')}: ${paint.dim('not in the stream')}`];
  const fields = Object.entries(usage).map(([name, value]) => `${visibleLine(name)} ${typeof value === 'object' && value !== null ? printableJson(value) : visibleLine(String(value))}`);
  return [`${paint.heading('Usage')}: ${fields.join(', ')}`];
}

function stepsSection(steps: BehaviorStep[] | undefined, paint: Palette): string[] {
  if (steps === undefined || steps.length === 0) return [];
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
function errorSection(error: unknown, format: FormatName | null, paint: Palette): string[] {
  if (error === null || error === undefined) return [];
  const explained = explainError(error, format);
  const lines = [`${paint.heading(paint.bad('Error'))}: ${printableJson(error)}`, `  what it means: ${visibleLine(explained.meaning)}`];
  const retry = explained.retry === 'with backoff' ? paint.warn('yes, with backoff') : explained.retry === 'never' ? paint.bad('never as it is') : 'unknown';
  lines.push(`  retry: ${retry}`, `  change: ${visibleLine(explained.change)}`);
  if (explained.source !== null) lines.push(paint.dim(`  source: ${explained.source.where}, read ${explained.source.read}`));
  return lines;
}

/** When the stream has arrival times (a timestamped capture, a live stream): first byte, first content, longest gap. */
function timingSection(timing: Timing, paint: Palette): string[] {
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

function findingsSection(result: Reconstruction, paint: Palette, source: LineSource | undefined): string[] {
  const total = Object.values(result.findingCounts).reduce((sum, count) => sum + (count ?? 0), 0);
  if (total === 0) return [`${paint.heading('Findings')}: none`];
  const lines = [paint.heading(`Findings (${total})`)];
  const listed = result.findings.map((f) => ({ severity: f.severity, line: f.line, column: f.column, heading: f.code, message: f.message }));
  lines.push(...problemLines(listed, paint, source));
  lines.push(...unlisted(result.findings, result.findingCounts, paint));
  return lines;
}

const FRAME_COLUMNS = ['#', 'lines', 'event', 'type', 'carried', 'time'] as const;

function framesSection(frames: readonly FrameRecord[], paint: Palette): string[] {
  if (frames.length === 0) return [`${paint.heading('Frames')}: none kept`];
  const rows = frames.map((frame) => [
    String(frame.index),
    frame.endLine > frame.line ? `${frame.line}-${frame.endLine}` : String(frame.line),
    visibleLine(frame.event),
    frame.type === null || frame.type === undefined ? '-' : visibleLine(frame.type),
    visibleLine(frame.carried),
    frame.time ?? (frame.elapsedMs === undefined ? '' : `+${frame.elapsedMs} ms`),
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
