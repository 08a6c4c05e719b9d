import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpErrorReply } from './http-errors.js';
import type { NormalOptions } from './options.js';
import { planWrites, type Finish } from './plan.js';
import type { ServedBody } from './source.js';
import { formatModule, framingOf } from '../core/index.js';

/** What a response reports to the server while it is written. */
export interface ReplyHooks {
  /** Called on every write: the server's idle lifetime counts from the last one. */
  active(): void;
  /** An unref'd timer, cleared when the server closes. */
  timer(ms: number, run: () => void): NodeJS.Timeout;
}

const DEFAULT_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' };

/**
 * The media type of the framing that carries the body's format (SSE when the format is not known); for the bytes of
 * a binary wire (a Bedrock fixture's `bytes`), that wire's framing's, with no charset.
 */
function contentTypeOf(body: ServedBody): string {
  const format = body.format();
  const module = format === null ? undefined : formatModule(format);
  if (body.binary() && module?.wire !== undefined) return framingOf(module.wire.framing).mediaType;
  return `${framingOf(module?.framing).mediaType}; charset=utf-8`;
}

/**
 * Writes one streamed response: headers after `firstByteDelayMs`, then the planned writes with their pauses
 * (heartbeats while quiet, between frames only), and the finish: an end, a reset or a close mid-body.
 */
export class StreamReply {
  bytesWritten = 0;
  /** True once the server cut the connection itself (a fault), so its close is not the client leaving. */
  cutByServer = false;
  private gone = false;
  private wake: (() => void) | null = null;
  private lastWriteAt = performance.now();
  private tail = '\n\n';
  /** Inside a stall: the stream is hung, nothing is due, so a client's FIN then is its leaving. */
  private stalling = false;
  /** The client sent FIN: it reads on, or it left; a write tells which. */
  private halfClosed = false;
  private probing = false;
  /** A write after the client's FIN went through: it only half-closed, and reads on. */
  private readsOn = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly options: NormalOptions,
    private readonly hooks: ReplyHooks,
    private readonly requestId: string,
  ) {
    response.on('close', () => this.stop());
    this.watchHalfClose();
  }

  /**
   * A client's FIN says it sends nothing more, not that it stopped reading: the stream goes on (one that really left
   * fails a later write and is recorded then). In a stall nothing is due to write, so nothing could fail: a FIN
   * there is taken as the client leaving, as a relay that cancels its upstream call does.
   */
  private watchHalfClose(): void {
    const socket = this.response.socket;
    if (socket === null) return;
    const ended = () => {
      this.halfClosed = true;
      if (this.stalling && !this.readsOn && !this.response.writableEnded) socket.destroy();
    };
    socket.on('end', ended);
    this.response.once('close', () => socket.off('end', ended));
  }

  /** Stops every pause at once: the client left, or the server is closing. */
  stop(): void {
    this.gone = true;
    this.wake?.();
  }

  /** Answers with an HTTP error instead of the stream. */
  async error(reply: HttpErrorReply): Promise<void> {
    if (this.options.firstByteDelayMs > 0) await this.sleep(this.options.firstByteDelayMs);
    if (this.gone) return;
    this.response.writeHead(reply.status, { 'x-request-id': this.requestId, ...this.options.headers, ...reply.headers, 'content-length': String(Buffer.byteLength(reply.body)) });
    this.response.end(reply.body);
  }

  async write(body: ServedBody): Promise<void> {
    const { options, response } = this;
    if (options.firstByteDelayMs > 0) await this.sleep(options.firstByteDelayMs);
    if (this.gone) return;
    response.writeHead(options.status, { ...DEFAULT_HEADERS, 'content-type': contentTypeOf(body), 'x-request-id': this.requestId, ...options.headers });
    response.flushHeaders();
    const writes = planWrites(body.segments(), body.end, options);
    let next = writes.next();
    while (next.done !== true) {
      const { bytes, delayMs } = next.value;
      if (delayMs > 0) await this.pause(delayMs, next.value.stalled === true);
      if (this.gone) return;
      if (bytes.length > 0) {
        this.bytesWritten += bytes.length;
        await this.send(bytes);
        if (this.gone) return;
      }
      next = writes.next();
    }
    await this.finish(next.value);
  }

  private async finish(finish: Finish): Promise<void> {
    // A wait before the end is a stall: the stall option after the last frame, or a script's hang.
    if (finish.afterMs > 0) await this.pause(finish.afterMs, true);
    if (this.gone) return;
    const socket = this.response.socket;
    if (finish.kind === 'end' || socket === null) {
      this.response.end();
      return;
    }
    // What was written reaches the client before the cut.
    await this.flushed(socket);
    if (this.gone) return;
    this.cutByServer = true;
    if (finish.kind === 'reset') socket.resetAndDestroy();
    else socket.end();
  }

  private async send(bytes: Uint8Array): Promise<void> {
    this.hooks.active();
    this.lastWriteAt = performance.now();
    this.remember(bytes);
    if (this.halfClosed) this.probe();
    if (this.options.chunk !== 'auto') {
      await this.sendApart(bytes);
      return;
    }
    if (this.response.write(bytes)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.response.off('drain', done);
        this.response.off('close', done);
        resolve();
      };
      this.response.on('drain', done);
      this.response.on('close', done);
    });
  }

  /**
   * A chunking asked for reaches the client as its own reads: each write is handed to the kernel (its callback)
   * before the next, and the event loop goes through a poll phase between, so a reader in this process has read one
   * before the next lands (Node joins writes of one tick into one packet otherwise).
   */
  private async sendApart(bytes: Uint8Array): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = () => {
        this.response.off('close', done);
        resolve();
      };
      this.response.on('close', done);
      this.response.write(bytes, done);
    });
    // Twice: once through the check phase this write may have come from, once more after a poll phase, where a
    // reader's socket is read.
    for (let turn = 0; turn < 2; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /**
   * After a FIN, a client that left answers the next bytes with a reset; an empty write a moment later fails on it
   * (EPIPE), so the leave is seen after one write instead of two. Empty, it adds nothing to the stream.
   */
  private probe(): void {
    const socket = this.response.socket;
    if (socket === null || this.probing) return;
    this.probing = true;
    this.hooks.timer(5, () => {
      this.probing = false;
      if (!socket.destroyed) socket.write(new Uint8Array(0), (error) => (this.readsOn ||= !error));
    });
  }

  /** Keeps the last bytes written, to tell whether a heartbeat may go in here (only where a frame has ended). */
  private remember(bytes: Uint8Array): void {
    const end = bytes.subarray(Math.max(0, bytes.length - 4));
    this.tail = (this.tail + String.fromCharCode(...end)).slice(-4);
  }

  private atFrameBoundary(): boolean {
    return this.bytesWritten === 0 || /(\n\n|\r\r|\r\n\r\n|\n\r\n|\r\n\n)$/.test(this.tail);
  }

  /** Waits, writing heartbeat comments whenever nothing was written for their interval. */
  private async pause(ms: number, stalled = false): Promise<void> {
    this.stalling = stalled;
    // A FIN that came before the stall, and no write since to tell: the client is taken to have left.
    if (stalled && !this.readsOn && this.response.socket?.readableEnded === true) this.response.socket.destroy();
    try {
      await this.quiet(ms);
    } finally {
      this.stalling = false;
    }
  }

  private async quiet(ms: number): Promise<void> {
    const heartbeat = this.options.heartbeat;
    const until = performance.now() + ms;
    while (!this.gone) {
      const now = performance.now();
      if (now >= until) return;
      if (heartbeat === null) {
        await this.sleep(until - now);
        continue;
      }
      const beatAt = this.lastWriteAt + heartbeat.everyMs;
      if (beatAt > now) {
        await this.sleep(Math.min(until, beatAt) - now);
        continue;
      }
      // A client that has not read what was written gets no more: heartbeats would pile up in memory.
      if (this.atFrameBoundary() && !this.response.writableNeedDrain) {
        this.lastWriteAt = now;
        this.hooks.active();
        this.response.write(heartbeat.text);
        this.tail = heartbeat.text.slice(-4);
      } else {
        this.lastWriteAt = now;
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.gone) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = ms === Infinity ? null : this.hooks.timer(ms, () => done());
      const done = () => {
        if (timer !== null) clearTimeout(timer);
        if (this.wake === done) this.wake = null;
        resolve();
      };
      this.wake = done;
    });
  }

  private async flushed(socket: Socket): Promise<void> {
    while (!this.gone && socket.writableLength > 0) await this.sleep(2);
    // Loopback hands the bytes over at once; a moment more so the client has read them before a reset.
    await this.sleep(10);
  }
}
