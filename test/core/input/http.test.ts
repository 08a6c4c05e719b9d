// Live reads over real sockets: fetch against a node:http server on 127.0.0.1, port 0. A hung gateway fails the
// matchers within the deadlines set for this file, and the cancel reaches the server as a closed connection.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reconstructStream } from '../../../src/index.js';
import { configure } from '../../../src/runners/vitest.js';
import { chat, chatAnswer } from './helpers.js';

type Route = (request: IncomingMessage, response: ServerResponse) => void;

const routes = new Map<string, Route>();
const closed = new Map<string, Promise<number>>();
let server: Server;
let base = '';
const previous = configure({ deadlines: { firstContentMs: 1000, idleMs: 1000, totalMs: 5000 } }); // room for a loaded machine's late reads

const sse = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    const started = performance.now();
    closed.set(path, new Promise((resolve) => response.on('close', () => resolve(performance.now() - started))));
    (routes.get(path) ?? ((_req, res) => res.writeHead(404).end()))(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  configure(previous);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const hungTimers = new Set<ReturnType<typeof setTimeout>>();
afterAll(() => hungTimers.forEach(clearTimeout));

routes.set('/hung', (_request, response) => {
  response.writeHead(200, { ...sse, 'x-request-id': 'req_hung' });
  response.write(chat.role);
  response.write(chat.delta('Hel'));
  // …and nothing more, ever: a gateway that stopped forwarding.
});
routes.set('/whole', (_request, response) => {
  response.writeHead(200, { ...sse, 'request-id': 'req_011', 'x-request-id': 'other' });
  response.write(chat.role);
  const timer = setTimeout(() => response.end(chatAnswer(['Hello', ' world']).slice(chat.role.length)), 60);
  hungTimers.add(timer);
});
routes.set('/bad-gateway', (_request, response) => {
  response.writeHead(502, { 'content-type': 'text/plain' });
  response.end(chatAnswer(['looks', ' fine']));
});
routes.set('/plain-200', (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(chatAnswer(['ok']))) });
  response.end(chatAnswer(['ok']));
});
routes.set('/ping-only', (_request, response) => {
  response.writeHead(200, sse);
  response.write(': connected\n\n');
  const timer = setInterval(() => response.write(': keepalive\n\n'), 50);
  response.on('close', () => clearInterval(timer));
});

describe('a hung gateway fails the matchers within the deadline', () => {
  test('await expect(res).toBeComplete() fails as stalled, and the server sees the connection closed', async () => {
    const res = await fetch(`${base}/hung`);
    const failure = await (expect(res).toBeComplete() as Promise<void>).then(
      () => null,
      (error: Error) => error,
    );
    expect(failure?.message).toContain('Expected the stream to be complete; it is "did not finish" (outcome "stalled").');
    // The wait is printed as measured: 1 s, or a few ms past it as `1004 ms`.
    expect(failure?.message).toMatch(/stalled \(error\): No content came for (?:1 s|1\d{3} ms) after frame 1/);
    // The cancel closed the connection: the server's response ends (the server itself never ends it).
    await expect(closed.get('/hung')).resolves.toBeGreaterThan(0);
    // Every later matcher gets the same read, at once.
    await expect(res).toHaveOutcome('stalled');
    await expect(res).toHaveText('Hel');
  });

  test('toArriveWithin reads with its own limits as the deadlines: it fails at them', async () => {
    const res = await fetch(`${base}/ping-only`);
    await expect(expect(res).toArriveWithin({ firstContentMs: 150 })).rejects.toThrow(/no content arrived/);
    const result = await reconstructStream(res);
    expect(result.findings.find((finding) => finding.code === 'stalled')?.message).toContain('No content arrived within 150 ms');
  });
});

describe('the trace: one log line about the stream', () => {
  test('status, request id, times, events, bytes, last event, terminal marker, stop reason, outcome, duration', async () => {
    const startedAt = performance.now();
    const res = await fetch(`${base}/whole`);
    const result = await reconstructStream(res, { startedAt });
    const body = chatAnswer(['Hello', ' world']);
    expect(result.trace).toEqual({
      status: 200,
      requestId: 'req_011',
      firstByteMs: expect.any(Number),
      firstContentMs: expect.any(Number),
      events: 5,
      bytes: Buffer.byteLength(body),
      lastEventType: '[DONE]',
      terminalSeen: true,
      stopReason: 'stop',
      outcome: 'ok',
      stoppedBy: null,
      durationMs: expect.any(Number),
    });
    const trace = result.trace!;
    expect(trace.firstContentMs!).toBeGreaterThanOrEqual(trace.firstByteMs!);
    expect(trace.firstContentMs!).toBeGreaterThanOrEqual(50);
    expect(trace.durationMs).toBeGreaterThanOrEqual(trace.firstContentMs!);
    expect(JSON.parse(JSON.stringify(trace))).toEqual(trace);
  });

  test('x-request-id when there is no request-id', async () => {
    const res = await fetch(`${base}/hung`);
    const result = await reconstructStream(res, { deadlines: { idleMs: 50 } });
    expect(result.trace?.requestId).toBe('req_hung');
    expect(result.trace?.outcome).toBe('stalled');
    expect(result.trace?.terminalSeen).toBe(false);
    expect(result.trace?.lastEventType).toBe('chat.completion.chunk');
  });
});

describe('a Response a client would not read as an event stream', () => {
  test('a 502 text/plain with a valid-looking body: findings of its own, and every matcher says so', async () => {
    const res = await fetch(`${base}/bad-gateway`);
    const result = await reconstructStream(res);
    expect(result.findings.filter((finding) => ['http status', 'content type'].includes(finding.code)).map((f) => [f.code, f.severity])).toEqual([
      ['http status', 'error'],
      ['content type', 'warning'],
    ]);
    expect(result.verdict).toBe('complete');
    await expect(expect(res).toHaveNoFindings()).rejects.toThrow(/http status \(error\): The Response's status is 502/);
    await expect(expect(res).toReconstructAs({})).rejects.toThrow(/The Response is not an event stream a client would read: its status is 502/);
    await expect(expect(res).not.toBeComplete()).rejects.toThrow(/its status is 502, not 2xx/);
  });

  test('toBeEventStream: passes on a relay that sets what it should, says what to set otherwise', async () => {
    await expect(fetch(`${base}/whole`)).toBeEventStream();
    const plain = await fetch(`${base}/plain-200`);
    const failure = await (expect(plain).toBeEventStream() as Promise<void>).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toContain('content-type is "text/plain; charset=utf-8": set `content-type: text/event-stream`');
    expect(failure).toContain('cache-control is missing: set `cache-control: no-cache`');
    expect(failure).toContain('x-accel-buffering is missing: set `x-accel-buffering: no`');
    expect(failure).toContain('content-length is "');
    expect(failure).not.toContain('the status is');
    await expect(expect(fetch(`${base}/bad-gateway`)).toBeEventStream({ xAccelBuffering: false })).rejects.toThrow(/the status is 502: answer 200/);
  });
});

describe('the body, given back', () => {
  test('source.text() is the body as read; the Response itself is consumed, a clone is not', async () => {
    const res = await fetch(`${base}/whole`);
    const copy = res.clone();
    const result = await reconstructStream(res);
    expect(result.source?.text()).toBe(chatAnswer(['Hello', ' world']));
    expect(Object.keys(result.source ?? {})).not.toContain('text');
    await expect(res.text()).rejects.toThrow();
    expect(await copy.text()).toBe(chatAnswer(['Hello', ' world']));
  });
});
