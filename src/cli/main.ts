// The command line: reads a capture (a file or stdin), prints the report or the result as JSON, exits 0/1/2. It takes
// its streams and environment as arguments, so tests run it in-process.
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { openFile, shippedPage, writeReportPage } from './html-page.js';
import packageJson from '../../package.json' with { type: 'json' };
import { runCompare } from './compare.js';
import { runConformance } from './conformance.js';
import { runRecord } from './record.js';
import { runServe } from './serve.js';
import { requestFileOptions } from './request-file.js';
import { clientReadings, clientsSection } from './clients.js';
import { optionsHelp, READ_OPTIONS } from './options.js';
import { checkOptions, countsAtLeast, lineLookup, MAX_HELD_CHARS, openSession, printableJson, SEVERITIES } from '../core/index.js';
import { createInspection, FORMAT_NAMES, renderInspection, renderText, type FormatName, type Inspection, type Reconstruction, type ReconstructOptions, type Severity } from '../index.js';

const USAGE = `Usage: sse-reconstruct [FILE|-] [--format NAME] [--json] [--frames] [--clients] [--inspect] [--path PATH] [--html FILE] [--open] [--max-held-chars N] [--request FILE] [--fail-on SEVERITY] [--help] [--version]
       sse-reconstruct serve CAPTURE [--port N] [--stall-after N --stall-ms MS] …   (serve --help)
       sse-reconstruct record --upstream URL --out FILE [--port N] [--once]       (record --help)
       sse-reconstruct compare UPSTREAM DOWNSTREAM [--json] [--usage MODE] …     (compare --help)
       sse-reconstruct conformance REPORT.json [--html FILE]                      (conformance --help)

Reads a captured event stream (what \`curl -N\` prints, or what your client logged) from FILE, or from stdin
when FILE is \`-\` or left out with input piped in, and prints the answer put back together: the summary line,
the answer per choice, tool calls, usage, finish reason, the findings with line:column, and the non-streamed
response.

Options:
${optionsHelp(READ_OPTIONS, 17)}

Exit status:
  0  the stream is complete and has no finding at or above --fail-on (default warning)
  1  it did not finish, is not the whole stream, or has such a finding
     with --inspect: 0 when it has no problem at or above --fail-on (default warning), 1 when it has one
     (the inspector gives no verdict: a stream cut mid-event fails by its problem, never dispatched)
  2  a usage error: a bad option, a capture that cannot be read, or one past 64 MiB with --html
A reader that closes the output early (\`| head\`) ends the run quietly, with the status the stream earned.`;

/** What the command line asked for. */
interface Request {
  source: string;
  options: ReconstructOptions;
  json: boolean;
  frames: boolean;
  /** `--clients`: add what each real client of the format does with the capture. */
  clients: boolean;
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

/** The options as read, before they are checked against each other. */
interface Flags {
  format?: string;
  maxHeldChars?: number;
  /** `--request FILE`: the file with the request that produced the capture. */
  request?: string;
  json: boolean;
  frames: boolean;
  clients: boolean;
  failOn: string;
  inspect: boolean;
  path?: string;
  html?: string;
  open: boolean;
}

/** Reads the arguments; never throws: a bad argument is a usage error saying what to pass. */
function parseArguments(args: readonly string[], stdinIsTTY: boolean): Parsed {
  const files: string[] = [];
  const flags: Flags = { json: false, frames: false, clients: false, failOn: 'warning', inspect: false, open: false };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--version' || arg === '-v') return { kind: 'version' };
    if (arg === '--json') flags.json = true;
    else if (arg === '--frames') flags.frames = true;
    else if (arg === '--clients') flags.clients = true;
    else if (arg === '--inspect') flags.inspect = true;
    else if (arg === '--open') flags.open = true;
    else if (arg === '--html' || arg.startsWith('--html=')) {
      flags.html = arg === '--html' ? args[++i] : arg.slice('--html='.length);
      if (flags.html === undefined || flags.html === '' || flags.html.startsWith('--')) return usageError('--html needs the path of the HTML file to write');
    }
    else if (arg === '--path' || arg.startsWith('--path=')) {
      flags.path = arg === '--path' ? args[++i] : arg.slice('--path='.length);
      if (flags.path === undefined || flags.path === '') return usageError('--path needs a dotted path such as choices.0.delta.content');
      flags.inspect = true;
    }
    else if (arg === '--format' || arg.startsWith('--format=')) {
      flags.format = arg === '--format' ? args[++i] : arg.slice('--format='.length);
      if (flags.format === undefined || flags.format === '') return usageError('--format needs a format name');
    } else if (arg === '--max-held-chars' || arg.startsWith('--max-held-chars=')) {
      flags.maxHeldChars = heldCharsArgument(arg === '--max-held-chars' ? args[++i] : arg.slice('--max-held-chars='.length));
      if (Number.isNaN(flags.maxHeldChars)) return usageError('--max-held-chars needs a whole number of characters (at least 1), or Infinity for no bound');
    } else if (arg === '--request' || arg.startsWith('--request=')) {
      flags.request = arg === '--request' ? args[++i] : arg.slice('--request='.length);
      if (flags.request === undefined || flags.request === '') return usageError('--request needs the path of a file with the request body (JSON)');
    } else if (arg === '--fail-on' || arg.startsWith('--fail-on=')) {
      const value = arg === '--fail-on' ? args[++i] : arg.slice('--fail-on='.length);
      if (value === undefined || !(SEVERITIES as readonly string[]).includes(value)) {
        return usageError(`--fail-on needs a severity: ${SEVERITIES.join(', ')}${value === undefined ? '' : `; received ${JSON.stringify(value)}`}`);
      }
      flags.failOn = value;
    } else if (arg === '--') {
      files.push(...args.slice(i + 1));
      break;
    } else if (arg.startsWith('-') && arg !== '-') return usageError(`unknown option ${arg}`);
    else files.push(arg);
  }
  return requestFrom(flags, files, stdinIsTTY);
}

/** The request the options and files make, or the usage error of options that do not go together. */
function requestFrom(flags: Flags, files: readonly string[], stdinIsTTY: boolean): Parsed {
  const { format, maxHeldChars, json, frames, clients, failOn, inspect, path, html, open } = flags;
  if (format !== undefined && !(FORMAT_NAMES as readonly string[]).includes(format)) {
    return usageError(`unknown format ${JSON.stringify(format)}; pass one of ${FORMAT_NAMES.join(', ')}`);
  }
  if (inspect && format !== undefined) return usageError('--inspect reads any event stream; --format names an LLM format to reconstruct: pass one or the other');
  if (inspect && frames) return usageError('--inspect lists every event already; --frames is for the reconstruction report');
  if (inspect && clients) return usageError('--clients says what the clients of an LLM format do; --inspect reads any event stream: pass one or the other');
  if (files.length > 1) return usageError(`one capture at a time; received ${files.length} files (${files.join(', ')})`);
  const source = files[0] ?? '-';
  const openAlone = open && files.length === 0 && html === undefined;
  if (files.length === 0 && stdinIsTTY && !openAlone) return usageError('no capture given: pass a FILE, or pipe one in and pass -');
  const options: ReconstructOptions = {};
  if (format !== undefined) options.format = format as FormatName;
  if (maxHeldChars !== undefined) options.maxHeldChars = maxHeldChars;
  if (flags.request !== undefined) {
    const read = requestFileOptions(flags.request);
    if (typeof read === 'string') return usageError(read);
    Object.assign(options, read);
  }
  const request: Request = { source, options, json, frames, clients, failOn: failOn as Severity, inspect, open };
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

/** The streams and environment the command line runs with: the process's own, or a test's. */
export interface CommandLineIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/** The bytes of the capture kept to print findings' lines with a caret; a larger capture is reported without them. */
const SNIPPET_BUDGET = 32 * 1024 * 1024;

/**
 * The largest capture `--html` writes into a page (64 MiB): the page holds the capture whole, as text, and a browser
 * has to open it. The report on stdout has no such limit: it reads the capture as it streams.
 */
export const HTML_CAPTURE_LIMIT = 64 * 1024 * 1024;

/** What a capture is fed to: a reconstruction says when it stopped at the held bound, so the read can stop too. */
interface Feedable<T> {
  push(chunk: Uint8Array): void;
  end(): T;
  stopped?: () => boolean;
}

interface Fed<T> {
  /** The capture's text when it was kept whole (within the snippet budget). */
  text?: string;
  result: T;
  lines: ((line: number) => string | undefined) | undefined;
  /** The session stopped at the held bound, and the rest of the input was left unread. */
  stoppedEarly: boolean;
}

/** Feeds the capture to a session chunk by chunk (a large file is never held whole as text past the snippet budget). */
async function readInto<T>(source: NodeJS.ReadableStream, session: Feedable<T>, keep = true): Promise<Fed<T>> {
  const kept: Buffer[] = [];
  const budget = keep ? SNIPPET_BUDGET : 0;
  let size = 0;
  let stoppedEarly = false;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    session.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    size += bytes.byteLength;
    if (size <= budget) kept.push(bytes);
    else kept.length = 0;
    // Past the bound the session reads nothing more: an endless input (/dev/zero) must not keep the read going.
    if (session.stopped?.() === true) {
      stoppedEarly = true;
      break;
    }
  }
  const result = session.end();
  const text = keep && size <= budget ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.concat(kept)) : undefined;
  return { result, lines: text === undefined ? undefined : lineLookup(text), stoppedEarly, ...(text === undefined ? {} : { text }) };
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

/** One run of the command line. */
class Run {
  constructor(
    readonly io: CommandLineIo,
    readonly request: Request,
  ) {}

  /** The reconstruction report (or the result as JSON); exit 1 unless complete with nothing at `--fail-on`. */
  async reconstruct(input: NodeJS.ReadableStream): Promise<number> {
    checkOptions(this.request.options, { where: 'sse-reconstruct' });
    const fed = await readInto(input, openSession(this.request.options));
    this.noteStop(fed.stoppedEarly);
    const { result, lines } = fed;
    const clients = this.request.clients ? clientReadings(result, fed.text ?? null) : undefined;
    if (this.request.json) return this.write(`${printableJson(clients === undefined ? result : { ...result, clients }, 2)}\n`, exitCodeOf(result, this.request.failOn));
    const report = renderText(result, { color: this.colourWanted(), frames: this.request.frames, ...(lines ? { source: lines } : {}) });
    const output = clients === undefined ? report : report + clientsSection(result, clients, this.colourWanted());
    return this.write(output, exitCodeOf(result, this.request.failOn));
  }

  /** `--inspect`: the inspector's report (or the Inspection as JSON); exit 1 when a problem is at or above `--fail-on`. */
  async inspect(input: NodeJS.ReadableStream): Promise<number> {
    // inspect() holds frames of any size, as a spec client does; a command reading a file or a pipe keeps the held
    // bound (--max-held-chars, 1 MiB by default) so that endless input without a blank line ends.
    const maxHeldChars = this.request.options.maxHeldChars ?? MAX_HELD_CHARS;
    const session = createInspection({ ...(this.request.path !== undefined ? { path: this.request.path } : {}), maxHeldChars });
    // An inspection draws its own snippets: nothing of the input needs keeping here.
    const { result, stoppedEarly } = await readInto<Inspection>(input, session, false);
    this.noteStop(stoppedEarly);
    const output = this.request.json ? `${printableJson(result, 2)}\n` : renderInspection(result, { color: this.colourWanted() });
    const failing = Object.values(countsAtLeast(result.problemCounts, this.request.failOn)).reduce((sum, count) => sum + (count ?? 0), 0);
    return this.write(output, failing === 0 ? 0 : 1);
  }

  private noteStop(stoppedEarly: boolean): void {
    if (!stoppedEarly) return;
    const bound = this.request.options.maxHeldChars ?? MAX_HELD_CHARS;
    const what = this.request.source === '-' ? 'stdin' : this.request.source;
    this.io.stderr.write(`sse-reconstruct: stopped reading ${what} at the held bound (${bound} characters without a blank line, --max-held-chars): the report covers what came before it\n`);
  }

  /** Colours on a terminal; FORCE_COLOR (other than 0 or false) turns them on anywhere, NO_COLOR off (Node's order). */
  colourWanted(): boolean {
    const force = this.io.env.FORCE_COLOR;
    if (force !== undefined && force !== '0' && force !== 'false') return true;
    const noColor = this.io.env.NO_COLOR;
    return this.io.stdout.isTTY === true && (noColor === undefined || noColor === '');
  }

  write(text: string, code: number): Promise<number> {
    return writeOut(this.io.stdout, text, code);
  }

  fail(message: string, code: number): number {
    return fail(this.io, message, code);
  }
}

/**
 * Writes and waits for the write to be taken, so a piped reader gets everything before the process exits. A reader
 * that closed early (`| head -c 100`) wanted no more: that is not a failure, so the status stays the one earned.
 */
function writeOut(stdout: NodeJS.WritableStream, text: string, code: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') return reject(error);
      // The pipe may report the same close again as the process exits: it is answered already.
      stdout.on('error', () => undefined);
      resolve(code);
    };
    stdout.once('error', onError);
    stdout.write(text, (error) => {
      if (error) return onError(error);
      stdout.off('error', onError);
      resolve(code);
    });
  });
}

/** Says a problem on stderr and gives its exit status. */
function fail(io: CommandLineIo, message: string, code: number): number {
  io.stderr.write(`sse-reconstruct: ${message}\n`);
  return code;
}

/** Runs the command line on `args` (the words after the command) with these streams; resolves to the exit status. */
export function runCommandLine(args: readonly string[], io: CommandLineIo): Promise<number> {
  const [first, ...rest] = args;
  if (first === 'serve') return runServe(rest);
  if (first === 'record') return runRecord(rest);
  if (first === 'compare') return runCompare(rest, io);
  if (first === 'conformance') return runConformance(rest, io);
  return main(args, io);
}

async function main(args: readonly string[], io: CommandLineIo): Promise<number> {
  const parsed = parseArguments(args, io.stdin.isTTY === true);
  if (parsed.kind === 'help') return writeOut(io.stdout, `${USAGE}\n`, 0);
  if (parsed.kind === 'version') return writeOut(io.stdout, `${packageJson.version}\n`, 0);
  if (parsed.kind === 'usage error') return fail(io, `${parsed.message}\nRun \`sse-reconstruct --help\` for the options.`, 2);
  const { request } = parsed;
  const run = new Run(io, request);
  if (request.source === '') return openPage(run, shippedPage());
  const problem = request.source === '-' ? null : unreadable(request.source);
  if (problem !== null) return run.fail(problem, 2);
  const paging = request.html !== undefined || request.open;
  // A file too large for the page is refused before it is opened; stdin is refused once it has passed the limit.
  if (paging && request.source !== '-' && statSync(request.source).size > HTML_CAPTURE_LIMIT) return run.fail(tooLargeForPage(request.source), 2);
  let input: NodeJS.ReadableStream = request.source === '-' ? io.stdin : createReadStream(request.source, { highWaterMark: 64 * 1024 });
  if (paging) {
    const paged = await writePage(run, input);
    if (typeof paged === 'number') return paged;
    input = paged;
  }
  return request.inspect ? run.inspect(input) : run.reconstruct(input);
}

/** Why `--html` refuses a capture past its limit, and what to do instead. */
function tooLargeForPage(what: string): string {
  return `the page (--html, --open) holds the capture whole, up to ${HTML_CAPTURE_LIMIT / 1024 / 1024} MiB (${HTML_CAPTURE_LIMIT} bytes), and ${what} is larger: run without --html (the report on stdout reads a capture of any size), or cut the capture`;
}

/** The whole capture, read for the page; null once it is past `limit` (the rest is left unread). */
async function readUpTo(input: NodeJS.ReadableStream, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.byteLength;
    if (size > limit) return null;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * `--html` / `--open`: writes the page with the report (the page holds the capture whole, so it is read whole, up to
 * HTML_CAPTURE_LIMIT: past it the run stops with exit 2), opens it when asked; the capture is then read again for the
 * usual report on stdout. Gives the capture to read again, or the exit status when it stopped.
 */
async function writePage(run: Run, input: NodeJS.ReadableStream): Promise<NodeJS.ReadableStream | number> {
  const { request } = run;
  const bytes = await readUpTo(input, HTML_CAPTURE_LIMIT);
  if (bytes === null) return run.fail(tooLargeForPage(request.source === '-' ? 'the capture on stdin' : request.source), 2);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const { format, maxHeldChars } = request.options;
  const file = writeReportPage({ text, inspect: request.inspect, ...(format ? { format } : {}), ...(request.path ? { path: request.path } : {}), ...(maxHeldChars !== undefined ? { maxHeldChars } : {}) }, request.html);
  run.io.stderr.write(`sse-reconstruct: wrote the page with the report to ${file}\n`);
  if (request.open) await openPage(run, file);
  return Readable.from([bytes]);
}

async function openPage(run: Run, file: string): Promise<number> {
  const problem = await openFile(file);
  run.io.stderr.write(problem === null ? `sse-reconstruct: opened ${file}\n` : `sse-reconstruct: ${problem}\n`);
  return problem === null ? 0 : 1;
}
