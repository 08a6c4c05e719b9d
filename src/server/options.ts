import { FORMAT_NAMES, isObject, shown, type FormatName } from '../core/index.js';
import { SseReconstructError } from '../core/index.js';

/** How the stream's bytes are cut into writes. */
export type ChunkOption = number | 'frame' | 'piece';

/** How long to wait before each write. */
export type Pacing =
  /** The source's own pauses (a script's delays, a timestamped capture's recorded pace), the default. */
  | 'recorded'
  /** No pauses at all. */
  | 'none'
  /** The recorded pauses times `scale` (0.5: twice as fast). */
  | { scale: number }
  /** The same pause before every frame. */
  | { delayMs: number }
  /** A model's pace: `ttftMs` before the first frame, then `tokensPerSec` frames a second, each pause varied by ±`jitter` (0–1). */
  | { ttftMs?: number; tokensPerSec: number; jitter?: number; seed?: number };

/** The `stall` option: where the stream goes silent, for how long, and what it writes while silent. */
export interface StallOption {
  /** Stall once this many frames are written (0: before the first). */
  afterFrames: number;
  /** How long; `Infinity` (the default) hangs until the client leaves or the server closes. */
  ms?: number;
}

/** The `destroy` option: where the server ends the connection, and how. */
export interface DestroyOption {
  /** Cut once this many bytes of the stream are written. */
  afterBytes?: number;
  /** Cut once this many frames are written. */
  afterFrames?: number;
  /**
   * `reset`: the socket is reset (RST; the client's read fails); `close`: the socket is closed (FIN) with the
   * response body unfinished (the client's read fails too); `end`: the response ends properly there, a silent end.
   */
  how?: 'reset' | 'close' | 'end';
}

/** The `error` option: an HTTP error in the stream's format instead of the stream. */
export interface HttpErrorOption {
  /** The status: 400, 401, 403, 404, 429, 500, 503 or 529 get the format's own error body. */
  status: number;
  /** The error's message (a default per status otherwise). */
  message?: string;
  /** For 429 and 529: seconds written to `retry-after` (1 by default; `retry-after-ms` is written as well). */
  retryAfter?: number;
  /** A body of your own instead of the format's error shape (an object is sent as JSON). */
  body?: unknown;
  /** Answer this many requests with the error, then serve the stream (to test retries); all of them by default. */
  times?: number;
}

/** The `heartbeat` option: a comment written whenever nothing was written for a while. */
export interface HeartbeatOption {
  /** Write a comment whenever nothing was written for this long (between frames only). */
  everyMs: number;
  /** The comment written (`: keepalive\n\n` by default); it must be a comment block ending with a blank line. */
  text?: string;
}

/** How a stream is served: its writes, pace, faults, status, headers and errors (per route, or for the whole server). */
export interface ServeOptions {
  /** Bytes per write, `'frame'` (one frame a write) or `'piece'` (a script's pieces as they are). By default writes with no pause between them go out together, up to 64 KiB each. */
  chunk?: ChunkOption;
  pace?: Pacing;
  /** Wait this long before sending anything (status line and headers included). */
  firstByteDelayMs?: number;
  stall?: StallOption;
  destroy?: DestroyOption;
  /** The status of a streamed answer (200 by default). */
  status?: number;
  /** Headers added to (or replacing) the defaults: `content-type` (the media type of the format's framing: `text/event-stream` for SSE), `cache-control: no-cache`. */
  headers?: Record<string, string>;
  /** Answer with an HTTP error instead of the stream: a status, or the error in full. */
  error?: number | HttpErrorOption;
  /** Heartbeat comments while the stream is quiet: every this many milliseconds, or the heartbeat in full. */
  heartbeat?: number | HeartbeatOption;
  /** The format of error bodies when the source does not say (chat-completions' shape otherwise). */
  format?: FormatName;
}

/** Options of `serveStream()`: how each stream is served, and the server's own port, lifetime and journal. */
export interface ServerOptions extends ServeOptions {
  /** Only `127.0.0.1`: the server never listens on another address. */
  host?: string;
  /** 0 (the default) lets the system choose a free port. */
  port?: number;
  /** Close by itself after this long without a request or an open response (120000 by default; Infinity: never). */
  idleLifetimeMs?: number;
  /**
   * How many requests the journal keeps (and as many disconnects): the latest ones, 1000 by default. Older entries
   * are dropped, so a server that runs for long holds bounded memory; indexes go on counting.
   */
  journal?: number;
}

export type NormalPacing =
  | { kind: 'recorded'; scale: number }
  | { kind: 'fixed'; delayMs: number }
  | { kind: 'model'; ttftMs: number; tokensPerSec: number; jitter: number; seed: number };

/** Options checked and filled in. */
export interface NormalOptions {
  chunk: ChunkOption | 'auto';
  pace: NormalPacing;
  firstByteDelayMs: number;
  stall: { afterFrames: number; ms: number } | null;
  destroy: { afterBytes: number; afterFrames: number; how: 'reset' | 'close' | 'end' } | null;
  status: number;
  headers: Record<string, string>;
  error: Required<Omit<HttpErrorOption, 'body' | 'message'>> & Pick<HttpErrorOption, 'body' | 'message'> | null;
  heartbeat: { everyMs: number; text: string } | null;
  format: FormatName | null;
}

/** One option of `serveStream()`: its name, whether a route may set it, and what it does (docs/server.md's table). */
export interface ServerOptionEntry {
  name: keyof ServerOptions;
  /** `stream`: a route may set it for its own stream; `server`: it is the server's alone. */
  scope: 'stream' | 'server';
  what: string;
}

/** The options `serveStream()` and `useStreamServer()` take: the names the checks accept, and what each does. */
export const SERVER_OPTIONS: readonly ServerOptionEntry[] = [
  {
    name: 'chunk',
    scope: 'stream',
    what: "bytes per write (`7`), `'frame'` (one frame a write) or `'piece'` (a script's pieces as they are), each flushed on its own with a turn of the event loop before the next, so a client sees the splits as separate reads (inside a UTF-8 sequence, between `\\r` and `\\n`). By default, writes with no pause between them go out together, up to 64 KiB each",
  },
  {
    name: 'pace',
    scope: 'stream',
    what: "`'recorded'` (the default: a script's delays, a capture's stamps), `'none'`, `{ scale: 0.5 }`, `{ delayMs: 50 }` before every frame, or `{ ttftMs, tokensPerSec, jitter, seed }` (each frame a token)",
  },
  { name: 'firstByteDelayMs', scope: 'stream', what: 'nothing, not even the headers, before this' },
  { name: 'stall', scope: 'stream', what: '`{ afterFrames: 3, ms: 60000 }`; without `ms` it hangs until the client leaves or the server closes' },
  {
    name: 'destroy',
    scope: 'stream',
    what: "`{ afterBytes }` or `{ afterFrames }`, with `how`: `'reset'` (RST), `'close'` (FIN mid-body) or `'end'` (the response ends there: a silent end)",
  },
  { name: 'status', scope: 'stream', what: "the stream's status (`200` by default)" },
  { name: 'headers', scope: 'stream', what: 'extra headers, added to (or replacing) the defaults: the media type of the format\'s framing (`text/event-stream` for SSE), `no-cache`, an `x-request-id`' },
  {
    name: 'error',
    scope: 'stream',
    what: "`429`, or `{ status, message, retryAfter, body, times }`: an HTTP error in the stream's format (OpenAI's `{\"error\":…}`, Anthropic's `overloaded_error` for 529, Gemini's `RESOURCE_EXHAUSTED`…), with `retry-after` on 429/503/529; `times: 1` fails the first request only, to test retries",
  },
  { name: 'heartbeat', scope: 'stream', what: '`15000` or `{ everyMs, text }`: a comment whenever nothing was written for that long, only between frames' },
  { name: 'format', scope: 'stream', what: 'the shape of error bodies when the source does not say' },
  { name: 'host', scope: 'server', what: "`'127.0.0.1'` only: the server never listens on another address" },
  { name: 'port', scope: 'server', what: 'port 0 (any free one) unless told' },
  { name: 'idleLifetimeMs', scope: 'server', what: 'the server closes itself after this long without a request or an open response: 120 s by default (`Infinity`: never)' },
  {
    name: 'journal',
    scope: 'server',
    what: 'how many requests (and disconnects) `requests` keeps: the latest 1000 unless told, so a long-running server holds bounded memory (`serve` keeps 1000 too)',
  },
];

const SERVE_KEYS: readonly string[] = SERVER_OPTIONS.filter((entry) => entry.scope === 'stream').map((entry) => entry.name);
const SERVER_KEYS: readonly string[] = SERVER_OPTIONS.map((entry) => entry.name);

function fail(message: string): never {
  throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: serveStream: ${message}`);
}

function milliseconds(value: unknown, name: string, { infinite = false } = {}): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0 || (!infinite && !Number.isFinite(value))) {
    fail(`${name} must be a number of milliseconds ≥ 0${infinite ? ' (or Infinity)' : ''}; it is ${shown(value)}.`);
  }
  return value;
}

function count(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(`${name} must be a whole number ≥ 0; it is ${shown(value)}.`);
  return value;
}

function knownKeys(value: Record<string, unknown>, keys: readonly string[], name: string): void {
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) fail(`${JSON.stringify(key)} is not an option of ${name}; pass ${keys.join(', ')}.`);
  }
}

/** Checks the server's options (host, port, lifetime) and the serving options; throws a TypeError saying what to pass. */
export function checkServerOptions(options: unknown): { host: '127.0.0.1'; port: number; idleLifetimeMs: number; journal: number; serve: NormalOptions } {
  if (options === undefined) options = {};
  if (!isObject(options)) fail(`options must be an object such as { stall: { afterFrames: 3, ms: 60000 } }; it is ${shown(options)}.`);
  knownKeys(options, SERVER_KEYS, 'serveStream');
  const { host, port, idleLifetimeMs, journal, ...serve } = options;
  if (host !== undefined && host !== '127.0.0.1') fail(`host must be '127.0.0.1' (the server listens on loopback only); it is ${shown(host)}.`);
  if (port !== undefined && (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535)) {
    fail(`port must be a whole number from 0 to 65535 (0, the default, lets the system choose); it is ${shown(port)}.`);
  }
  return {
    host: '127.0.0.1',
    port: (port as number | undefined) ?? 0,
    idleLifetimeMs: idleLifetimeMs === undefined ? 120_000 : milliseconds(idleLifetimeMs, 'idleLifetimeMs', { infinite: true }),
    journal: journal === undefined ? DEFAULT_JOURNAL : journalOf(journal),
    serve: checkServeOptions(serve),
  };
}

/** How many requests a server's journal keeps unless told. */
export const DEFAULT_JOURNAL = 1000;

function journalOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) fail(`journal must be a whole number of requests ≥ 1 (the latest ones are kept); it is ${shown(value)}.`);
  return value;
}

/** Checks options for one stream (a route's, or the server's). */
export function checkServeOptions(options: unknown, base?: NormalOptions): NormalOptions {
  if (options === undefined) options = {};
  if (!isObject(options)) fail(`a route's options must be an object such as { chunk: 'frame' }; they are ${shown(options)}.`);
  knownKeys(options, SERVE_KEYS, 'a stream');
  const o = options as ServeOptions;
  const has = (key: keyof ServeOptions) => o[key] !== undefined;
  return {
    chunk: has('chunk') ? chunkOptionOf(o.chunk) : (base?.chunk ?? 'auto'),
    pace: has('pace') ? pacingOf(o.pace) : (base?.pace ?? { kind: 'recorded', scale: 1 }),
    firstByteDelayMs: has('firstByteDelayMs') ? milliseconds(o.firstByteDelayMs, 'firstByteDelayMs') : (base?.firstByteDelayMs ?? 0),
    stall: has('stall') ? stallOf(o.stall) : (base?.stall ?? null),
    destroy: has('destroy') ? destroyOf(o.destroy) : (base?.destroy ?? null),
    status: has('status') ? statusOf(o.status, 'status') : (base?.status ?? 200),
    headers: has('headers') ? { ...base?.headers, ...headersOf(o.headers) } : { ...base?.headers },
    error: has('error') ? errorOf(o.error) : (base?.error ?? null),
    heartbeat: has('heartbeat') ? heartbeatOf(o.heartbeat) : (base?.heartbeat ?? null),
    format: has('format') ? formatOf(o.format) : (base?.format ?? null),
  };
}

function chunkOptionOf(value: unknown): ChunkOption {
  if (value === 'frame' || value === 'piece') return value;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  return fail(`chunk must be a number of bytes per write (at least 1), 'frame' or 'piece'; it is ${shown(value)}.`);
}

function pacingOf(value: unknown): NormalPacing {
  if (value === 'recorded') return { kind: 'recorded', scale: 1 };
  if (value === 'none') return { kind: 'recorded', scale: 0 };
  const usage = "pace must be 'recorded', 'none', { scale }, { delayMs } or { ttftMs, tokensPerSec, jitter }";
  if (!isObject(value)) return fail(`${usage}; it is ${shown(value)}.`);
  if ('scale' in value) {
    knownKeys(value, ['scale'], 'pace { scale }');
    if (typeof value.scale !== 'number' || !Number.isFinite(value.scale) || value.scale < 0) fail(`pace.scale must be a number ≥ 0 (0.5: twice as fast); it is ${shown(value.scale)}.`);
    return { kind: 'recorded', scale: value.scale };
  }
  if ('delayMs' in value) {
    knownKeys(value, ['delayMs'], 'pace { delayMs }');
    return { kind: 'fixed', delayMs: milliseconds(value.delayMs, 'pace.delayMs') };
  }
  if ('tokensPerSec' in value || 'ttftMs' in value) {
    knownKeys(value, ['ttftMs', 'tokensPerSec', 'jitter', 'seed'], 'pace { ttftMs, tokensPerSec }');
    const tps = value.tokensPerSec;
    if (typeof tps !== 'number' || !(tps > 0) || !Number.isFinite(tps)) fail(`pace.tokensPerSec must be a number of frames a second > 0; it is ${shown(tps)}.`);
    const jitter = value.jitter ?? 0;
    if (typeof jitter !== 'number' || !(jitter >= 0 && jitter <= 1)) fail(`pace.jitter must be a fraction from 0 to 1; it is ${shown(jitter)}.`);
    const seed = value.seed ?? 1;
    if (typeof seed !== 'number' || !Number.isInteger(seed)) fail(`pace.seed must be a whole number; it is ${shown(seed)}.`);
    return { kind: 'model', ttftMs: value.ttftMs === undefined ? 0 : milliseconds(value.ttftMs, 'pace.ttftMs'), tokensPerSec: tps, jitter, seed };
  }
  return fail(`${usage}; it has none of those keys.`);
}

function stallOf(value: unknown): NormalOptions['stall'] {
  if (!isObject(value)) return fail(`stall must be { afterFrames, ms } (ms: Infinity, the default, hangs until the client leaves); it is ${shown(value)}.`);
  knownKeys(value, ['afterFrames', 'ms'], 'stall');
  return { afterFrames: count(value.afterFrames, 'stall.afterFrames'), ms: value.ms === undefined ? Infinity : milliseconds(value.ms, 'stall.ms', { infinite: true }) };
}

function destroyOf(value: unknown): NormalOptions['destroy'] {
  if (!isObject(value)) return fail(`destroy must be { afterBytes } or { afterFrames }, with how: 'reset' | 'close' | 'end'; it is ${shown(value)}.`);
  knownKeys(value, ['afterBytes', 'afterFrames', 'how'], 'destroy');
  if (value.afterBytes === undefined && value.afterFrames === undefined) fail('destroy needs afterBytes or afterFrames: where to cut the stream.');
  const how = value.how ?? 'reset';
  if (how !== 'reset' && how !== 'close' && how !== 'end') fail(`destroy.how must be 'reset', 'close' or 'end'; it is ${shown(how)}.`);
  return {
    afterBytes: value.afterBytes === undefined ? Infinity : count(value.afterBytes, 'destroy.afterBytes'),
    afterFrames: value.afterFrames === undefined ? Infinity : count(value.afterFrames, 'destroy.afterFrames'),
    how,
  };
}

function statusOf(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 100 || value > 599) fail(`${name} must be an HTTP status from 100 to 599; it is ${shown(value)}.`);
  return value;
}

function headersOf(value: unknown): Record<string, string> {
  if (!isObject(value)) return fail(`headers must be an object of header names to strings; it is ${shown(value)}.`);
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, text] of Object.entries(value)) {
    if (typeof text !== 'string' && typeof text !== 'number') fail(`headers[${JSON.stringify(name)}] must be a string; it is ${shown(text)}.`);
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) fail(`${JSON.stringify(name)} is not a header name.`);
    headers[name.toLowerCase()] = String(text);
  }
  return headers;
}

function errorOf(value: unknown): NormalOptions['error'] {
  if (typeof value === 'number') value = { status: value };
  if (!isObject(value)) return fail(`error must be a status (429) or { status, message?, retryAfter?, body?, times? }; it is ${shown(value)}.`);
  knownKeys(value, ['status', 'message', 'retryAfter', 'body', 'times'], 'error');
  const status = statusOf(value.status, 'error.status');
  if (status < 400) fail(`error.status must be 400 or more; it is ${status}.`);
  if (value.message !== undefined && typeof value.message !== 'string') fail(`error.message must be a string; it is ${shown(value.message)}.`);
  const retryAfter = value.retryAfter ?? 1;
  if (typeof retryAfter !== 'number' || !(retryAfter >= 0) || !Number.isFinite(retryAfter)) fail(`error.retryAfter must be a number of seconds ≥ 0; it is ${shown(retryAfter)}.`);
  const times = value.times ?? Infinity;
  if (times !== Infinity) count(times, 'error.times');
  return { status, message: value.message as string | undefined, retryAfter, body: value.body, times: times as number };
}

function heartbeatOf(value: unknown): NormalOptions['heartbeat'] {
  if (typeof value === 'number') value = { everyMs: value };
  if (!isObject(value)) return fail(`heartbeat must be a number of milliseconds or { everyMs, text? }; it is ${shown(value)}.`);
  knownKeys(value, ['everyMs', 'text'], 'heartbeat');
  const everyMs = milliseconds(value.everyMs, 'heartbeat.everyMs');
  if (everyMs < 1) fail('heartbeat.everyMs must be at least 1.');
  const text = value.text ?? ': keepalive\n\n';
  if (typeof text !== 'string' || !/^(:[^\r\n]*(\r\n|\r|\n))+(\r\n|\r|\n)$/.test(text)) {
    fail(`heartbeat.text must be comment lines (starting with ':') ending with a blank line, such as ': ping\\n\\n'; it is ${shown(text)}.`);
  }
  return { everyMs, text };
}

function formatOf(value: unknown): FormatName {
  if (typeof value === 'string' && (FORMAT_NAMES as readonly string[]).includes(value)) return value as FormatName;
  return fail(`format must be one of ${FORMAT_NAMES.join(', ')}; it is ${shown(value)}.`);
}
