// `sse-reconstruct conformance REPORT.json [--html FILE]`: the relay conformance kit's matrix, read back from the JSON
// a run wrote, printed as text and, when asked, written as a page a CI job keeps as an artifact. Exit 0 when every
// case passed (skipped ones aside), 1 when a cell failed, 2 on misuse or a report that cannot be read.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { paletteFor } from '../core/index.js';
import { ArgumentReader } from './arguments.js';
import { conformancePage } from './conformance-page.js';
import { matrixOf, type MatrixView } from './conformance-report.js';
import { matrixText } from './conformance-text.js';
import type { CommandLineIo } from './main.js';
import { CONFORMANCE_OPTIONS, optionNames, optionsHelp } from './options.js';

export const CONFORMANCE_USAGE = `Usage: sse-reconstruct conformance REPORT.json [--html FILE]

Prints the matrix a relay conformance run wrote (relayConformance({ report }) in Vitest or Jest, or the JSON of
runRelayConformance()): for each route, how many cases of each rule passed, failed or were skipped, then every
case that did not pass with why. REPORT.json may be - to read stdin.

Options:
${optionsHelp(CONFORMANCE_OPTIONS, 15)}

Exit status:
  0  every case passed (skipped cases aside)
  1  a case failed
  2  a usage error: a bad option, a report that cannot be read or is not a conformance matrix`;

const FLAGS = ['help'];
const VALUES = optionNames(CONFORMANCE_OPTIONS).filter((name) => !FLAGS.includes(name));

/** Runs `conformance` on its arguments (the words after `conformance`); resolves to the exit status. */
export async function runConformance(args: readonly string[], io: CommandLineIo): Promise<number> {
  const read = new ArgumentReader(args, VALUES, FLAGS);
  if (read.has('help')) return write(io, `${CONFORMANCE_USAGE}\n`, 0);
  const [problem] = read.problems;
  if (problem !== undefined) return fail(io, `${problem}\nRun \`sse-reconstruct conformance --help\` for the options.`);
  if (read.positional.length !== 1) return fail(io, `conformance takes one report, the JSON a conformance run wrote; received ${read.positional.length}${read.positional.length > 0 ? ` (${read.positional.join(', ')})` : ''}`);
  const source = read.positional[0] ?? '';
  const matrix = await readMatrix(source, io);
  if (typeof matrix === 'string') return fail(io, matrix);
  const html = read.text('html');
  if (html !== undefined) {
    const written = writePage(matrix, source, html);
    if (written !== null) return fail(io, written);
    io.stderr.write(`sse-reconstruct conformance: wrote the page with the matrix to ${resolve(html)}\n`);
  }
  return write(io, matrixText(matrix, paletteFor(colourWanted(io))), matrix.totals.fail > 0 ? 1 : 0);
}

/** The matrix in the file (or stdin), or what is wrong with it. */
async function readMatrix(source: string, io: CommandLineIo): Promise<MatrixView | string> {
  let text: string;
  try {
    if (source === '-') text = await readAll(io.stdin);
    else if (statSync(source).isDirectory()) return `${source} is a directory; pass the JSON report a conformance run wrote`;
    else text = readFileSync(source, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `no such file: ${source}; pass the JSON report a conformance run wrote, or - to read stdin` : `cannot read ${source} (${code ?? String(error)})`;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `${source === '-' ? 'stdin' : source} is not JSON (${error instanceof Error ? error.message : String(error)}); pass the JSON report a conformance run wrote`;
  }
  const matrix = matrixOf(value);
  return typeof matrix === 'string' ? `${source === '-' ? 'stdin' : source} is not a conformance matrix: ${matrix}` : matrix;
}

/** Writes the page; null when written, else why not. */
function writePage(matrix: MatrixView, source: string, file: string): string | null {
  try {
    writeFileSync(file, conformancePage(matrix, source === '-' ? 'stdin' : source));
    return null;
  } catch (error) {
    // A file system error names its syscall; anything else (the shipped page missing) says what to do itself.
    const { code, syscall } = error as NodeJS.ErrnoException;
    if (syscall === undefined) return `cannot write the page: ${error instanceof Error ? error.message : String(error)}`;
    return `cannot write the page to ${file} (${code ?? syscall}); pass a file in a folder that exists`;
  }
}

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Colours on a terminal; FORCE_COLOR (other than 0 or false) turns them on anywhere, NO_COLOR off. */
function colourWanted(io: CommandLineIo): boolean {
  const force = io.env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  const noColor = io.env.NO_COLOR;
  return io.stdout.isTTY === true && (noColor === undefined || noColor === '');
}

/** Writes and waits for the write to be taken; a reader that closed early (`| head`) keeps the status earned. */
function write(io: CommandLineIo, text: string, code: number): Promise<number> {
  return new Promise((resolve) => {
    io.stdout.once('error', () => resolve(code));
    io.stdout.write(text, () => resolve(code));
  });
}

function fail(io: CommandLineIo, message: string): number {
  io.stderr.write(`sse-reconstruct conformance: ${message}\n`);
  return 2;
}
