// Limits and deadlines that must hold whatever the stream does: a read cut by a deadline fails that limit (never
// "arrived exactly at the limit"), the wait for headers is bounded by the deadlines and the signal, and a first-byte
// finding says whether the headers or the body were late. No test here times anything: each asserts the verdict,
// the finding and the message.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reconstructStream } from '../../../src/index.js';
import { configure } from '../../../src/runners/vitest.js';
import { chat, scripted } from './helpers.js';

const stalled = (result: { findings: Array<{ code: string; message: string }> }) => result.findings.find((finding) => finding.code === 'stalled');
const codes = (result: { findingCounts: object }) => Object.keys(result.findingCounts);

/** The error a rejected matcher threw. */
async function failureOf(promise: unknown): Promise<Error & { actual?: unknown; expected?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the matcher passed');
}

/** Content every `everyMs`, forever (until cancelled). */
function endless(everyMs: number): ReadableStream<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sent = 0;
  return new ReadableStream<string>({
    start: (controller) => controller.enqueue(chat.role),
    pull: (controller) =>
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          controller.enqueue(chat.delta(`piece ${(sent += 1)} `));
          resolve();
        }, everyMs);
      }),
    cancel: () => clearTimeout(timer),
  });
}

describe('a read cut by a deadline fails its limit, always', () => {
  test('content, then a hang: idleMs fails, saying it never arrived, and the diff shows the difference', async () => {
    const source = scripted([chat.role, chat.delta('Hel'), 'hang']);
    const error = await failureOf(expect(source.stream).toArriveWithin({ idleMs: 80 }));
    expect(error.message).toMatch(/never arrived/);
    expect(error.message).toMatch(/idleMs/);
    expect(error.actual).not.toEqual(error.expected);
    expect(source.cancelled).not.toBeNull();
  });

  test('content that never stops: totalMs fails at its deadline', async () => {
    const error = await failureOf(expect(endless(10)).toArriveWithin({ totalMs: 120 }));
    expect(error.message).toMatch(/never arrived/);
    expect(error.actual).not.toEqual(error.expected);
  });

  test('cut by another deadline: a totalMs limit fails too, the stream never arrived whole', async () => {
    const stream = scripted([chat.role, chat.delta('Hel'), 'hang']).stream;
    await reconstructStream(stream, { deadlines: { idleMs: 60 } });
    const error = await failureOf(expect(stream).toArriveWithin({ totalMs: 60_000 }));
    expect(error.message).toMatch(/never arrived/);
  });

  test('the trace names what stopped the read', async () => {
    const result = await reconstructStream(scripted([chat.role, chat.delta('Hel'), 'hang']).stream, { deadlines: { idleMs: 60 } });
    expect(result.trace?.stoppedBy).toBe('idleMs');
    const controller = new AbortController();
    controller.abort('enough');
    const aborted = await reconstructStream(scripted(['hang']).stream, { signal: controller.signal });
    expect(aborted.trace?.stoppedBy).toBe('signal');
    const whole = await reconstructStream(scripted([chat.role, chat.finish, chat.done]).stream);
    expect(whole.trace?.stoppedBy).toBeNull();
  });
});

describe('a promise of a Response: the wait for headers has the deadlines and the signal', () => {
  let server: Server;
  let base = '';
  const open = new Set<ServerResponse>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      open.add(response);
      response.on('close', () => open.delete(response));
      if (request.url === '/headers-only') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.flushHeaders();
      }
      // '/silent': no status line, no headers, ever.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('no headers within firstByteMs: stalled, the message says the headers never came, no `empty`', async () => {
    const result = await reconstructStream(fetch(`${base}/silent`), { deadlines: { firstByteMs: 80 } });
    expect(result.outcome).toBe('stalled');
    expect(result.verdict).toBe('did not finish');
    expect(codes(result)).not.toContain('empty');
    expect(stalled(result)?.message).toMatch(/^No response came within 80 ms of the moment reading began \(deadline firstByteMs\): not even the status line and headers\./);
    expect(result.trace?.stoppedBy).toBe('firstByteMs');
    expect(result.trace?.status).toBeNull();
  });

  test('headers, then no body: the message says the body was late, not that no byte came', async () => {
    // The promise is handed over once its headers are in (a settled promise of a Response), so the reader finds the
    // headers at once, whatever the machine's load: a fetch still waiting on a busy machine would meet the deadline first.
    const headersIn = await fetch(`${base}/headers-only`);
    const result = await reconstructStream(Promise.resolve(headersIn), { deadlines: { firstByteMs: 150 } });
    expect(result.outcome).toBe('stalled');
    expect(codes(result)).not.toContain('empty');
    const message = stalled(result)?.message ?? '';
    expect(message).toMatch(/^The response headers came \(status 200\), but no byte of the body arrived within 150 ms of the moment reading began \(deadline firstByteMs\)\./);
    expect(message).not.toMatch(/Not one byte came/);
    expect(result.trace?.status).toBe(200);
  });

  test('the matcher: expect(fetch(url)).toArriveWithin({ firstByteMs }) fails at the limit, with startedAt accepted', async () => {
    const startedAt = performance.now();
    const error = await failureOf(expect(fetch(`${base}/silent`)).toArriveWithin({ firstByteMs: 80, startedAt }));
    expect(error.message).toMatch(/first byte/);
    expect(error.message).toMatch(/never arrived|no first byte/);
    expect(error.message).not.toMatch(/Matcher error/);
  });

  test('the signal ends the wait for headers', async () => {
    const controller = new AbortController();
    const reading = reconstructStream(fetch(`${base}/silent`), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('the test gave up')), 30);
    const result = await reading;
    expect(result.outcome).toBe('stalled');
    expect(stalled(result)?.message).toMatch(/^The signal ended the read \d+ ms after reading began: the test gave up\./);
    expect(stalled(result)?.message).toMatch(/no response came/i);
  });

  test('a signal already aborted: no wait at all', async () => {
    const result = await reconstructStream(fetch(`${base}/silent`), { signal: AbortSignal.abort('not today') });
    expect(result.outcome).toBe('stalled');
    expect(result.trace?.stoppedBy).toBe('signal');
  });
});

describe('configure({ deadlines }) governs reconstructStream() too', () => {
  test('the configured deadline stops a read that names none, and a partial deadlines object keeps the others', async () => {
    const previous = configure({ deadlines: { firstByteMs: 60, totalMs: 60_000 } });
    try {
      const plain = await reconstructStream(scripted(['hang']).stream);
      expect(plain.outcome).toBe('stalled');
      expect(plain.trace?.stoppedBy).toBe('firstByteMs');
      const partial = await reconstructStream(scripted(['hang']).stream, { deadlines: { idleMs: 5000 } });
      expect(partial.trace?.stoppedBy).toBe('firstByteMs');
      const overridden = await reconstructStream(scripted([chat.role, 'hang']).stream, { deadlines: { firstContentMs: 40 } });
      expect(overridden.trace?.stoppedBy).toBe('firstContentMs');
    } finally {
      configure(previous);
    }
  });
});
