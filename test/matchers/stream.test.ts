// reconstructStream(): live streams of every kind, arrival times, the read-once cache, and reads that fail.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { reconstruct, reconstructStream } from '../../src/index.js';
import '../../src/runners/vitest.js';
import { cut, tools } from './cases.cjs';

const eventStream = { 'content-type': 'text/event-stream' };
const bytes = new TextEncoder().encode(tools);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The capture as a byte stream cut at fixed sizes (UTF-8 sequences split too), counting how often it is pulled. */
function byteStream(size = 37) {
  const counter = { pulls: 0 };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulls += 1;
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return { stream, counter };
}

/** The same answer as reading the text at once; only how it arrived differs. */
function sameAnswer(live: Awaited<ReturnType<typeof reconstructStream>>, capture: string) {
  const whole = reconstruct(capture);
  expect(live.response).toEqual(whole.response);
  expect(live.findings).toEqual(whole.findings);
  expect(live.verdict).toBe(whole.verdict);
}

describe('reads every kind of live stream', () => {
  test('a fetch Response, with its HTTP facts', async () => {
    const result = await reconstructStream(new Response(tools, { headers: eventStream }));
    sameAnswer(result, tools);
    expect(result.source).toMatchObject({ kind: 'Response', status: 200, contentType: 'text/event-stream', httpProblem: null, readError: null });
  });

  test('a ReadableStream of bytes cut anywhere', async () => {
    const result = await reconstructStream(byteStream(7).stream);
    sameAnswer(result, tools);
    expect(result.source).toMatchObject({ kind: 'ReadableStream', chunks: Math.ceil(bytes.length / 7) });
  });

  test('a Node Readable (an async iterable of Buffers)', async () => {
    const chunks = [Buffer.from(tools.slice(0, 1000)), Buffer.from(tools.slice(1000))];
    const result = await reconstructStream(Readable.from(chunks));
    sameAnswer(result, tools);
    expect(result.source?.kind).toBe('AsyncIterable');
  });

  test('a promise of a Response', async () => {
    const result = await reconstructStream(Promise.resolve(new Response(tools, { headers: eventStream })));
    sameAnswer(result, tools);
  });

  test('text and bytes too, with no source', async () => {
    const result = await reconstructStream(bytes);
    sameAnswer(result, tools);
    expect(result.source).toBeNull();
  });
});

describe('arrival times', () => {
  test('each chunk is stamped as it arrives: timing and frames show the pause', async () => {
    const [head = '', rest = ''] = [cut, tools.slice(cut.length)];
    async function* slow() {
      yield head;
      await wait(120);
      yield rest;
    }
    const result = await reconstructStream(slow());
    expect(result.timing.totalMs).toBeGreaterThanOrEqual(100);
    expect(result.timing.maxIdleMs).toBeGreaterThanOrEqual(100);
    const last = result.frames[result.frames.length - 1];
    expect(last?.elapsedMs).toBeGreaterThanOrEqual(100);
    // Each frame has its own time: the first was stamped before the pause, not when the read ended.
    expect((last?.elapsedMs ?? 0) - (result.frames[0]?.elapsedMs ?? 0)).toBeGreaterThanOrEqual(100);
  });

  test('firstByteMs counts from startedAt when given', async () => {
    const startedAt = performance.now();
    async function* late() {
      await wait(60);
      yield tools;
    }
    const result = await reconstructStream(late(), { startedAt });
    expect(result.timing.firstByteMs).toBeGreaterThanOrEqual(50);
  });

  test('a real HTTP stream read through fetch', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, eventStream);
      response.write(cut);
      setTimeout(() => response.end(tools.slice(cut.length)), 250);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      const result = await reconstructStream(response);
      sameAnswer(result, tools);
      // Arrival is stamped when the body is read, which can lag the wire on a loaded machine: leave room.
      expect(result.timing.totalMs).toBeGreaterThanOrEqual(120);
      await expect(response).toArriveWithin({ firstByteMs: 5000, idleMs: 5000 });
    } finally {
      server.close();
    }
  });
});

describe('read once, by identity', () => {
  test('several matchers and calls on one stream pull it once', async () => {
    const { stream, counter } = byteStream();
    const first = await reconstructStream(stream);
    const pulls = counter.pulls;
    await expect(stream).toBeComplete();
    await expect(stream).toHaveNoFindings();
    await expect(stream).toHaveToolCall('get_stock_price');
    const again = await reconstructStream(stream);
    expect(counter.pulls).toBe(pulls);
    expect(again.response).toEqual(first.response);
  });

  test('matchers on one Response, then reconstructStream, read it once', async () => {
    const response = new Response(tools, { headers: eventStream });
    await expect(response).toBeComplete();
    await expect(response).toBeFormat('chat-completions');
    expect(response.bodyUsed).toBe(true);
    sameAnswer(await reconstructStream(response), tools);
  });

  test('a format option reads the same recording again, not the stream', async () => {
    const response = new Response(tools, { headers: eventStream });
    await expect(response).toBeComplete();
    const asAnthropic = await reconstructStream(response, { format: 'anthropic' });
    expect(asAnthropic.format).toBe('anthropic');
    expect(asAnthropic.source?.chunks).toBeGreaterThan(0);
  });
});

describe('reads that fail say so and keep what arrived', () => {
  test('a stream that errors part-way', async () => {
    let pulls = 0;
    const stream = new ReadableStream<string>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(cut);
        else controller.error(new TypeError('terminated', { cause: new Error('other side closed') }));
      },
    });
    const result = await reconstructStream(stream);
    expect(result.source?.readError).toBe('terminated (other side closed)');
    expect(result.verdict).toBe('did not finish');
    expect(result.choices[0]?.toolCalls[0]?.name).toBe('GetWeatherArgs');
  });

  test('a Response body already read elsewhere', async () => {
    const response = new Response(tools, { headers: eventStream });
    await response.text();
    const result = await reconstructStream(response);
    expect(result.source?.readError).toMatch(/already read/);
    expect(result.findings.map((finding) => finding.code)).toContain('empty');
  });

  test('a locked stream', async () => {
    const { stream } = byteStream();
    stream.getReader();
    const result = await reconstructStream(stream);
    expect(result.source?.readError).toMatch(/locked/);
  });

  test('a chunk that is neither bytes nor text', async () => {
    async function* wrong() {
      yield tools.slice(0, 100);
      yield 42;
    }
    const result = await reconstructStream(wrong() as AsyncIterable<string>);
    expect(result.source?.readError).toBe('chunk 1 is a number (42); a stream must yield bytes (Uint8Array) or text');
    expect(result.source?.chunks).toBe(1);
  });

  test('an HTTP error status and another content type are named', async () => {
    const result = await reconstructStream(new Response('{"error":"overloaded"}', { status: 529, headers: { 'content-type': 'application/json' } }));
    expect(result.source?.httpProblem).toBe(
      'The Response is not an event stream a client would read: its status is 529, not 2xx; its content type is "application/json", not text/event-stream.',
    );
  });

  test('a promise of something else rejects with what it was', async () => {
    await expect(reconstructStream(Promise.resolve(42) as unknown as Promise<Response>)).rejects.toThrow('the promise resolved to a number');
  });
});
