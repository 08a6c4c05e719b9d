// `sse-reconstruct record --upstream URL --out capture.sse`: a loopback proxy that passes each stream through
// unchanged and writes what arrived as a timestamped capture, which `serve` replays at its pace and the reader reads.
import { accessSync, constants, createWriteStream, statSync, type WriteStream } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { RECORDED_END_PREFIX, type RecordedEnd } from '../faults/script-of.js';
import { ArgumentReader } from './arguments.js';
import { optionsHelp, RECORD_OPTIONS } from './options.js';

export const RECORD_USAGE = `Usage: sse-reconstruct record --upstream URL --out FILE [--port N] [--once]

Listens on 127.0.0.1 and forwards every request to the upstream (its path appended to URL's), passing the
answer back unchanged; a request for another host, or whose path climbs out of URL's, gets a 400. It writes
each answer's body as a timestamped capture: every line as it arrived, after an ISO 8601 stamp, then a stamped
comment saying when and how the answer ended (upstream ended, upstream failed, client left), so a replay waits
and ends the same way. The first answer goes to FILE, the next ones to FILE with .2, .3… before its extension.
Point your client's base URL at the printed address. Replay a capture with \`sse-reconstruct serve FILE\`.

Options:
${optionsHelp(RECORD_OPTIONS, 19)}`;

const LF = 10;
const CR = 13;

/** Writes bytes as timestamped lines: each line after the stamp of the moment its end arrived; line ends kept. */
export class CaptureWriter {
  private partial: Buffer[] = [];
  private heldCR = false;
  /** The line end the stream last used: the line that records the end uses it too. */
  private lastEnding = '\n';

  constructor(private readonly out: WriteStream) {}

  push(chunk: Buffer, at = performance.timeOrigin + performance.now()): void {
    const stamp = stampOf(at);
    let start = 0;
    if (this.heldCR) {
      this.heldCR = false;
      start = chunk[0] === LF ? 1 : 0;
      this.line(start === 1 ? '\r\n' : '\r', stamp);
    }
    for (let i = start; i < chunk.length; i += 1) {
      const byte = chunk[i];
      if (byte !== LF && byte !== CR) continue;
      this.partial.push(chunk.subarray(start, i));
      if (byte === CR && i === chunk.length - 1) {
        this.heldCR = true;
        return;
      }
      const crlf = byte === CR && chunk[i + 1] === LF;
      this.line(crlf ? '\r\n' : byte === CR ? '\r' : '\n', stamp);
      start = crlf ? i + 2 : i + 1;
      i = start - 1;
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
  }

  /**
   * The rest: a line without its end (a cut stream) is written as it is, stamped when the stream ended. After a line
   * end, a comment stamped then says `how` it ended (the reader skips it; `scriptOf()` and `serve` replay the wait
   * and the end from it). Cut mid-line, no line can follow without changing the text: the cut says enough.
   */
  end(at = performance.timeOrigin + performance.now(), how?: RecordedEnd): Promise<void> {
    const stamp = stampOf(at);
    let midLine = false;
    if (this.heldCR) this.line('\r', stamp);
    else if (this.partial.length > 0) {
      this.line('', stamp);
      midLine = true;
    }
    if (how !== undefined && !midLine) this.out.write(`${stamp} ${RECORDED_END_PREFIX}${how}${this.lastEnding}`);
    return new Promise((resolve) => this.out.end(() => resolve()));
  }

  /** One line after its stamp; a blank line's stamp stands alone (no white space after it), as the reader expects. */
  private line(ending: string, stamp: string): void {
    const text = Buffer.concat(this.partial);
    this.partial = [];
    this.out.write(text.length === 0 ? stamp : `${stamp} `);
    if (text.length > 0) this.out.write(text);
    this.out.write(ending);
    if (ending !== '') this.lastEnding = ending;
  }
}

/** An ISO 8601 UTC stamp with microseconds. */
function stampOf(epochMs: number): string {
  const whole = Math.floor(epochMs);
  const micros = Math.floor((epochMs - whole) * 1000);
  return `${new Date(whole).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`;
}

function captureName(out: string, index: number): string {
  if (index === 0) return out;
  const dot = out.lastIndexOf('.');
  return dot > out.lastIndexOf('/') && dot > 0 ? `${out.slice(0, dot)}.${index + 1}${out.slice(dot)}` : `${out}.${index + 1}`;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host']);

function forwardHeaders(headers: IncomingHttpHeaders, host: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  out.host = host;
  // The capture is the text as sent: ask for no compression.
  out['accept-encoding'] = 'identity';
  return out;
}

/**
 * Where a request goes: the upstream's origin, under its base path, with the request's path and query. Null for any
 * other request target: absolute-form (`http://other/x`), `//host/x`, `*`, or a path whose dot segments climb out of
 * the base path. Only the upstream named gets requests, and with them the client's credentials.
 */
export function upstreamTarget(upstream: URL, target: string): URL | null {
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  const base = upstream.pathname.replace(/\/$/, '');
  let url: URL;
  try {
    url = new URL(`${upstream.origin}${base}${target}`);
  } catch {
    return null;
  }
  if (url.origin !== upstream.origin) return null;
  return url.pathname === base || url.pathname.startsWith(`${base}/`) ? url : null;
}

/** Why captures cannot be written next to `out` (its folder is missing, not a folder, or not writable), or null. */
function outFolderProblem(out: string): string | null {
  const folder = dirname(resolve(out));
  try {
    if (!statSync(folder).isDirectory()) return `--out: ${folder} is not a folder`;
    accessSync(folder, constants.W_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `--out: the folder ${folder} does not exist; create it first or write the capture elsewhere`;
    return `--out: cannot write into ${folder} (${code ?? String(error)})`;
  }
}

/** Runs `record`; resolves with the exit code once stopped. */
export async function runRecord(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) return print(process.stdout, `${RECORD_USAGE}\n`, 0);
  const read = new ArgumentReader(args, ['upstream', 'out', 'port'], ['once']);
  const upstreamText = read.text('upstream');
  const out = read.text('out');
  const port = read.number('port', { whole: true }) ?? 0;
  let upstream: URL | null = null;
  if (upstreamText === undefined) read.problems.push('--upstream URL is needed: where to forward');
  else if (!URL.canParse(upstreamText) || !/^https?:$/.test(new URL(upstreamText).protocol)) read.problems.push(`--upstream needs an http or https URL; it is ${JSON.stringify(upstreamText)}`);
  else upstream = new URL(upstreamText);
  if (out === undefined) read.problems.push('--out FILE is needed: where to write the capture');
  else {
    const folderProblem = outFolderProblem(out);
    if (folderProblem !== null) read.problems.push(folderProblem);
  }
  if (port > 65535) read.problems.push('--port needs a number from 0 to 65535');
  if (read.positional.length > 0) read.problems.push(`unexpected argument ${read.positional[0]}`);
  if (read.problems.length > 0 || upstream === null || out === undefined) {
    return print(process.stderr, `sse-reconstruct record: ${read.problems.join('; ')}\nRun \`sse-reconstruct record --help\` for the options.\n`, 2);
  }
  return proxy(upstream, out, port, read.has('once'));
}

function proxy(upstream: URL, out: string, port: number, once: boolean): Promise<number> {
  let count = 0;
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      const target = upstreamTarget(upstream, request.url ?? '');
      if (target === null) {
        process.stderr.write(`${refuse(upstream, request, response)}\n`);
        return;
      }
      const file = captureName(out, count++);
      forward(target, request, response, file).then((summary) => {
        process.stderr.write(`${summary}\n`);
        if (once) stop();
      });
    });
    const stop = () => {
      server.close(() => resolve(0));
      server.closeAllConnections();
    };
    server.on('error', (error) => {
      process.stderr.write(`sse-reconstruct record: ${error.message}\n`);
      resolve(2);
    });
    server.listen(port, '127.0.0.1', () => {
      const address = server.address() as AddressInfo;
      process.stdout.write(`Listening on http://127.0.0.1:${address.port}: forwarding to ${upstream.href}, recording into ${out}\n`);
    });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** Answers a request whose target is not under the upstream with a 400; gives the log line. */
function refuse(upstream: URL, request: IncomingMessage, response: ServerResponse): string {
  const message = `sse-reconstruct record forwards only to ${upstream.href}: send a path (such as /v1/chat/completions), not another host or a path that climbs out of ${upstream.pathname}.`;
  const body = JSON.stringify({ error: { message, type: 'invalid_request_error' } });
  response.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
  response.end(body);
  request.resume();
  return `${request.method} ${JSON.stringify(request.url ?? '')} → 400: not a path under the upstream; nothing forwarded`;
}

/** Forwards one request; resolves with a line saying what was recorded. */
function forward(target: URL, request: IncomingMessage, response: ServerResponse, file: string): Promise<string> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const outgoing = send(target, { method: request.method, headers: forwardHeaders(request.headers, target.host) }, (answer) => {
      void relayAnswer(answer, response, file, startedAt).then(({ bytes, how }) => resolve(`${request.method} ${request.url} → ${answer.statusCode}: ${bytes} bytes${how}, written to ${file}`));
    });
    outgoing.on('error', (error) => {
      // After the headers, the answer's close says what happened.
      if (response.headersSent) return;
      if (response.destroyed) {
        resolve(`${request.method} ${request.url} → the client left after ${Math.round(performance.now() - startedAt)} ms, before the upstream answered; nothing recorded`);
        return;
      }
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `sse-reconstruct record: the upstream ${target.origin} failed: ${error.message}`, type: 'upstream_error' } }));
      resolve(`${request.method} ${request.url} → upstream failed (${error.message}); nothing recorded`);
    });
    // A client that leaves before the answer came cancels the upstream call.
    response.on('close', () => {
      if (!response.headersSent) outgoing.destroy();
    });
    request.pipe(outgoing);
  });
}

/**
 * Passes an answer to the client and into the capture, and ends both as it ended: a cut upstream cuts the client too
 * (so it sees what a direct client would), a client that leaves cancels the upstream. Gives what the log says.
 */
function relayAnswer(answer: IncomingMessage, response: ServerResponse, file: string, startedAt: number): Promise<{ bytes: number; how: string }> {
  response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
  response.flushHeaders();
  const capture = new CaptureWriter(createWriteStream(file));
  let bytes = 0;
  let leftAt: number | null = null;
  answer.on('data', (chunk: Buffer) => {
    capture.push(chunk);
    bytes += chunk.length;
    response.write(chunk);
  });
  answer.on('error', () => undefined);
  response.on('close', () => {
    if (response.writableFinished) return;
    leftAt = performance.now();
    answer.destroy();
  });
  return new Promise((resolve) => {
    answer.on('close', () => {
      const how: RecordedEnd = leftAt !== null ? 'client left' : answer.complete ? 'upstream ended' : 'upstream failed';
      if (how === 'upstream ended') response.end();
      else response.destroy();
      const at = performance.timeOrigin + (leftAt ?? performance.now());
      const said = { 'client left': `, the client left after ${Math.round((leftAt ?? 0) - startedAt)} ms`, 'upstream failed': ' (the upstream connection failed mid-answer)', 'upstream ended': '' }[how];
      void capture.end(at, how).then(() => resolve({ bytes, how: said }));
    });
  });
}

function print(stream: NodeJS.WriteStream, text: string, code: number): Promise<number> {
  return new Promise((resolve) => stream.write(text, () => resolve(code)));
}
