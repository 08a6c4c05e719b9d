import { checkOptionTable, isReconstruction, SERIALIZER_OPTION_RULES, type Choice, type Reconstruction, type ToolCall } from '../core/index.js';
import { frameRow, position } from '../matchers/message.js';

/** The parts of pretty-format's config a serializer reads (the same in Jest and Vitest). */
export interface SnapshotConfig {
  indent: string;
}

/** The printer a runner passes to a serializer, for the values inside the block. */
export type SnapshotPrinter<Config> = (value: unknown, config: Config, indentation: string, depth: number, refs: unknown[]) => string;

/**
 * A snapshot serializer as both runners take it (`expect.addSnapshotSerializer`, `snapshotSerializers`). Generic
 * over the runner's config, so it is assignable to pretty-format's `Plugin` in Jest and in Vitest.
 */
export interface SnapshotSerializer {
  test(value: unknown): boolean;
  serialize<Config extends SnapshotConfig>(value: unknown, config: Config, indentation: string, depth: number, refs: unknown[], printer: SnapshotPrinter<Config>): string;
}

/** Options of `createSerializer()`. */
export interface SerializerOptions {
  /** Add the frames table (index, line, type, what each carried), without arrival times. Default false. */
  frames?: boolean;
}

/**
 * Prints a reconstruction as a stable block: summary, each choice's text, tool calls with parsed input and finish
 * reason, usage, error, findings with line:column, and optionally the frames. Arrival times are never printed.
 */
export function createSerializer(options: SerializerOptions = {}): SnapshotSerializer {
  checkOptionTable(options, SERIALIZER_OPTION_RULES, { where: 'createSerializer' });
  return {
    test: isReconstruction,
    serialize(value, config, indentation, depth, refs, printer) {
      const result = value as Reconstruction & { source?: { kind: string; status: number | null; contentType: string | null; readError: string | null } | null };
      const inner = indentation + config.indent;
      const print = (item: unknown, at: string) => printer(item, config, at, depth + 1, refs);
      const lines = [`Reconstruction ${result.summary}`];
      const source = result.source;
      if (source?.kind === 'Response') lines.push(`${inner}http: ${source.status ?? '?'} ${source.contentType ?? '(no content type)'}`);
      if (source?.readError) lines.push(`${inner}read failed: ${source.readError}`);
      for (const choice of result.choices) lines.push(...choiceLines(choice, inner, config.indent, print));
      if (result.usage !== null) lines.push(`${inner}usage: ${print(result.usage, inner)}`);
      if (result.error !== null && result.error !== undefined) lines.push(`${inner}error: ${print(result.error, inner)}`);
      if (result.steps) lines.push(`${inner}steps: ${print(result.steps, inner)}`);
      lines.push(...findingLines(result, inner, config.indent));
      if (options.frames === true) lines.push(...framesLines(result, inner, config.indent));
      return lines.join('\n');
    },
  };
}

type Print = (item: unknown, at: string) => string;

function choiceLines(choice: Choice, at: string, indent: string, print: Print): string[] {
  const inner = at + indent;
  const lines = [`${at}choice ${choice.index}`, `${inner}text: ${print(choice.text, inner)}`];
  if (choice.refusal !== undefined) lines.push(`${inner}refusal: ${print(choice.refusal, inner)}`);
  if (choice.reasoning !== undefined) lines.push(`${inner}reasoning: ${print(choice.reasoning, inner)}`);
  for (const call of choice.toolCalls) lines.push(toolCallLine(call, inner, print));
  const meaning = choice.finishMeaning === null ? '' : ` (${choice.finishMeaning})`;
  lines.push(`${inner}finish: ${choice.finishReason === null ? 'none' : print(choice.finishReason, inner)}${meaning}`);
  return lines;
}

function toolCallLine(call: ToolCall, at: string, print: Print): string {
  const input = 'input' in call ? print(call.input, at) : `${print(call.arguments, at)} (arguments not JSON)`;
  return `${at}tool call ${call.index} ${call.name} (id ${call.id}): ${input}`;
}

function findingLines(result: Reconstruction, at: string, indent: string): string[] {
  if (result.findings.length === 0) return [`${at}findings: none`];
  return [`${at}findings:`, ...result.findings.map((finding) => `${at}${indent}${position(finding)} ${finding.code} (${finding.severity}): ${finding.message}`)];
}

function framesLines(result: Reconstruction, at: string, indent: string): string[] {
  return [`${at}frames:`, ...result.frames.map((frame) => `${at}${indent}${frameRow(frame)}`)];
}

/** The default serializer, for `snapshotSerializers: ['sse-reconstruct/serializer']` and `expect.addSnapshotSerializer`. */
export const serializer: SnapshotSerializer = createSerializer();
/** The default serializer's `test`, for runners that load a serializer module's named exports. */
export const test: SnapshotSerializer['test'] = serializer.test;
/** The default serializer's `serialize`, for runners that load a serializer module's named exports. */
export const serialize: SnapshotSerializer['serialize'] = serializer.serialize;
export default serializer;
