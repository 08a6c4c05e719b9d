// `sse-reconstruct compare UPSTREAM DOWNSTREAM`: did a relay carry what upstream said? Reads both captures, compares
// their answers, prints each difference with where it is in both files; exit 0 same, 1 differs, 2 misuse.
import { createReadStream, statSync } from 'node:fs';
import { compareReconstructions, FORMAT_NAMES, openSession, printableJson, visibleLines, type AnswerPlace, type CompareOptions, type Comparison, type Difference, type FormatName, type Reconstruction } from '../core/index.js';
import { ArgumentReader } from './arguments.js';
import { COMPARE_OPTIONS, optionNames, optionsHelp } from './options.js';
import type { CommandLineIo } from './main.js';

export const COMPARE_USAGE = `Usage: sse-reconstruct compare UPSTREAM DOWNSTREAM [options]

Reads two captured streams, what a provider sent a relay (UPSTREAM) and what the relay sent its client
(DOWNSTREAM), in any two formats, and compares their answers: text, reasoning and signatures, refusal,
tool calls, finish class, usage and failure. Each difference is printed with where it is in both files
(file:line:column and the frame). One of the two may be - to read stdin.

Options:
${optionsHelp(COMPARE_OPTIONS, 23)}

Exit status:
  0  the downstream carries the upstream's answer
  1  it differs (each difference is listed)
  2  a usage error: a bad option, a capture that cannot be read`;

const FLAGS = ['json', 'ids', 'help'];
const VALUES = optionNames(COMPARE_OPTIONS).filter((name) => !FLAGS.includes(name));
const USAGE_MODES = ['exact', 'consistent', 'ignore'] as const;

/** What `compare` was asked for. */
interface CompareRequest {
  files: [string, string];
  formats: [FormatName | undefined, FormatName | undefined];
  json: boolean;
  options: CompareOptions;
}

/** Runs `compare` on its arguments (the words after `compare`); resolves to the exit status. */
export async function runCompare(args: readonly string[], io: CommandLineIo): Promise<number> {
  const read = new ArgumentReader(args, VALUES, FLAGS);
  if (read.has('help')) return write(io, `${COMPARE_USAGE}\n`, 0);
  const request = requestOf(read);
  if (typeof request === 'string') return fail(io, `${request}\nRun \`sse-reconstruct compare --help\` for the options.`);
  for (const file of request.files) {
    const problem = file === '-' ? null : unreadable(file);
    if (problem !== null) return fail(io, problem);
  }
  const [upstream, downstream] = await Promise.all(request.files.map((file, side) => readCapture(file === '-' ? io.stdin : createReadStream(file), request.formats[side])));
  const comparison = compareReconstructions(upstream as Reconstruction, downstream as Reconstruction, request.options);
  const text = request.json ? `${printableJson(comparison, 2)}\n` : comparisonText(comparison, request.files, [upstream as Reconstruction, downstream as Reconstruction]);
  return write(io, text, comparison.same ? 0 : 1);
}

/** The request the arguments make, or what is wrong with them. */
function requestOf(read: ArgumentReader): CompareRequest | string {
  const [problem] = read.problems;
  if (problem !== undefined) return problem;
  if (read.positional.length !== 2) return `compare takes two captures, UPSTREAM and DOWNSTREAM; received ${read.positional.length}${read.positional.length > 0 ? ` (${read.positional.join(', ')})` : ''}`;
  const files = read.positional as [string, string];
  if (files[0] === '-' && files[1] === '-') return 'only one of the two captures can be read from stdin (-)';
  const formats: [FormatName | undefined, FormatName | undefined] = [undefined, undefined];
  for (const [side, name] of [[0, 'format-up'], [1, 'format-down']] as const) {
    const format = read.text(name);
    if (format === undefined) continue;
    if (!(FORMAT_NAMES as readonly string[]).includes(format)) return `unknown format ${JSON.stringify(format)} for --${name}; pass one of ${FORMAT_NAMES.join(', ')}`;
    formats[side] = format as FormatName;
  }
  const options: CompareOptions = {};
  const usage = read.text('usage');
  if (usage !== undefined) {
    if (!(USAGE_MODES as readonly string[]).includes(usage)) return `--usage needs one of ${USAGE_MODES.join(', ')}; received ${JSON.stringify(usage)}`;
    options.usage = usage as CompareOptions['usage'];
  }
  const ignore = read.all('ignore');
  if (ignore.length > 0) options.ignore = ignore;
  if (read.has('ids')) options.ids = true;
  return { files, formats, json: read.has('json'), options };
}

/** Reads a capture chunk by chunk into a reconstruction (a large file is never held whole as text). */
async function readCapture(input: NodeJS.ReadableStream, format: FormatName | undefined): Promise<Reconstruction> {
  const session = openSession(format ? { format } : {});
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    session.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (session.stopped()) break;
  }
  return session.end();
}

/** The report: both streams in a line each, every difference with both places, then the summary. */
export function comparisonText(comparison: Comparison, files: readonly [string, string], reads: readonly [Reconstruction, Reconstruction]): string {
  const names = files.map((file) => (file === '-' ? 'stdin' : file)) as [string, string];
  const lines = [`upstream    ${names[0]}: ${reads[0].summary}`, `downstream  ${names[1]}: ${reads[1].summary}`, ''];
  comparison.differences.forEach((difference, index) => lines.push(...differenceText(difference, index, names), ''));
  lines.push(comparison.same ? `Same answer: the downstream carries the upstream's answer (${comparison.summary}).` : `Differs: ${comparison.summary}.`);
  // Messages and file names can hold text from the wire: nothing a terminal acts on goes out raw.
  return `${visibleLines(lines.join('\n'))}\n`;
}

function differenceText(difference: Difference, index: number, names: readonly [string, string]): string[] {
  const places = [placeOf(names[0], difference.upstream.at), placeOf(names[1], difference.downstream.at)];
  const width = Math.max(...places.map((place) => place.length));
  return [
    `${index + 1}. ${difference.code} (${difference.severity}) at ${difference.path}`,
    `   ${difference.message}`,
    `   ${(places[0] ?? '').padEnd(width)}  ${valueOf(difference.upstream.value)}`,
    `   ${(places[1] ?? '').padEnd(width)}  ${valueOf(difference.downstream.value)}`,
  ];
}

/** `up.txt:7:1 (frame #3)`, or the file alone when the difference has no place on that side. */
function placeOf(file: string, at: AnswerPlace | null): string {
  return at === null ? `${file} (no frame)` : `${file}:${at.line}:${at.column} (frame #${at.frame})`;
}

const VALUE_CHARS = 100;

function valueOf(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  // A finish's `source` (where its class was read) says nothing about this stream: left out.
  const text = printableJson(JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === 'source' ? undefined : inner))) as unknown);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}… (${text.length} chars)` : text;
}

function unreadable(path: string): string | null {
  try {
    return statSync(path).isDirectory() ? `${path} is a directory; pass a capture file` : null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `no such file: ${path}; pass the path of a captured stream, or - to read stdin` : `cannot read ${path} (${code ?? String(error)})`;
  }
}

/** Writes and waits for the write to be taken; a reader that closed early (`| head`) keeps the status earned. */
function write(io: CommandLineIo, text: string, code: number): Promise<number> {
  return new Promise((resolve) => {
    io.stdout.once('error', () => resolve(code));
    io.stdout.write(text, () => resolve(code));
  });
}

function fail(io: CommandLineIo, message: string): number {
  io.stderr.write(`sse-reconstruct compare: ${message}\n`);
  return 2;
}
