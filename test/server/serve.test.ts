import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { reconstruct } from '../../src/core/index.js';
import { scriptOf } from '../../src/faults/index.js';
import type { Fixture } from '../../src/fixtures/types.js';
import { serveStream, useStreamServer, type StreamServer } from '../../src/server/index.js';

const CHAT = readFileSync(join(__dirname, '../../fixtures/recorded/chat-completions/openai-python--text-only.sse'), 'utf8');
const FRAMES = CHAT.split(/(?<=\n\n)/);

/** Reads a response body chunk by chunk with the time each arrived (ms from the call). */
async function timedRead(response: Response): Promise<{ text: string; chunks: Array<{ text: string; at: number }>; error: unknown }> {
  const started = performance.now();
  const chunks: Array<{ text: string; at: number }> = [];
  const decoder = new TextDecoder();
  let error: unknown = null;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push({ text: decoder.decode(chunk, { stream: true }), at: performance.now() - started });
  } catch (caught) {
    error = caught;
  }
  return { text: chunks.map((chunk) => chunk.text).join(''), chunks, error };
}

/** Whether anything still accepts connections on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

const servers: StreamServer[] = [];
async function serve(...args: Parameters<typeof serveStream>): Promise<StreamServer> {
  const server = await serveStream(...args);
  servers.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describe('serveStream: what it serves', () => {
  test('a capture, byte for byte, with event-stream headers; any method and path', async () => {
    const server = await serve(CHAT);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/any/path?x=1`, { method: 'POST', body: '{"stream":true}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-request-id')).toBe('req_0');
    expect(await response.text()).toBe(CHAT);
  });

  test('bytes, a file path, a file: URL, a script and a fixture all serve the same stream', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sse-reconstruct-serve-'));
    try {
      const file = join(folder, 'capture.sse');
      writeFileSync(file, CHAT);
      const fixture: Fixture = { name: 'chat-completions/text', format: 'chat-completions', kind: 'text', title: 'text', response: {}, stream: CHAT, expected: scriptOf(CHAT).expected };
      for (const source of [new TextEncoder().encode(CHAT), file, pathToFileURL(file), scriptOf(CHAT), fixture]) {
        const server = await serve(source);
        expect(await (await fetch(server.url)).text()).toBe(CHAT);
        await server.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('a timestamped capture is served without its stamps, at its recorded pace (scaled)', async () => {
    const stamped = FRAMES.slice(0, 3)
      .map((frame, i) => `${frame.slice(0, -1).split('\n').map((line) => `2026-12-01T10:00:0${i}.${i * 2}00Z ${line}`.trimEnd()).join('\n')}\n`)
      .join('');
    const server = await serve(stamped, { pace: { scale: 0.2 } });
    const { text, chunks } = await timedRead(await fetch(server.url));
    expect(text).toBe(FRAMES.slice(0, 3).join(''));
    // Recorded: frames 1.2 s and 1.2 s apart; scaled by 0.2: about 240 ms each. (At 0.1 a loaded run read the first
    // frame late enough to see 180 ms for both gaps.)
    expect(chunks.length).toBe(3);
    expect((chunks[2]?.at ?? 0) - (chunks[0]?.at ?? 0)).toBeGreaterThanOrEqual(200);
  });

  test('a string without a line break is a file path; a missing one says so', async () => {
    await expect(serveStream('no-such-capture.sse')).rejects.toThrow(/no such capture file: no-such-capture.sse/);
    await expect(serveStream(42 as never)).rejects.toThrow(TypeError);
  });
});

describe('serveStream: faults on a real socket', () => {
  test('stall after n frames for ms: the pause shows between the frames', async () => {
    const server = await serve(CHAT, { stall: { afterFrames: 2, ms: 300 } });
    const { text, chunks } = await timedRead(await fetch(server.url));
    expect(text).toBe(CHAT);
    // The stall is the longest wait between two reads (a loaded machine delays reads, but not by the stall's length).
    let gapAt = 1;
    for (let i = 1; i < chunks.length; i += 1) if (chunks[i]!.at - chunks[i - 1]!.at > chunks[gapAt]!.at - chunks[gapAt - 1]!.at) gapAt = i;
    expect(chunks.slice(0, gapAt).map((chunk) => chunk.text).join('')).toBe(FRAMES.slice(0, 2).join(''));
  });

  test('stall forever: the client gets two frames, then nothing, until it leaves; the server records when', async () => {
    const server = await serve(CHAT, { stall: { afterFrames: 2 } });
    const controller = new AbortController();
    const response = await fetch(server.url, { method: 'POST', signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    while (received.length < FRAMES[0]!.length + FRAMES[1]!.length) received += new TextDecoder().decode((await reader.read()).value);
    expect(received).toBe(FRAMES.slice(0, 2).join(''));
    const next = reader.read();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const leftAt = performance.timeOrigin + performance.now();
    controller.abort();
    await expect(next).rejects.toThrow();
    const disconnect = await server.waitForDisconnect({ timeoutMs: 30_000 });
    const toldAt = performance.timeOrigin + performance.now();
    expect(disconnect).toMatchObject({ request: 0, method: 'POST', path: '/', bytesWritten: received.length });
    // Recorded between the client leaving and waitForDisconnect() resolving.
    expect(disconnect.at - leftAt).toBeGreaterThanOrEqual(0);
    expect(disconnect.at).toBeLessThanOrEqual(toldAt);
    expect(disconnect.afterMs).toBeGreaterThanOrEqual(150);
    expect(server.disconnects).toEqual([disconnect]);
  });

  test('a client that read to the end is not a disconnect; waitForDisconnect says the response ended, at once', async () => {
    const server = await serve(CHAT);
    await (await fetch(server.url, { method: 'POST' })).text();
    expect(server.disconnects).toEqual([]);
    // A wait of ten minutes: it must answer at once (the test's own timeout is far shorter).
    await expect(server.waitForDisconnect({ timeoutMs: 600_000 })).rejects.toThrow(/The response to request 0 \(POST \/\) ended normally, with no disconnect: its client read it to the end/);
  }, 10_000);

  test('waitForDisconnect while the response is still being written: it ends normally, and the wait says so then', async () => {
    const server = await serve(CHAT, { pace: { delayMs: 20 } });
    const response = await fetch(server.url, { method: 'POST' });
    const waited = server.waitForDisconnect({ timeoutMs: 600_000 }).then(() => 'left', (error: Error) => error.message);
    await response.text();
    expect(await waited).toMatch(/ended normally, with no disconnect/);
  }, 10_000);

  test('waitForDisconnect on a response the server cut (a destroy fault) says the server cut it; on a client still connected, that it never left', async () => {
    const cut = await serve(CHAT, { destroy: { afterFrames: 1, how: 'close' } });
    await fetch(cut.url).then((response) => response.text()).catch(() => null);
    await expect(cut.waitForDisconnect({ timeoutMs: 600_000 })).rejects.toThrow(/The server cut the response to request 0 \(GET \/\) itself \(a destroy fault\)/);
    const hung = await serve(CHAT, { stall: { afterFrames: 1 } });
    const response = await fetch(hung.url);
    await (response.body as ReadableStream<Uint8Array>).getReader().read();
    await expect(hung.waitForDisconnect({ timeoutMs: 50 })).rejects.toThrow(/The client of request 0 \(GET \/\) was still connected 50 ms later/);
  }, 10_000);

  test.each([
    ['reset', /terminated/, 'ECONNRESET'],
    ['close', /terminated/, 'UND_ERR_SOCKET'],
  ] as const)('destroy after n bytes, how: %s: the client gets exactly those bytes, then its read fails', async (how, message, code) => {
    const server = await serve(CHAT, { destroy: { afterBytes: 150, how } });
    const { text, error } = await timedRead(await fetch(server.url));
    expect(text).toBe(CHAT.slice(0, 150));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(message);
    expect(((error as Error).cause as { code?: string }).code).toBe(code);
    expect(server.disconnects).toEqual([]);
  });

  test("destroy after n frames, how: 'end': a silent end that the reading calls dropped", async () => {
    const server = await serve(CHAT, { destroy: { afterFrames: 3, how: 'end' } });
    const { text, error } = await timedRead(await fetch(server.url));
    expect(error).toBeNull();
    expect(text).toBe(FRAMES.slice(0, 3).join(''));
    expect(reconstruct(text)).toMatchObject({ verdict: 'did not finish', outcome: 'dropped' });
  });

  test('firstByteDelayMs holds back the status line and headers', async () => {
    const server = await serve(CHAT, { firstByteDelayMs: 200 });
    const started = performance.now();
    const response = await fetch(server.url);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(await response.text()).toBe(CHAT);
  });

  test("pace { delayMs } and chunk: 'frame': each frame arrives on its own, that far apart", async () => {
    const server = await serve(CHAT, { pace: { delayMs: 30 }, chunk: 'frame' });
    const { chunks } = await timedRead(await fetch(server.url));
    expect(chunks.map((chunk) => chunk.text)).toEqual(FRAMES);
    // The server waits 30 ms before each write; a busy client may read two gaps' worth late, so the span is checked.
    expect((chunks.at(-1)?.at ?? 0) - (chunks[0]?.at ?? 0)).toBeGreaterThanOrEqual((FRAMES.length - 1) * 30 * 0.7);
  });

  test('heartbeat comments fill the quiet, only between frames, and the reading is unchanged', async () => {
    const cutFrame = { ...scriptOf(CHAT) };
    const [first, ...rest] = cutFrame.pieces;
    // Frame 0 split in two with a pause inside it: no heartbeat may go in there.
    cutFrame.pieces = [{ text: first!.text.slice(0, 20), delayMs: 0, frame: 0 }, { text: first!.text.slice(20), delayMs: 200, frame: 0 }, { ...rest[0]!, delayMs: 200 }, ...rest.slice(1)];
    const server = await serve(cutFrame, { heartbeat: { everyMs: 50, text: ': ping\n\n' } });
    const { text } = await timedRead(await fetch(server.url));
    expect(text.replaceAll(': ping\n\n', '')).toBe(CHAT);
    expect(text.startsWith(first!.text)).toBe(true);
    const between = text.slice(first!.text.length).split(rest[0]!.text)[0] ?? '';
    expect(between.length).toBeGreaterThan(0);
    expect(between.replaceAll(': ping\n\n', '')).toBe('');
    expect(reconstruct(text)).toMatchObject({ verdict: 'complete', findingCounts: {} });
  });

  test('status and headers of your own', async () => {
    const server = await serve(CHAT, { status: 201, headers: { 'X-Accel-Buffering': 'no', 'content-type': 'text/plain' } });
    const response = await fetch(server.url);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-type')).toBe('text/plain');
  });
});

/** Sends a request on a raw socket and gives the body's bytes with the offsets where each socket read ended. */
function rawReads(port: number): Promise<{ body: Buffer; readEnds: number[] }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const reads: Buffer[] = [];
    socket.on('data', (data: Buffer) => reads.push(data));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(reads);
      const bodyStart = all.indexOf('\r\n\r\n') + 4;
      const readEnds: number[] = [];
      let at = 0;
      for (const read of reads) {
        at += read.length;
        if (at > bodyStart && at < all.length) readEnds.push(at - bodyStart);
      }
      resolve({ body: all.subarray(bodyStart), readEnds });
    });
    // HTTP/1.0: the body comes as written (no chunked framing), and the connection closes at its end.
    socket.write('GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

describe('serveStream: chunk reaches the client as separate reads', () => {
  const STREAM = 'data: {"t":"é€😀"}\r\n\r\ndata: [DONE]\r\n\r\n';
  const BYTES = Buffer.from(STREAM);

  test.each([1, 5])('chunk: %i splits every write into its own read, inside UTF-8 sequences and between \\r and \\n', async (size) => {
    const server = await serve(STREAM, { chunk: size });
    const { body, readEnds } = await rawReads(server.port);
    expect(body.equals(BYTES)).toBe(true);
    const expected = [];
    for (let end = size; end < BYTES.length; end += size) expected.push(end);
    expect(readEnds).toEqual(expected);
    // Among them, splits inside a character and between a CR and its LF.
    const text = BYTES.toString('latin1');
    expect(expected.some((end) => (BYTES[end]! & 0xc0) === 0x80)).toBe(true);
    expect(expected.some((end) => text[end - 1] === '\r' && text[end] === '\n')).toBe(true);
  });

  test("chunk: 'frame' gives one read per frame", async () => {
    const server = await serve(STREAM, { chunk: 'frame' });
    const { readEnds } = await rawReads(server.port);
    expect(readEnds).toEqual([BYTES.indexOf('data: [DONE]')]);
  });
});

describe('serveStream: clients that half-close or never read', () => {
  test('a client that half-closes after its request still reads the whole stream; it is not a disconnect', async () => {
    const server = await serve(CHAT, { pace: { delayMs: 10 } });
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      // The request, then a FIN: this side sends nothing more but goes on reading.
      socket.end('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    for (const frame of FRAMES) expect(received).toContain(frame);
    expect(received.endsWith('0\r\n\r\n')).toBe(true);
    expect(server.disconnects).toEqual([]);
  });

  test('a half-closed client that has read since its FIN keeps its stream through a stall', async () => {
    const server = await serve(CHAT, { pace: { delayMs: 50 }, stall: { afterFrames: 2, ms: 200 } });
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.end('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    for (const frame of FRAMES) expect(received).toContain(frame);
    expect(server.disconnects).toEqual([]);
  });

  test('a client that leaves between paced frames is recorded at the first write after it left; one that leaves in a stall, at once', async () => {
    const paced = await serve(CHAT, { pace: { delayMs: 300 } });
    for (const server of [paced, await serve(CHAT, { stall: { afterFrames: 1, ms: 60_000 } })]) {
      const controller = new AbortController();
      const reader = (await fetch(server.url, { signal: controller.signal })).body!.getReader();
      await reader.read();
      const leftAt = performance.timeOrigin + performance.now();
      controller.abort();
      const left = await server.waitForDisconnect({ timeoutMs: 3000 });
      expect(left.at).toBeGreaterThanOrEqual(leftAt);
      // Seen at the first write after leaving (paced: frame 1), or at once in the stall (nothing more written).
      expect(left.bytesWritten).toBe(FRAMES[0]!.length + (server === paced ? FRAMES[1]!.length : 0));
    }
  });

  test('heartbeats wait for the client: none is written while the socket is backed up', async () => {
    const beat = `: ${'x'.repeat(64 * 1024)}\n\n`;
    const server = await serve(CHAT, { stall: { afterFrames: 0 }, heartbeat: { everyMs: 1, text: beat } });
    const write = ServerResponse.prototype.write;
    let backedUp = false;
    let writesWhileBackedUp = 0;
    const spy = vi.spyOn(ServerResponse.prototype, 'write').mockImplementation(function (this: ServerResponse, ...args: Parameters<typeof write>) {
      if (this.writableNeedDrain) writesWhileBackedUp += 1;
      const accepted = write.apply(this, args);
      if (!accepted) backedUp = true;
      return accepted;
    });
    const socket = connect(server.port, '127.0.0.1');
    try {
      // A client that never reads: its receive window fills, then the server's socket buffer.
      socket.pause();
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      for (let waited = 0; !backedUp && waited < 200; waited += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(backedUp).toBe(true);
      // Many heartbeat intervals more, while the client still reads nothing.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(writesWhileBackedUp).toBe(0);
    } finally {
      spy.mockRestore();
      socket.destroy();
    }
  });
});

describe('serveStream: HTTP errors in the format of the stream', () => {
  test('429 with retry-after, in OpenAI shape for a Chat Completions stream', async () => {
    const server = await serve(CHAT, { error: { status: 429, retryAfter: 2 } });
    const response = await fetch(server.url);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.get('retry-after-ms')).toBe('2000');
    expect(await response.json()).toEqual({ error: { message: 'Rate limit reached; try again later.', type: 'rate_limit_exceeded', param: null, code: 'rate_limit_exceeded' } });
  });

  test("529 overloaded in Anthropic's shape, 503 in Gemini's, 400 with a message of yours, a body of yours", async () => {
    const anthropic = await serve(CHAT, { error: 529, format: 'anthropic' });
    expect(await (await fetch(anthropic.url)).json()).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    const gemini = await serve(CHAT, { error: 503, format: 'gemini' });
    expect(await (await fetch(gemini.url)).json()).toEqual({ error: { code: 503, message: 'The service is unavailable.', status: 'UNAVAILABLE' } });
    const bad = await serve(CHAT, { error: { status: 400, message: "'messages' is required" } });
    const response = await fetch(bad.url);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe("'messages' is required");
    const own = await serve(CHAT, { error: { status: 500, body: { detail: 'boom' } } });
    expect(await (await fetch(own.url)).json()).toEqual({ detail: 'boom' });
  });

  test('times: the first requests get the error, the next one the stream', async () => {
    const server = await serve(CHAT, { error: { status: 500, times: 2 } });
    expect((await fetch(server.url)).status).toBe(500);
    expect((await fetch(server.url)).status).toBe(500);
    expect(await (await fetch(server.url)).text()).toBe(CHAT);
  });
});

describe('serveStream: routes and the request journal', () => {
  test('a route table answers each route with its stream and options; others get a 404 that lists the routes', async () => {
    const server = await serve({
      'POST /v1/chat/completions': CHAT,
      'POST /v1/cut': { source: CHAT, options: { destroy: { afterFrames: 1, how: 'end' } } },
      'GET /v1/models': { json: { data: [{ id: 'm' }] } },
      'POST /v1beta/models/*': (request) => ({ json: { path: request.path } }),
    });
    expect(await (await fetch(`${server.url}/v1/chat/completions`, { method: 'POST' })).text()).toBe(CHAT);
    expect(await (await fetch(`${server.url}/v1/cut`, { method: 'POST' })).text()).toBe(FRAMES[0]);
    expect(await (await fetch(`${server.url}/v1/models`)).json()).toEqual({ data: [{ id: 'm' }] });
    expect(await (await fetch(`${server.url}/v1beta/models/gemini:streamGenerateContent?alt=sse`, { method: 'POST' })).json()).toEqual({ path: '/v1beta/models/gemini:streamGenerateContent' });
    const missing = await fetch(`${server.url}/v1/chat/completions`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      'No route for GET /v1/chat/completions; this server answers POST /v1/chat/completions, POST /v1/cut, GET /v1/models, POST /v1beta/models/*.',
    );
  });

  test('the journal keeps method, path, query, headers and the JSON body of every request; reset() forgets them', async () => {
    const server = await serve({ 'POST /v1/chat/completions': CHAT });
    const before = performance.timeOrigin + performance.now();
    await (await fetch(`${server.url}/v1/chat/completions?trace=1`, { method: 'POST', headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', stream: true }) })).text();
    await (await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: 'not json' })).text();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]).toMatchObject({ index: 0, method: 'POST', path: '/v1/chat/completions', url: '/v1/chat/completions?trace=1', body: { model: 'm', stream: true }, text: '{"model":"m","stream":true}' });
    expect(server.requests[0]?.headers).toMatchObject({ authorization: 'Bearer k', 'content-type': 'application/json' });
    expect(server.requests[0]?.at).toBeGreaterThanOrEqual(before);
    expect(server.requests[1]).toMatchObject({ index: 1, text: 'not json', body: undefined });
    server.reset();
    expect(server.requests).toEqual([]);
  });

  test('the journal is a bounded ring: it keeps the latest `journal` requests and disconnects, indexes counting on', async () => {
    const server = await serve({ 'POST /v1/chat/completions': CHAT, 'POST /hang': { source: CHAT, options: { stall: { afterFrames: 1 } } } }, { journal: 3 });
    for (let i = 0; i < 5; i += 1) await (await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: String(i) })).text();
    expect(server.requests.map((request) => [request.index, request.text])).toEqual([[2, '2'], [3, '3'], [4, '4']]);
    for (let i = 0; i < 4; i += 1) {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/hang`, { method: 'POST', signal: controller.signal });
      await (response.body as ReadableStream<Uint8Array>).getReader().read();
      controller.abort();
      await server.waitForDisconnect();
    }
    expect(server.requests.map((request) => request.index)).toEqual([6, 7, 8]);
    expect(server.disconnects.map((left) => left.request)).toEqual([6, 7, 8]);
    await expect(serveStream(CHAT, { journal: 0 })).rejects.toThrow(/journal must be a whole number of requests ≥ 1/);
  });
});

describe('serveStream: loopback only, and it never outlives its use', () => {
  test.each([
    [{ host: '0.0.0.0' }, /host must be '127.0.0.1'/],
    [{ host: 'localhost' }, /host must be '127.0.0.1'/],
    [{ port: 70000 }, /port must be a whole number from 0 to 65535/],
    [{ idleLifetimeMs: -1 }, /idleLifetimeMs must be a number of milliseconds/],
    [{ hostname: '::' }, /"hostname" is not an option of serveStream/],
  ])('%j is a TypeError', async (options, message) => {
    await expect(serveStream(CHAT, options as never)).rejects.toThrow(TypeError);
    await expect(serveStream(CHAT, options as never)).rejects.toThrow(message);
  });

  test('close() ends a hung response at once, stops listening, and leaves no handle open', async () => {
    const server = await serveStream(CHAT, { stall: { afterFrames: 1 } });
    const response = await fetch(server.url);
    const reading = timedRead(response);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    const { text, error } = await reading;
    expect(text).toBe(FRAMES[0]);
    expect(error).toBeInstanceOf(TypeError);
    expect(await accepts(server.port)).toBe(false);
    expect(server.disconnects).toEqual([]);
    await server.close(); // twice is fine
  });

  test('an idle server closes itself after its lifetime; its timers never hold the process', async () => {
    // A lifetime long enough that a loaded machine still connects before it ends; then wait until it has closed.
    const server = await serveStream(CHAT, { idleLifetimeMs: 1_000 });
    await (await fetch(server.url)).text();
    expect(await accepts(server.port)).toBe(true);
    while (await accepts(server.port)) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await accepts(server.port)).toBe(false);
  });

  test('an open response, even a stalled one, keeps the server alive past its idle lifetime, as documented', async () => {
    const server = await serve(CHAT, { idleLifetimeMs: 1000, stall: { afterFrames: 1 } });
    const reader = (await fetch(server.url)).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(FRAMES[0]);
    let settled = false;
    const next = reader.read().then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(settled).toBe(false);
    expect(await accepts(server.port)).toBe(true);
    await server.close();
    await next;
  }, 20_000);

  test('await using closes it at the end of the block', async () => {
    let port = 0;
    {
      await using server = await serveStream(CHAT);
      port = server.port;
      expect(await (await fetch(server.url)).text()).toBe(CHAT);
    }
    expect(await accepts(port)).toBe(false);
  });
});

describe('useStreamServer with the hooks passed in', () => {
  const server = useStreamServer({ 'POST /v1/chat/completions': CHAT }, { chunk: 'frame' }, { beforeAll, afterAll, beforeEach });

  test('is listening inside tests', async () => {
    expect(await (await fetch(`${server.url}/v1/chat/completions`, { method: 'POST' })).text()).toBe(CHAT);
    expect(server.requests).toHaveLength(1);
  });

  test('each test starts with an empty journal', () => {
    expect(server.requests).toEqual([]);
  });
});

test('useStreamServer without hooks and without runner globals says what to pass', () => {
  expect(() => useStreamServer(CHAT)).toThrow(/pass them: useStreamServer\(source, options, \{ beforeAll, afterAll, beforeEach \}\)/);
});
