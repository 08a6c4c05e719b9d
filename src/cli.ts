#!/usr/bin/env node
// The command line: reads a capture (a file or stdin), prints the report or the result as JSON, exits 0/1/2.
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { openFile, shippedPage, writeReportPage } from './html-page.js';
import packageJson from '../package.json' with { type: 'json' };
import { runRecord } from './cli/record.js';
import { runServe } from './cli/serve.js';
import { countsAtLeast, SEVERITIES } from './core/severity.js';
import { createInspection, createReconstruction, FORMAT_NAMES, lineLookup, renderInspection, renderText, type FormatName, type Inspection, type Reconstruction, type ReconstructOptions, type Severity } from './index.js';

const USAGE = `Usage: sse-reconstruct [FILE|-] [--format NAME] [--json] [--frames] [--inspect] [--path PATH] [--html FILE] [--open] [--max-held-chars N] [--fail-on SEVERITY] [--help] [--version]
       sse-reconstruct serve CAPTURE [--port N] [--stall-after N --stall-ms MS] …   (serve --help)
       sse-reconstruct record --upstream URL --out FILE [--port N] [--once]       (record --help)

Reads a captured event stream (what \`curl -N\` prints, or what your client logged) from FILE, or from stdin
when FILE is \`-\` or left out with input piped in, and prints the answer put back together: the summary line,
the answer per choice, tool calls, usage, finish reason, the findings with line:column, and the non-streamed
response.

Options:
  --format NAME  read the stream as this format instead of telling it from the frames:
                 ${FORMAT_NAMES.join(', ')}
  --json         print the whole result as JSON instead of the report
  --frames       add the frames table to the report (index, lines, event, type, carried, time)
  --inspect      read any event stream, LLM or not, as a spec client dispatches it: the events,
                 what dispatches nothing and why, the counts, and the problems with a caret
                 (exit status 1 when it has any problem)
  --path PATH    with --inspect (implied): join the string at this dotted path of each event's
                 JSON, e.g. choices.0.delta.content (a numeric segment indexes an array)
  --html FILE    also write the page with the capture and its report in it to FILE (one file that
                 opens offline: keep it as a CI artifact)
  --open         open the page in your browser: with a capture (FILE, or - for stdin), its report
                 (written to --html FILE, or to a temp file); with none, the empty page
  --max-held-chars N
                 the most characters your reader holds without a blank line (default 1048576, the
                 common 1 MiB bound); past it the stream stops with a \`too large\` finding.
                 Infinity: no bound
  --fail-on SEVERITY
                 the least severe finding that makes the exit status 1: error, warning (the
                 default: info findings such as \`crlf\` pass) or info (every finding fails)
  --help         print this help
  --version      print the version

Exit status:
  0  the stream is complete and has no finding at or above --fail-on (default warning)
  1  it did not finish, is not the whole stream, or has such a finding
  2  a usage error: a bad option, or a capture that cannot be read
A reader that closes the output early (\`| head\`) ends the run quietly, with the status the stream earned.`;

/** What the command line asked for. */
interface Request {
  source: string;
  options: ReconstructOptions;
  json: boolean;
  frames: boolean;
  failOn: Severity;
  /** Inspect the stream as any event stream (`--inspect`, or implied by `--path`). */
  inspect: boolean;
  path?: string;
  /** `--html FILE`: where to write the page with the report in it. */
  html?: string;
  /** `--open`: open the page (with the report, when there is a capture). */
  open: boolean;
}

type Parsed = { kind: 'run'; request: Request } | { kind: 'help' } | { kind: 'version' } | { kind: 'usage error'; message: string };

/** Reads the arguments; never throws: a bad argument is a usage error saying what to pass. */
function parseArguments(args: readonly string[], stdinIsTTY: boolean): Parsed {
  const files: string[] = [];
  let format: string | undefined;
  let maxHeldChars: number | undefined;
  let json = false;
  let frames = false;
  let failOn: string = 'warning';
  let inspect = false;
  let path: string | undefined;
  let html: string | undefined;
  let open = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--version' || arg === '-v') return { kind: 'version' };
    if (arg === '--json') json = true;
    else if (arg === '--frames') frames = true;
    else if (arg === '--inspect') inspect = true;
    else if (arg === '--open') open = true;
    else if (arg === '--html' || arg.startsWith('--html=')) {
      html = arg === '--html' ? args[++i] : arg.slice('--html='.length);
      if (html === undefined || html === '' || html.startsWith('--')) return usageError('--html needs the path of the HTML file to write');
    }
    else if (arg === '--path' || arg.startsWith('--path=')) {
      path = arg === '--path' ? args[++i] : arg.slice('--path='.length);
      if (path === undefined || path === '') return usageError('--path needs a dotted path such as choices.0.delta.content');
      inspect = true;
    }
    else if (arg === '--format' || arg.startsWith('--format=')) {
      format = arg === '--format' ? args[++i] : arg.slice('--format='.length);
      if (format === undefined || format === '') return usageError('--format needs a format name');
    } else if (arg === '--max-held-chars' || arg.startsWith('--max-held-chars=')) {
      maxHeldChars = heldCharsArgument(arg === '--max-held-chars' ? args[++i] : arg.slice('--max-held-chars='.length));
      if (Number.isNaN(maxHeldChars)) return usageError('--max-held-chars needs a whole number of characters (at least 1), or Infinity for no bound');
    } else if (arg === '--fail-on' || arg.startsWith('--fail-on=')) {
      const value = arg === '--fail-on' ? args[++i] : arg.slice('--fail-on='.length);
      if (value === undefined || !(SEVERITIES as readonly string[]).includes(value)) {
        return usageError(`--fail-on needs a severity: ${SEVERITIES.join(', ')}${value === undefined ? '' : `; received ${JSON.stringify(value)}`}`);
      }
      failOn = value;
    } else if (arg === '--') {
      files.push(...args.slice(i + 1));
      break;
    } else if (arg.startsWith('-') && arg !== '-') return usageError(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (format !== undefined && !(FORMAT_NAMES as readonly string[]).includes(format)) {
    return usageError(`unknown format ${JSON.stringify(format)}; pass one of ${FORMAT_NAMES.join(', ')}`);
  }
  if (inspect && format !== undefined) return usageError('--inspect reads any event stream; --format names an LLM format to reconstruct: pass one or the other');
  if (inspect && frames) return usageError('--inspect lists every event already; --frames is for the reconstruction report');
  if (files.length > 1) return usageError(`one capture at a time; received ${files.length} files (${files.join(', ')})`);
  const source = files[0] ?? '-';
  const openAlone = open && files.length === 0 && html === undefined;
  if (files.length === 0 && stdinIsTTY && !openAlone) return usageError('no capture given: pass a FILE, or pipe one in and pass -');
  const options: ReconstructOptions = {};
  if (format !== undefined) options.format = format as FormatName;
  if (maxHeldChars !== undefined) options.maxHeldChars = maxHeldChars;
  const request: Request = { source, options, json, frames, failOn: failOn as Severity, inspect, open };
  if (path !== undefined) request.path = path;
  if (html !== undefined) request.html = html;
  // `--open` with no capture opens the empty page (pass - to open the report of what stdin carries).
  if (openAlone) request.source = '';
  return { kind: 'run', request };
}

/** The bound `--max-held-chars` gives: a whole number of at least 1, or Infinity; NaN when it is neither. */
function heldCharsArgument(value: string | undefined): number {
  if (value === 'Infinity' || value === 'infinity') return Infinity;
  return value !== undefined && /^[1-9][0-9]*$/.test(value) ? Number(value) : NaN;
}

function usageError(message: string): Parsed {
  return { kind: 'usage error', message };
}

/** Exit status for a result: 0 complete with no finding at `failOn` or worse, 1 otherwise. */
function exitCodeOf(result: Reconstruction, failOn: Severity): 0 | 1 {
  const failing = Object.values(countsAtLeast(result.findingCounts, failOn)).reduce((sum, count) => sum + (count ?? 0), 0);
  return result.verdict === 'complete' && failing === 0 ? 0 : 1;
}

/** The bytes of the capture kept to print findings' lines with a caret; a larger capture is reported without them. */
const SNIPPET_BUDGET = 32 * 1024 * 1024;

/** Feeds the capture to a session chunk by chunk (a large file is never held whole as text past the snippet budget). */
async function readInto<T>(source: NodeJS.ReadableStream, session: { push(chunk: Uint8Array): void; end(): T }, keep = true): Promise<{ result: T; lines: ((line: number) => string | undefined) | undefined }> {
  const kept: Buffer[] = [];
  const budget = keep ? SNIPPET_BUDGET : 0;
  let size = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    session.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    size += bytes.byteLength;
    if (size <= budget) kept.push(bytes);
    else kept.length = 0;
  }
  const result = session.end();
  return { result, lines: keep && size <= budget ? lineLookup(new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(kept))) : undefined };
}

/** Why a path cannot be read, in words that say what to pass instead; null when it is a readable file. */
function unreadable(path: string): string | null {
  try {
    if (statSync(path).isDirectory()) return `${path} is a directory; pass the capture file inside it`;
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `no such file: ${path}; pass the path of a captured stream, or - to read stdin`;
    return `cannot read ${path} (${code ?? String(error)}); pass a readable capture file, or - to read stdin`;
  }
}

/** `--inspect`: the inspector's report (or the Inspection as JSON); exit 1 when a problem is at or above `--fail-on`. */
async function inspectFrom(input: NodeJS.ReadableStream, request: Request): Promise<number> {
  const { maxHeldChars } = request.options;
  const session = createInspection({ ...(request.path !== undefined ? { path: request.path } : {}), ...(maxHeldChars !== undefined ? { maxHeldChars } : {}) });
  // An inspection draws its own snippets: nothing of the input needs keeping here.
  const { result } = await readInto<Inspection>(input, session, false);
  const output = request.json ? `${JSON.stringify(result, null, 2)}\n` : renderInspection(result, { color: colourWanted() });
  const failing = Object.values(countsAtLeast(result.problemCounts, request.failOn)).reduce((sum, count) => sum + (count ?? 0), 0);
  return write(output, failing === 0 ? 0 : 1);
}

/** Colours on a terminal; FORCE_COLOR (other than 0 or false) turns them on anywhere, NO_COLOR off (Node's order). */
function colourWanted(): boolean {
  const force = process.env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  const noColor = process.env.NO_COLOR;
  return process.stdout.isTTY === true && (noColor === undefined || noColor === '');
}

async function main(args: readonly string[]): Promise<number> {
  const parsed = parseArguments(args, process.stdin.isTTY === true);
  if (parsed.kind === 'help') return write(`${USAGE}\n`, 0);
  if (parsed.kind === 'version') return write(`${packageJson.version}\n`, 0);
  if (parsed.kind === 'usage error') {
    process.stderr.write(`sse-reconstruct: ${parsed.message}\nRun \`sse-reconstruct --help\` for the options.\n`);
    return 2;
  }
  const { request } = parsed;
  if (request.source === '') return openPage(shippedPage());
  const problem = request.source === '-' ? null : unreadable(request.source);
  if (problem !== null) {
    process.stderr.write(`sse-reconstruct: ${problem}\n`);
    return 2;
  }
  let input: NodeJS.ReadableStream = request.source === '-' ? process.stdin : createReadStream(request.source, { highWaterMark: 64 * 1024 });
  if (request.html !== undefined || request.open) input = await writePage(input, request);
  if (request.inspect) return inspectFrom(input, request);
  const { result, lines } = await readInto(input, createReconstruction(request.options));
  const output = request.json ? `${JSON.stringify(result, null, 2)}\n` : renderText(result, { color: colourWanted(), frames: request.frames, ...(lines ? { source: lines } : {}) });
  return write(output, exitCodeOf(result, request.failOn));
}

/** `--html` / `--open`: writes the page with the report (the capture is read whole for it), opens it when asked; the
 * capture is then read again for the usual report on stdout. */
async function writePage(input: NodeJS.ReadableStream, request: Request): Promise<NodeJS.ReadableStream> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const bytes = Buffer.concat(chunks);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const { format, maxHeldChars } = request.options;
  const file = writeReportPage({ text, inspect: request.inspect, ...(format ? { format } : {}), ...(request.path ? { path: request.path } : {}), ...(maxHeldChars !== undefined ? { maxHeldChars } : {}) }, request.html);
  process.stderr.write(`sse-reconstruct: wrote the page with the report to ${file}\n`);
  if (request.open) await openPage(file);
  return Readable.from([bytes]);
}

async function openPage(file: string): Promise<number> {
  const problem = await openFile(file);
  process.stderr.write(problem === null ? `sse-reconstruct: opened ${file}\n` : `sse-reconstruct: ${problem}\n`);
  return problem === null ? 0 : 1;
}

/**
 * Writes and waits for the write to be taken, so a piped reader gets everything before the process exits. A reader
 * that closed early (`| head -c 100`) wanted no more: that is not a failure, so the status stays the one earned.
 */
function write(text: string, code: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') return reject(error);
      // The pipe may report the same close again as the process exits: it is answered already.
      process.stdout.on('error', () => undefined);
      resolve(code);
    };
    process.stdout.once('error', onError);
    process.stdout.write(text, (error) => {
      if (error) return onError(error);
      process.stdout.off('error', onError);
      resolve(code);
    });
  });
}

/** `serve` and `record` are subcommands; anything else is a capture to read. */
function dispatch([first, ...rest]: readonly string[]): Promise<number> {
  if (first === 'serve') return runServe(rest);
  if (first === 'record') return runRecord(rest);
  return main(first === undefined ? [] : [first, ...rest]);
}

dispatch(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sse-reconstruct: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  },
);
