import type { Report, ReportChoice, ToolCall } from '../core/index.js';
import { frameRow, position } from '../matchers/message.js';

/** Prints one value as the runner's snapshot printer does, at an indentation. */
export type PrintValue = (item: unknown, at: string) => string;

/** How a snapshot block is laid out: the runner's indentation step and where the block starts. */
export interface BlockLayout {
  /** The indentation the block's lines start at (the value's own, plus one step). */
  at: string;
  /** One indentation step. */
  indent: string;
  /** Whether to print the report's frames (the serializer's `frames` option). */
  frames: boolean;
}

/**
 * A report as a stable snapshot block: summary, HTTP facts, each choice's text, tool calls with parsed input and
 * finish reason, usage, error, steps, findings with line:column, and the frames when asked. No arrival times.
 */
export function snapshotBlock(report: Report, layout: BlockLayout, print: PrintValue): string {
  const { at: inner, indent } = layout;
  const lines = [`Reconstruction ${report.summary}`];
  const read = report.read;
  if (read?.kind === 'Response') lines.push(`${inner}http: ${read.status ?? '?'} ${read.contentType ?? '(no content type)'}`);
  if (read?.readError) lines.push(`${inner}read failed: ${read.readError}`);
  for (const choice of report.choices) lines.push(...choiceLines(choice, inner, indent, print));
  if (report.usage !== null) lines.push(`${inner}usage: ${print(report.usage, inner)}`);
  if (report.error !== null && report.error !== undefined) lines.push(`${inner}error: ${print(report.error, inner)}`);
  if (report.steps) lines.push(`${inner}steps: ${print(report.steps, inner)}`);
  lines.push(...findingLines(report, inner, indent));
  if (layout.frames) lines.push(`${inner}frames:`, ...report.frames.map((frame) => `${inner}${indent}${frameRow(frame)}`));
  return lines.join('\n');
}

function choiceLines(choice: ReportChoice, at: string, indent: string, print: PrintValue): string[] {
  const inner = at + indent;
  const lines = [`${at}choice ${choice.index}`, `${inner}text: ${print(choice.text, inner)}`];
  if (choice.refusal !== undefined) lines.push(`${inner}refusal: ${print(choice.refusal, inner)}`);
  if (choice.reasoning !== undefined) lines.push(`${inner}reasoning: ${print(choice.reasoning, inner)}`);
  for (const call of choice.toolCalls) lines.push(toolCallLine(call, inner, print));
  const { reason, meaning } = choice.finish;
  lines.push(`${inner}finish: ${reason === null ? 'none' : print(reason, inner)}${meaning === null ? '' : ` (${meaning})`}`);
  return lines;
}

function toolCallLine(call: ToolCall, at: string, print: PrintValue): string {
  const input = 'input' in call ? print(call.input, at) : `${print(call.arguments, at)} (arguments not JSON)`;
  return `${at}tool call ${call.index} ${call.name} (id ${call.id}): ${input}`;
}

function findingLines(report: Report, at: string, indent: string): string[] {
  if (report.findings.length === 0) return [`${at}findings: none`];
  return [`${at}findings:`, ...report.findings.map((finding) => `${at}${indent}${position(finding)} ${finding.code} (${finding.severity}): ${finding.message}`)];
}
