// The conformance kit against relays written here: a pass-through relay passes every case, and each broken variant
// fails exactly the cells its defect breaks; a translating relay (Anthropic in, Chat Completions out) too. The kit
// reaches a relay as a handler, a Node server it starts, and a URL.
import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runRelayConformance, type ConformanceMatrix, type ConformanceOptions, type ConformanceRoute } from '../../src/conformance/index.js';
import { SseReconstructError } from '../../src/core/index.js';
import { anthropicToChat, passThrough, type Defect, type RelayHandler } from './relays.js';

const HEADER = 'x-upstream-base-url';
/** Short bounds: the relays answer at once on loopback. */
const FAST = { bounds: { firstContentMs: 300, cancelMs: 1000, idleMs: 600 }, concurrency: 6 } as const;

function chatRoute(extra: Partial<ConformanceRoute> = {}): ConformanceRoute {
  return { path: '/v1/chat/completions', from: 'chat-completions', to: 'chat-completions', upstream: HEADER, ...extra };
}

function relayOf(defect: Defect): RelayHandler {
  return passThrough({ baseUrl: null, header: HEADER }, '/v1/chat/completions', defect);
}

function run(relay: ConformanceOptions['relay'], options: Partial<ConformanceOptions> = {}): Promise<ConformanceMatrix> {
  return runRelayConformance({ relay, routes: [chatRoute()], ...FAST, ...options });
}

const failing = (matrix: ConformanceMatrix) => matrix.cells.filter((cell) => cell.status === 'fail').map((cell) => cell.case);
/** The failing cells with their why, for a message that says what went wrong. */
const failures = (matrix: ConformanceMatrix) => matrix.cells.filter((cell) => cell.status === 'fail').map((cell) => `${cell.case}: ${cell.why}`);
const statuses = (matrix: ConformanceMatrix) => Object.fromEntries(matrix.cells.map((cell) => [cell.case, cell.status]));

describe('a relay that passes the stream through as it comes', () => {
  it('passes every case; the heartbeat case is skipped, as the route does not say it sends them', async () => {
    // Looser on time than the other tests: this run is long, and a machine busy with other test files can starve
    // its event loop for seconds (the rule on time is checked against a buffering relay below).
    const matrix = await run(relayOf('none'), { bounds: { ...FAST.bounds, firstContentMs: 700 } });
    expect(failures(matrix)).toEqual([]);
    expect(matrix.cells.filter((cell) => cell.status === 'skipped').map((cell) => [cell.case, cell.why])).toEqual([['connection: heartbeat', 'the route does not say it sends heartbeats (set `heartbeat` on it)']]);
    expect(matrix.totals.pass).toBe(matrix.cells.length - 1);
    // Every fixture of the format is a case, and each cell names its rule and reason.
    expect(matrix.cells.filter((cell) => cell.case.startsWith('clean: ')).length).toBe(9);
    for (const cell of matrix.cells) expect(matrix.rules.find((rule) => rule.id === cell.rule)?.reason).toBe(cell.reason);
    expect(JSON.parse(JSON.stringify(matrix))).toEqual(matrix);
  });
});

describe('broken relays fail exactly their cells', () => {
  it('no cancel on disconnect: only the cancel case fails, from the fault server journal', async () => {
    const matrix = await run(relayOf('no-cancel'), { cases: ['connection:', 'fault:'] });
    expect(failing(matrix)).toEqual(['connection: cancel']);
    expect(matrix.cells.find((cell) => cell.case === 'connection: cancel')?.why).toMatch(/kept its upstream request open 1000 ms after its client left/);
  });

  it('[DONE] written after an upstream reset: the reset reads as a finished answer', async () => {
    const matrix = await run(relayOf('done-after-cut'), { cases: ['fault:'] });
    expect(failing(matrix)).toEqual(['fault: reset']);
    const cell = matrix.cells.find((entry) => entry.case === 'fault: reset');
    expect(cell?.why).toMatch(/failure hidden/);
    expect(cell?.details?.differences?.map((difference) => difference.code)).toContain('failure hidden');
    expect(cell?.details?.downstream?.text).toMatch(/data: \[DONE\]\n\n$/);
  });

  it('an empty 200 on a comment line: only the comments case fails, with the bytes that came', async () => {
    const matrix = await run(relayOf('empty-200-on-comment'), { cases: ['framing:'] });
    expect(failing(matrix)).toEqual(['framing: comments']);
    const downstream = matrix.cells.find((cell) => cell.case === 'framing: comments')?.details?.downstream;
    expect(downstream).toMatchObject({ status: 200, byteLength: 0, text: '', truncated: false });
  });

  it('an upstream HTTP error answered as a 200 stream: the three HTTP cases fail', async () => {
    const matrix = await run(relayOf('ok-on-http-error'), { cases: ['http:'] });
    expect(failing(matrix)).toEqual(['http: 429', 'http: 500', 'http: 529']);
    expect(matrix.cells[0]?.why).toBe("the relay answered 200: upstream's 429 is hidden behind a success");
  });

  it('a stream buffered whole: clean and framing cases fail on their first content; faults still pass', async () => {
    const matrix = await run(relayOf('buffer-whole'), { cases: ['clean: chat-completions/text', 'framing: CRLF', 'fault: silent close'] });
    expect(statuses(matrix)).toEqual({ 'clean: chat-completions/text': 'fail', 'framing: CRLF': 'fail', 'fault: silent close': 'pass' });
    expect(matrix.cells[0]?.why).toMatch(/the first content came \d+ ms after upstream sent it \(the bound is 300 ms\), \d+ ms before the end: the relay holds pieces back/);
    expect(matrix.cells[0]?.details?.timings?.downstreamFirstContentMs).toBeGreaterThan(800);
  });
});

/** A pass-through relay that writes a comment every `everyMs` while upstream sends nothing. */
function heartbeating(everyMs: number): RelayHandler {
  const inner = relayOf('none');
  return async (request: Request) => {
    const response = await inner(request);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let timer: NodeJS.Timeout | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        timer = setInterval(() => controller.enqueue(new TextEncoder().encode(': ping\n\n')), everyMs);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        clearInterval(timer);
        controller.close();
      },
      cancel: (reason) => {
        clearInterval(timer);
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

describe('heartbeats', () => {
  it('pass when the relay writes during upstream silence, fail when it does not', async () => {
    // A comment every 100 ms against a bound of 300 (450 with the slack): room for a busy event loop.
    const routes = [chatRoute({ heartbeat: 300 })];
    const beating = await run(heartbeating(100), { routes, cases: ['connection: heartbeat'] });
    expect(statuses(beating)).toEqual({ 'connection: heartbeat': 'pass' });
    const quiet = await run(relayOf('none'), { routes, cases: ['connection: heartbeat'] });
    expect(statuses(quiet)).toEqual({ 'connection: heartbeat': 'fail' });
    expect(quiet.cells[0]?.why).toMatch(/the relay wrote nothing for \d+ ms while upstream was silent for 800 ms \(a heartbeat was due every 300 ms\)/);
  });
});

describe('a translating relay: Anthropic Messages in, Chat Completions out', () => {
  const place = { baseUrl: null as string | null, header: null };
  const route: ConformanceRoute = {
    path: '/v1/chat/completions',
    from: 'anthropic',
    to: 'chat-completions',
    upstream: (baseUrl) => {
      place.baseUrl = baseUrl;
    },
    compare: { ignore: ['choices.*.reasoning', 'choices.*.signatures'] },
  };
  const cases = ['clean: anthropic/text', 'clean: anthropic/tool-call', 'clean: anthropic/error-mid-stream', 'fault:', 'framing: UTF-8 split', 'connection: cancel'];

  it('passes what it translates, its upstream found by the prompt mark through one shared base URL', async () => {
    const matrix = await runRelayConformance({ relay: anthropicToChat(place), routes: [route], cases, ...FAST });
    expect(failures(matrix)).toEqual([]);
    expect(matrix.cells).toHaveLength(11);
  });

  it('dropping the first characters in translation fails the clean and framing cases with the difference', async () => {
    const matrix = await runRelayConformance({ relay: anthropicToChat(place, 'drop-first-characters'), routes: [route], cases, ...FAST });
    expect(failing(matrix)).toEqual(['clean: anthropic/text', 'framing: UTF-8 split']);
    expect(matrix.cells[0]?.details?.differences?.[0]).toMatchObject({ code: 'text dropped at start', path: 'choices[0].text' });
    expect(matrix.cells[0]?.details?.upstream?.summary).toMatch(/^anthropic · complete/);
  });
});

function nodeServer(handler: RelayHandler): Server {
  return createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const controller = new AbortController();
    response.on('close', () => controller.abort());
    const asked = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const answer = await handler(new Request(`http://relay${request.url ?? '/'}`, { method: request.method ?? 'POST', headers: asked, body: Buffer.concat(chunks), signal: controller.signal }));
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      headers[name] = value;
    });
    response.writeHead(answer.status, headers);
    const reader = answer.body?.getReader();
    try {
      for (let read = await reader?.read(); read !== undefined && !read.done; read = await reader?.read()) response.write(read.value);
      response.end();
    } catch {
      response.destroy();
    }
  });
}

describe('the relay as a Node server or a URL', () => {
  const cases = ['clean: chat-completions/text', 'fault: reset', 'connection: cancel'];

  it('starts a server that is not listening on 127.0.0.1, and closes it at the end', async () => {
    const server = nodeServer(relayOf('none'));
    const matrix = await run(server, { cases });
    expect(failing(matrix)).toEqual([]);
    expect(server.listening).toBe(false);
  });

  it('reaches a listening server by its URL, and leaves it running', async () => {
    const server = nodeServer(relayOf('none'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const byUrl = await run(`http://127.0.0.1:${port}/`, { cases });
      expect(failing(byUrl)).toEqual([]);
      expect(server.listening).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('misuse', () => {
  it.each([
    [{ routes: [chatRoute()] }, /relay must be a base URL/],
    [{ relay: relayOf('none'), routes: [] }, /routes must be a non-empty array/],
    [{ relay: relayOf('none'), routes: [chatRoute({ from: 'anthropics' as never })] }, /routes\[0\]\.from must be one of/],
    [{ relay: relayOf('none'), routes: [chatRoute({ upstream: 42 as never })] }, /routes\[0\]\.upstream must be a callback/],
    [{ relay: relayOf('none'), routes: [chatRoute()], bounds: { cancelMs: -1 } }, /bounds\.cancelMs must be a number of milliseconds/],
    [{ relay: relayOf('none'), routes: [chatRoute()], concurency: 2 }, /"concurency" is not an option/],
    [{ relay: relayOf('none'), routes: [chatRoute()], cases: ['nothing like it'] }, /leaves no case to run/],
  ])('%# throws an SseReconstructError that says what to pass', async (options, message) => {
    const error = await runRelayConformance(options as unknown as ConformanceOptions).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SseReconstructError);
    expect((error as Error).message).toMatch(message);
  });
});
