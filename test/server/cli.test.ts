// `sse-reconstruct serve` and `record`, run as processes (test/cli/cli-command.ts), on real sockets; their usage
// errors and help, which end before anything listens, in this process (a node start saved each). Waits for the log are
// on the log's lines, not on a sleep.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { decode, reconstruct } from '../../src/core/index.js';
import { ArgumentReader } from '../../src/cli/arguments.js';
import { runCommandLine } from '../../src/cli/main.js';
import { upstreamTarget } from '../../src/cli/record.js';
import { SERVE_JOURNAL, serveOptionsOf } from '../../src/cli/serve.js';
import { scriptOf, scriptText } from '../../src/faults/index.js';
import { serveStream } from '../../src/server/index.js';
import { CLI_ARGS } from '../cli/cli-command.js';

const root = join(__dirname, '../..');
const CHAT = readFileSync(join(root, 'fixtures/recorded/chat-completions/openai-python--text-only.sse'), 'utf8');
const FRAMES = CHAT.split(/(?<=\n\n)/);

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-serve-cli-'));
  writeFileSync(join(dir, 'chat.sse'), CHAT);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
});

/** Starts the CLI; resolves with the process and the first line it printed (which names the URL). */
function start(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string; stderr: () => string; logged: (pattern: RegExp) => Promise<void> }> {
  const child = spawn(process.execPath, [...CLI_ARGS, ...args], { cwd: root });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (data) => (stderr += data));
  /** Resolves once stderr matches: the server logs every 250 ms, however late a loaded machine runs it. */
  const logged = (pattern: RegExp) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!pattern.test(stderr)) return;
        child.stderr.off('data', check);
        resolve();
      };
      child.stderr.on('data', check);
      check();
    });
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (data) => {
      stdout += data;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)?.[0];
      if (url) resolve({ child, url, stderr: () => stderr, logged });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
}

/**
 * Runs `serve` or `record` in this process, for a run that ends before it listens (help, a usage error): they write
 * to the process's own stdout and stderr, which are caught here for the call.
 */
async function inProcess(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const written = { stdout: '', stderr: '' };
  const spies = (['stdout', 'stderr'] as const).map((name) =>
    vi.spyOn(process[name], 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      written[name] += String(chunk);
      (rest.find((arg) => typeof arg === 'function') as (() => void) | undefined)?.();
      return true;
    }),
  );
  try {
    const status = await runCommandLine(args, { stdin: Readable.from([]), stdout: process.stdout, stderr: process.stderr, env: {} });
    return { status, ...written };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('sse-reconstruct serve', () => {
  test('serves the capture with the faults asked for, logs requests and clients that left, stops on SIGTERM', async () => {
    const { child, url, stderr, logged } = await start(['serve', join(dir, 'chat.sse'), '--port', '0', '--stall-after', '3', '--stall-ms', '60000', '--route', 'POST /v1/chat/completions']);
    const controller = new AbortController();
    const response = await fetch(`${url}/v1/chat/completions`, { method: 'POST', signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const wanted = FRAMES.slice(0, 3).join('');
    while (text.length < wanted.length) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toBe(wanted);
    controller.abort();
    expect((await fetch(`${url}/other`)).status).toBe(404);
    await logged(/ left after /);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(stderr()).toMatch(/POST \/v1\/chat\/completions\n/);
    expect(stderr()).toMatch(/client of POST \/v1\/chat\/completions left after \d+ ms \(\d+ bytes\)/);
  });

  test.each([
    [['serve'], /no capture given/],
    [['serve', 'x.sse', '--stall-ms', '5'], /--stall-ms goes with --stall-after N/],
    [['serve', 'x.sse', '--chunk', 'zero'], /chunk must be a number of bytes per write/],
    [['serve', 'x.sse', '--bogus'], /unknown option --bogus/],
    [['serve', 'missing.sse'], /no such capture file: missing.sse/],
    [['record', '--out', 'x.sse'], /--upstream URL is needed/],
    [['record', '--upstream', 'ftp://x', '--out', 'x.sse'], /--upstream needs an http or https URL/],
  ])('%j is a usage error (exit 2) that says what to pass', async (args, message) => {
    const run = await inProcess(args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  test('serve keeps a bounded journal (the latest requests only) and still logs every request', async () => {
    const read = new ArgumentReader(['x.sse'], [], []);
    expect(serveOptionsOf(read).journal).toBe(SERVE_JOURNAL);
    const { child, url, stderr, logged } = await start(['serve', join(dir, 'chat.sse')]);
    for (let i = 0; i < 12; i += 1) await (await fetch(`${url}/r${i}`)).text();
    await logged(/ GET \/r11\n/);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(stderr().match(/ GET \/r\d+\n/g)).toHaveLength(12);
  });

  test('serve --help lists the faults', async () => {
    const run = await inProcess(['serve', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/--stall-after N \[--stall-ms MS\]/);
  });
});

/** Sends raw request bytes (any request target) and gives the status line of the answer. */
function rawStatus(url: string, request: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (data: Buffer) => {
      text += data.toString('latin1');
      if (text.includes('\r\n')) {
        resolve(text.slice(0, text.indexOf('\r\n')));
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.write(request);
  });
}

describe('record sends requests only to the upstream, under its base path', () => {
  test.each([
    ['/v1/chat', '/api/v1/chat'],
    ['/v1/a/../chat?x=1', '/api/v1/chat?x=1'],
    ['/', '/api/'],
  ])('%s goes to %s', (target, path) => {
    const upstream = new URL('http://127.0.0.1:9/api/');
    const url = upstreamTarget(upstream, target);
    expect(url?.origin).toBe(upstream.origin);
    expect(`${url?.pathname}${url?.search}`).toBe(path);
  });

  test.each(['http://127.0.0.1:1234/x', '//127.0.0.1:1234/x', '/../x', '/v1/../../x', '/%2e%2e/x', '/..\\x', '*', 'x'])('%s is refused', (target) => {
    expect(upstreamTarget(new URL('http://127.0.0.1:9/api'), target)).toBeNull();
  });

  test('an absolute-form target, a //host path or a /../ escape gets a 400; the other host sees nothing', async () => {
    const other = await serveStream(CHAT);
    const upstream = await serveStream({ 'GET /api/*': CHAT });
    try {
      const { url, child } = await start(['record', '--upstream', `${upstream.url}/api`, '--out', join(dir, 'refused.sse')]);
      const host = `127.0.0.1:${other.port}`;
      for (const target of [`http://${host}/x`, `//${host}/x`, '/../x', '/%2e%2e/x']) {
        expect(await rawStatus(url, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer secret\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400 /);
      }
      expect(other.requests).toEqual([]);
      expect(upstream.requests).toEqual([]);
      expect(await (await fetch(`${url}/v1/chat`)).text()).toBe(CHAT);
      expect(upstream.requests.map((request) => request.path)).toEqual(['/api/v1/chat']);
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    } finally {
      await other.close();
      await upstream.close();
    }
  });

  test('--out in a folder that does not exist is a usage error at start', () => {
    const run = spawnSync(process.execPath, [...CLI_ARGS, 'record', '--upstream', 'http://127.0.0.1:9', '--out', join(dir, 'missing', 'x.sse')], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--out: the folder .*missing does not exist/);
  });
});

describe('sse-reconstruct record', () => {
  test('passes the stream through unchanged and writes a timestamped capture that replays to the same stream', async () => {
    const upstream = await serveStream({ 'POST /v1/chat/completions': CHAT }, { pace: { delayMs: 15 }, chunk: 'frame' });
    try {
      const out = join(dir, 'recorded.sse');
      const { child, url } = await start(['record', '--upstream', `${upstream.url}/`, '--out', out, '--once']);
      const response = await fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: '{"stream":true}' });
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(await response.text()).toBe(CHAT);
      expect(await exited(child)).toBe(0);
      // The upstream saw the request as the client sent it.
      expect(upstream.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { stream: true } });
      expect(upstream.requests[0]?.headers.authorization).toBe('Bearer k');
      const capture = readFileSync(out, 'utf8');
      expect(capture).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z data: /);
      const decoded = decode(capture);
      expect(decoded.timestamped).toBe(true);
      const reading = reconstruct(capture);
      expect(reading.choices).toEqual(reconstruct(CHAT).choices);
      expect(reading.verdict).toBe('complete');
      // Frames arrived 15 ms apart, and the stamps say so.
      expect(reading.timing.totalMs).toBeGreaterThanOrEqual(15 * (FRAMES.length - 1) * 0.8);
      // Served back: the same bytes, stamps off, at the recorded pace.
      await using replay = await serveStream(out);
      const started = performance.now();
      expect(await (await fetch(replay.url)).text()).toBe(CHAT);
      expect(performance.now() - started).toBeGreaterThanOrEqual((reading.timing.totalMs ?? 0) * 0.8);
    } finally {
      await upstream.close();
    }
  });

  test('a client that leaves during a stall: the log says so, the capture stamps it, and its replay stalls too', async () => {
    const upstream = await serveStream(CHAT, { stall: { afterFrames: 2 } });
    try {
      const out = join(dir, 'left.sse');
      const { child, url, stderr } = await start(['record', '--upstream', upstream.url, '--out', out, '--once']);
      const controller = new AbortController();
      const reader = (await fetch(url, { signal: controller.signal })).body!.getReader();
      let text = '';
      while (text.length < FRAMES[0]!.length + FRAMES[1]!.length) text += new TextDecoder().decode((await reader.read()).value);
      await new Promise((resolve) => setTimeout(resolve, 200));
      controller.abort();
      expect(await exited(child)).toBe(0);
      expect(stderr()).toMatch(/GET \/ → 200: \d+ bytes, the client left after \d+ ms, written to /);
      const capture = readFileSync(out, 'utf8');
      expect(capture).toMatch(/Z : sse-reconstruct record: client left\n$/);
      const script = scriptOf(capture);
      expect(scriptText(script)).toBe(FRAMES.slice(0, 2).join(''));
      expect(script.end).toEqual({ kind: 'stall', ms: Infinity });
    } finally {
      await upstream.close();
    }
  });

  test('an upstream that hangs before it ends: the capture stamps the end, and the replay waits as long', async () => {
    const upstream = await serveStream(CHAT, { stall: { afterFrames: FRAMES.length, ms: 1000 } });
    try {
      const out = join(dir, 'late-end.sse');
      const { child, url } = await start(['record', '--upstream', upstream.url, '--out', out, '--once']);
      expect(await (await fetch(url)).text()).toBe(CHAT);
      expect(await exited(child)).toBe(0);
      const capture = readFileSync(out, 'utf8');
      expect(capture).toMatch(/Z : sse-reconstruct record: upstream ended\n$/);
      const script = scriptOf(capture);
      expect(scriptText(script)).toBe(CHAT);
      // The stamps show the fault server's wait (a loaded machine may pass the last frame on late, so half of it).
      expect(script.end).toMatchObject({ kind: 'stall' });
      expect((script.end as { ms: number }).ms).toBeGreaterThanOrEqual(500);
    } finally {
      await upstream.close();
    }
  });

  test('CRLF line ends and a cut upstream are recorded as they arrived', async () => {
    const crlf = CHAT.replaceAll('\n', '\r\n');
    const upstream = await serveStream(crlf, { chunk: 7, destroy: { afterBytes: 300, how: 'reset' } });
    try {
      const out = join(dir, 'cut.sse');
      const { child, url } = await start(['record', '--upstream', upstream.url, '--out', out, '--once']);
      const failed = await fetch(url).then((response) => response.text()).then(() => null, (error: unknown) => error);
      expect(failed).toBeInstanceOf(TypeError);
      expect(await exited(child)).toBe(0);
      const capture = readFileSync(out, 'utf8');
      const unstamped = capture.replace(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z ?/gm, '');
      expect(unstamped).toBe(crlf.slice(0, 300));
    } finally {
      await upstream.close();
    }
  });
});
