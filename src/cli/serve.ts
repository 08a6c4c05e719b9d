// `sse-reconstruct serve FILE [options]`: the fault server on the command line, for pointing a staging relay at.
import { serveStream, type ServeOptions, type ServerOptions } from '../server/index.js';
import { ArgumentReader } from './arguments.js';
import { optionNames, optionsHelp, SERVE_OPTIONS } from './options.js';

export const SERVE_USAGE = `Usage: sse-reconstruct serve CAPTURE [options]

Serves a captured stream (a timestamped capture at its recorded pace) on 127.0.0.1 with the faults asked for,
to every request (or to one route), until stopped with Ctrl-C.

Options:
${optionsHelp(SERVE_OPTIONS, 29)}`;

/** Requests (and disconnects) `serve` keeps in memory: the latest ones, for its log. */
export const SERVE_JOURNAL = 1000;

const VALUES = optionNames(SERVE_OPTIONS).filter((name) => name !== 'help');

/** The server options the arguments ask for; problems are usage errors. */
export function serveOptionsOf(read: ArgumentReader): ServerOptions {
  const options: ServerOptions = {};
  const port = read.number('port', { whole: true });
  if (port !== undefined) options.port = port;
  const chunk = read.text('chunk');
  if (chunk !== undefined) options.chunk = chunk === 'frame' || chunk === 'piece' ? chunk : Number(chunk);
  options.pace = paceOf(read);
  const firstByte = read.number('first-byte-delay-ms');
  if (firstByte !== undefined) options.firstByteDelayMs = firstByte;
  const stallAfter = read.number('stall-after', { whole: true });
  if (stallAfter !== undefined) options.stall = { afterFrames: stallAfter, ms: read.number('stall-ms', { infinite: true }) ?? Infinity };
  else if (read.has('stall-ms')) read.problems.push('--stall-ms goes with --stall-after N');
  const afterBytes = read.number('destroy-after-bytes', { whole: true });
  const afterFrames = read.number('destroy-after-frames', { whole: true });
  if (afterBytes !== undefined || afterFrames !== undefined) {
    options.destroy = { ...(afterBytes !== undefined ? { afterBytes } : {}), ...(afterFrames !== undefined ? { afterFrames } : {}), how: (read.text('destroy-how') ?? 'reset') as 'reset' };
  }
  const status = read.number('status', { whole: true });
  if (status !== undefined) options.status = status;
  const headers: Record<string, string> = {};
  for (const header of read.all('header')) {
    const colon = header.indexOf(':');
    if (colon <= 0) read.problems.push(`--header needs 'Name: value'; it is ${JSON.stringify(header)}`);
    else headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  if (Object.keys(headers).length > 0) options.headers = headers;
  const error = read.number('error', { whole: true });
  if (error !== undefined) {
    const retryAfter = read.number('retry-after');
    const times = read.number('error-times', { whole: true });
    const message = read.text('error-message');
    options.error = { status: error, ...(retryAfter !== undefined ? { retryAfter } : {}), ...(times !== undefined ? { times } : {}), ...(message !== undefined ? { message } : {}) };
  }
  const heartbeat = read.number('heartbeat-ms');
  if (heartbeat !== undefined) options.heartbeat = heartbeat;
  const format = read.text('format');
  if (format !== undefined) options.format = format as ServeOptions['format'];
  options.idleLifetimeMs = Infinity;
  // It runs for as long as it is left running: a short journal, enough for the log written every 250 ms.
  options.journal = SERVE_JOURNAL;
  return options;
}

function paceOf(read: ArgumentReader): ServeOptions['pace'] {
  const scale = read.number('pace-scale');
  if (scale !== undefined) return { scale };
  const delayMs = read.number('delay-ms');
  if (delayMs !== undefined) return { delayMs };
  const tokensPerSec = read.number('tokens-per-sec');
  if (tokensPerSec !== undefined) {
    const ttftMs = read.number('ttft-ms');
    const jitter = read.number('jitter');
    return { tokensPerSec, ...(ttftMs !== undefined ? { ttftMs } : {}), ...(jitter !== undefined ? { jitter } : {}) };
  }
  const pace = read.text('pace');
  if (pace === undefined) return 'recorded';
  if (pace !== 'recorded' && pace !== 'none') read.problems.push(`--pace is recorded or none; it is ${JSON.stringify(pace)} (use --pace-scale, --delay-ms or --tokens-per-sec for the others)`);
  return pace === 'none' ? 'none' : 'recorded';
}

/** Runs `serve`; resolves with the exit code once stopped (Ctrl-C, SIGTERM, or the lifetime). */
export async function runServe(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) return print(process.stdout, `${SERVE_USAGE}\n`, 0);
  const read = new ArgumentReader(args, VALUES, []);
  const options = serveOptionsOf(read);
  if (read.positional.length !== 1) read.problems.push(read.positional.length === 0 ? 'no capture given: pass the file to serve' : `one capture at a time; received ${read.positional.join(', ')}`);
  if (read.problems.length > 0) return print(process.stderr, `sse-reconstruct serve: ${read.problems.join('; ')}\nRun \`sse-reconstruct serve --help\` for the options.\n`, 2);
  const file = read.positional[0] as string;
  const route = read.text('route');
  let server;
  try {
    server = await serveStream(route === undefined ? file : { [route]: file }, options);
  } catch (error) {
    if (error instanceof TypeError) return print(process.stderr, `sse-reconstruct serve: ${error.message.replace(/^sse-reconstruct: serveStream: /, '')}\n`, 2);
    throw error;
  }
  const running = server;
  process.stdout.write(`Serving ${file} at ${running.url}${route === undefined ? '' : ` (${route})`}\n`);
  return new Promise((resolve) => {
    // The server never holds the process by itself (its handles are unref'd): this interval does, until stopped.
    const alive = setInterval(() => report(running), 250);
    // The journal is a ring (the latest entries only), so what was logged is tracked by request index and time.
    let reported = { request: -1, left: -Infinity };
    function report(current: typeof running): void {
      for (const request of current.requests) {
        if (request.index <= reported.request) continue;
        process.stderr.write(`${new Date(request.at).toISOString()} ${request.method} ${request.url}\n`);
        reported.request = request.index;
      }
      for (const left of current.disconnects) {
        if (left.at <= reported.left) continue;
        process.stderr.write(`${new Date(left.at).toISOString()} client of ${left.method} ${left.path} left after ${Math.round(left.afterMs)} ms (${left.bytesWritten} bytes)\n`);
        reported.left = left.at;
      }
    }
    const stop = () => {
      clearInterval(alive);
      report(running);
      void running.close().then(() => resolve(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

function print(stream: NodeJS.WriteStream, text: string, code: number): Promise<number> {
  return new Promise((resolve) => stream.write(text, () => resolve(code)));
}
