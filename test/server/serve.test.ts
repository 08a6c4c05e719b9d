import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
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
    const folder = mkdtempSync(join(tmpdir(), 'sse-serve-'));
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
    const server = await serve(stamped, { pace: { scale: 0.1 } });
    const { text, chunks } = await timedRead(await fetch(server.url));
    expect(text).toBe(FRAMES.slice(0, 3).join(''));
    // Recorded: frames 1.2 s and 1.2 s apart; scaled by 0.1: about 120 ms each.
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
    const before = chunks.filter((chunk) => chunk.at < (chunks.at(-1)?.at ?? 0) - 250).map((chunk) => chunk.text).join('');
    expect(before).toBe(FRAMES.slice(0, 2).join(''));
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

  test('a client that read to the end is not a disconnect; waitForDisconnect says who never left', async () => {
    const server = await serve(CHAT);
    await (await fetch(server.url, { method: 'POST' })).text();
    expect(server.disconnects).toEqual([]);
    await expect(server.waitForDisconnect({ timeoutMs: 50 })).rejects.toThrow(/The client of request 0 \(POST \/\) was still connected 50 ms later/);
  });

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
    const server = await serveStream(CHAT, { idleLifetimeMs: 100 });
    await (await fetch(server.url)).text();
    expect(await accepts(server.port)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await accepts(server.port)).toBe(false);
  });

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
