import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isPlainObject } from '../core/index.js';
import { isFixture, isScript } from '../faults/checks.js';
import { httpErrorReply } from './http-errors.js';
import { checkServeOptions, checkServerOptions, type NormalOptions, type ServeOptions, type ServerOptions } from './options.js';
import { StreamReply } from './reply.js';
import { bodyOf, type ServedBody, type ServedSource } from './source.js';
import { SseReconstructError } from '../core/index.js';

/** A request as the server received it. */
export interface RecordedRequest {
  /** 0 for the first request the server received. */
  index: number;
  method: string;
  /** The path without the query. */
  path: string;
  /** The path with the query, as sent. */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body as text. */
  text: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  body: unknown;
  /** When it arrived: milliseconds since the epoch, with a fraction. */
  at: number;
}

/** A client that left before its response was finished. */
export interface Disconnect {
  /** The index of its request in `requests`. */
  request: number;
  method: string;
  path: string;
  /** When the server saw the connection close: milliseconds since the epoch, with a fraction. */
  at: number;
  /** Milliseconds from the request's arrival. */
  afterMs: number;
  /** Bytes of the stream written to it by then. */
  bytesWritten: number;
}

/** A route's answer: a stream with options of its own, or a JSON body. */
export type RouteReply = { source: ServedSource; options?: ServeOptions } | { json: unknown; status?: number; headers?: Record<string, string> };

/** A route: what to serve, or a function of the request that says what to serve. */
export type Route = ServedSource | RouteReply | ((request: RecordedRequest) => ServedSource | RouteReply);

/** `'METHOD /path'` (with `*` for any characters, `*` as the method for any method) to what it serves. */
export type RouteTable = { [route: string]: Route };

/** A running fault server: its URL, the requests and disconnects it saw, and `close()`. */
export interface StreamServer extends AsyncDisposable {
  /** `http://127.0.0.1:PORT`: use it as a base URL; with a route table, SDKs work unchanged. */
  readonly url: string;
  readonly port: number;
  /** The requests received, in order: the latest `journal` (1000 by default). */
  readonly requests: readonly RecordedRequest[];
  /** The clients that left before their response ended, in order: the latest `journal`. */
  readonly disconnects: readonly Disconnect[];
  /**
   * Resolves with the disconnect of a request (the latest one by default) as soon as its client leaves, or at once
   * if it already has. Rejects as soon as its response ends without one (read to the end, or cut by a fault of the
   * server's), saying so, and when the client is still connected after `timeoutMs` (2000 by default).
   */
  waitForDisconnect(options?: { request?: number; timeoutMs?: number }): Promise<Disconnect>;
  /** Forgets the requests and disconnects recorded so far. */
  reset(): void;
  /** Closes every connection and stops listening. */
  close(): Promise<void>;
}

interface CompiledRoute {
  key: string;
  method: string;
  path: RegExp;
  route: Route;
  /** A static route's body and options, read once. */
  ready: { body: ServedBody; options: NormalOptions } | null;
  errorsServed: number;
}

const ROUTE_KEY = /^(\*|[A-Z]+) (\/\S*|\*)$/;
const MAX_BODY = 16 * 1024 * 1024;

function isRouteTable(value: unknown): value is RouteTable {
  if (!isPlainObject(value) || isScript(value) || isFixture(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.some((key) => ROUTE_KEY.test(key));
}

function isReply(value: unknown): value is RouteReply {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  if ('source' in value) return keys.every((key) => key === 'source' || key === 'options');
  return 'json' in value && keys.every((key) => key === 'json' || key === 'status' || key === 'headers');
}

function compileRoutes(source: unknown, base: NormalOptions): CompiledRoute[] {
  const table: RouteTable = isRouteTable(source) ? source : { '* *': source as Route };
  return Object.entries(table).map(([key, route]) => {
    const match = ROUTE_KEY.exec(key);
    if (match === null) throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: serveStream: ${JSON.stringify(key)} is not a route; write 'METHOD /path' such as 'POST /v1/chat/completions' ('*' matches any characters).`);
    const [, method = '*', path = '*'] = match;
    const pattern = new RegExp(`^${path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    const ready = typeof route === 'function' ? null : prepare(route, base, `the route ${JSON.stringify(key)}`);
    return { key, method, path: pattern, route, ready, errorsServed: 0 };
  });
}

function prepare(route: ServedSource | RouteReply, base: NormalOptions, where: string): { body: ServedBody; options: NormalOptions } | null {
  if (isReply(route)) {
    if ('json' in route) return null;
    return { body: bodyOf(route.source, where), options: checkServeOptions(route.options, base) };
  }
  return { body: bodyOf(route, where), options: base };
}

/**
 * Serves a stream on 127.0.0.1 (port 0 unless told) with the faults the options ask for: to every request, or per
 * route. Resolves once listening. The server never keeps the process alive and closes by itself after
 * `idleLifetimeMs` without activity.
 */
export async function serveStream(source: ServedSource | RouteTable, options: ServerOptions = {}): Promise<StreamServer> {
  const checked = checkServerOptions(options);
  if (source === undefined || source === null) throw new SseReconstructError('ERR_SSE_ARGUMENT', 'sse-reconstruct: serveStream: pass what to serve first: a script, a fixture, a capture (text, bytes or a file path) or a route table; then the options.');
  const routes = compileRoutes(source, checked.serve);
  const state = new ServerState(routes, checked.serve, checked.idleLifetimeMs, checked.journal);
  await state.listen(checked.host, checked.port);
  return state.handle();
}

class ServerState {
  readonly requests: RecordedRequest[] = [];
  readonly disconnects: Disconnect[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly replies = new Set<StreamReply>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiters = new Set<() => void>();
  /** How the responses that ended without a disconnect ended, by request index (for the requests in the journal). */
  private readonly endings = new Map<number, Ending>();
  private closing: Promise<void> | null = null;
  private lastActivity = performance.now();
  private idleTimer: NodeJS.Timeout | null = null;
  private count = 0;
  url = '';
  port = 0;

  constructor(
    private readonly routes: CompiledRoute[],
    private readonly base: NormalOptions,
    private readonly idleLifetimeMs: number,
    private readonly journal: number,
  ) {
    this.server = createServer((request, response) => {
      this.serve(request, response).catch((error: unknown) => this.failed(response, error));
    });
    // A client that half-closes (sends its request, then FIN) still reads the stream: it has not left.
    (this.server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.unref();
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  listen(host: string, port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        this.server.unref();
        const address = this.server.address() as AddressInfo;
        this.port = address.port;
        this.url = `http://${host}:${address.port}`;
        this.armIdleTimer();
        resolve();
      });
    });
  }

  handle(): StreamServer {
    const state = this;
    return {
      get url() {
        return state.url;
      },
      get port() {
        return state.port;
      },
      get requests() {
        return state.requests;
      },
      get disconnects() {
        return state.disconnects;
      },
      waitForDisconnect: (options) => state.waitForDisconnect(options),
      reset: () => {
        state.requests.length = 0;
        state.disconnects.length = 0;
        state.endings.clear();
      },
      close: () => state.close(),
      [Symbol.asyncDispose]: () => state.close(),
    };
  }

  private active(): void {
    this.lastActivity = performance.now();
  }

  private armIdleTimer(): void {
    if (this.idleLifetimeMs === Infinity || this.closing !== null) return;
    const left = this.lastActivity + this.idleLifetimeMs - performance.now();
    this.idleTimer = setTimeout(() => {
      // An open response is activity, even a stalled one: its client is still there.
      if (this.replies.size > 0) this.active();
      if (performance.now() - this.lastActivity >= this.idleLifetimeMs) void this.close();
      else this.armIdleTimer();
    }, Math.max(1, left));
    this.idleTimer.unref();
  }

  private timer(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.active();
    const recorded = await this.record(request);
    response.once('finish', () => this.settle(recorded.index, 'ended'));
    const route = this.routes.find((candidate) => (candidate.method === '*' || candidate.method === recorded.method) && candidate.path.test(recorded.path));
    if (route === undefined) {
      const known = this.routes.map((candidate) => candidate.key).join(', ');
      sendJson(response, 404, { error: { message: `No route for ${recorded.method} ${recorded.path}; this server answers ${known}.`, type: 'not_found_error' } });
      return;
    }
    const answer = typeof route.route === 'function' ? route.route(recorded) : route.route;
    if (isReply(answer) && 'json' in answer) {
      sendJson(response, answer.status ?? 200, answer.json, answer.headers);
      return;
    }
    const ready = route.ready ?? prepare(answer, this.base, `what the route ${JSON.stringify(route.key)} returned`);
    if (ready === null) return;
    const { body, options } = ready;
    if (options.error !== null && route.errorsServed < options.error.times) {
      route.errorsServed += 1;
      const error = httpErrorReply(options.error, options.format ?? body.format());
      const reply = new StreamReply(response, options, this.hooks(), `req_${recorded.index}`);
      await reply.error(error);
      return;
    }
    await this.stream(response, recorded, body, options);
  }

  private hooks() {
    return { active: () => this.active(), timer: (ms: number, run: () => void) => this.timer(ms, run) };
  }

  private async stream(response: ServerResponse, recorded: RecordedRequest, body: ServedBody, options: NormalOptions): Promise<void> {
    const reply = new StreamReply(response, options, this.hooks(), `req_${recorded.index}`);
    this.replies.add(reply);
    response.on('close', () => {
      this.replies.delete(reply);
      this.active();
      if (reply.cutByServer) this.settle(recorded.index, 'cut');
      if (response.writableFinished || reply.cutByServer || this.closing !== null) return;
      const at = performance.timeOrigin + performance.now();
      this.disconnects.push({ request: recorded.index, method: recorded.method, path: recorded.path, at, afterMs: at - recorded.at, bytesWritten: reply.bytesWritten });
      this.trim(this.disconnects);
      this.wakeWaiters();
    });
    await reply.write(body);
  }

  private record(request: IncomingMessage): Promise<RecordedRequest> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY) chunks.push(chunk);
      });
      request.on('error', reject);
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const url = request.url ?? '/';
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        const recorded: RecordedRequest = {
          index: this.count++,
          method: request.method ?? 'GET',
          path: url.split('?')[0] ?? '/',
          url,
          headers,
          text,
          body: parseJson(text),
          at: performance.timeOrigin + performance.now(),
        };
        this.requests.push(recorded);
        for (const dropped of this.trim(this.requests)) this.endings.delete(dropped.index);
        resolve(recorded);
      });
    });
  }

  /** Keeps the latest `journal` entries of a journal list; gives those it dropped. */
  private trim<T>(list: T[]): T[] {
    return list.length > this.journal ? list.splice(0, list.length - this.journal) : [];
  }

  private settle(index: number, how: Ending): void {
    if (!this.endings.has(index)) this.endings.set(index, how);
    this.wakeWaiters();
  }

  private wakeWaiters(): void {
    for (const wake of [...this.waiters]) wake();
  }

  private waitForDisconnect(options: { request?: number; timeoutMs?: number } = {}): Promise<Disconnect> {
    if (typeof options !== 'object' || options === null) throw new SseReconstructError('ERR_SSE_OPTION', 'sse-reconstruct: waitForDisconnect: pass { request?, timeoutMs? }.');
    const timeoutMs = options.timeoutMs ?? 2000;
    if (typeof timeoutMs !== 'number' || !(timeoutMs >= 0)) throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: waitForDisconnect: timeoutMs must be a number of milliseconds ≥ 0; it is ${String(timeoutMs)}.`);
    const index = options.request ?? this.requests.at(-1)?.index;
    if (index === undefined) return Promise.reject(new SseReconstructError('ERR_SSE_STATE', 'sse-reconstruct: waitForDisconnect: the server has received no request yet, so no client can have left.'));
    const where = () => {
      const request = this.requests.find((entry) => entry.index === index);
      return request ? `request ${index} (${request.method} ${request.path})` : `request ${index}`;
    };
    // A disconnect, an error saying the response ended without one, or null while it is still open.
    const outcome = (): Disconnect | Error | null => {
      const left = this.disconnects.find((entry) => entry.request === index);
      if (left !== undefined) return left;
      const ending = this.endings.get(index);
      return ending === undefined ? null : new SseReconstructError('ERR_SSE_NO_DISCONNECT', `sse-reconstruct: ${endedMessage(ending, where())}`);
    };
    return new Promise((resolve, reject) => {
      const wake = () => {
        const found = outcome();
        if (found === null) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        if (found instanceof Error) reject(found);
        else resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new SseReconstructError('ERR_SSE_NO_DISCONNECT', `sse-reconstruct: The client of ${where()} was still connected ${timeoutMs} ms later: whoever sent it did not cancel it when its own client left.`));
      }, timeoutMs);
      this.waiters.add(wake);
      wake();
    });
  }

  private failed(response: ServerResponse, error: unknown): void {
    if (!response.headersSent) sendJson(response, 500, { error: { message: `sse-reconstruct's stream server failed: ${error instanceof Error ? error.message : String(error)}`, type: 'server_error' } });
    else response.destroy();
  }

  close(): Promise<void> {
    if (this.closing !== null) return this.closing;
    this.closing = new Promise((resolve) => {
      if (this.idleTimer !== null) clearTimeout(this.idleTimer);
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      for (const reply of this.replies) reply.stop();
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
      this.server.closeAllConnections();
    });
    return this.closing;
  }
}

/** How a response ended when its client did not leave: read to the end, or cut by the server's own fault. */
type Ending = 'ended' | 'cut';

function endedMessage(ending: Ending, where: string): string {
  const capital = where.charAt(0).toUpperCase() + where.slice(1);
  if (ending === 'cut') return `The server cut the response to ${where} itself (a destroy fault), so no client left: nothing was there to cancel. ${capital} is not a disconnect.`;
  return `The response to ${where} ended normally, with no disconnect: its client read it to the end. To test that a relay cancels its upstream call, leave while the stream is still open (a stall keeps it open).`;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function sendJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}
