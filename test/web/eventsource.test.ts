// The inspector against Chromium's EventSource: the same streams served over HTTP, what the browser dispatches and
// the Last-Event-ID it reconnects with, beside what inspect() says a spec client does (issue 20 items 15-17).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect } from '../../src/index.js';
import { browserMissing, launch, type Browser } from './browser.js';

const missing = browserMissing();
if (missing !== null) console.warn(`test/web/eventsource.test.ts skipped: ${missing}`);

/**
 * What each stream's body is. `retry: 1` makes the browser reconnect at once (a stamped capture waits its default
 * delay, to stay stamped on every line); every reconnection is answered 204, which closes the source for good.
 */
const STREAMS: Record<string, string> = {
  'large-frame': `retry: 1\n\ndata: ${'x'.repeat(1_100_000)}\n\ndata: 2\n\n`,
  'one-stamped-line': '12:00:00 data: a\n12:00:01\ndata: b\n\nretry: 1\n\n',
  'stamped-capture': '12:00:00 data: a\n12:00:00\n12:00:01 data: b\n12:00:01\n',
  'id-not-dispatched': 'retry: 1\n\nid: 1\ndata: a\n\nid: 2\ndata: b',
  'id-alone': 'retry: 1\n\ndata: a\n\nid: 3\n\n',
  'typed-last-event-unended': 'retry: 1\n\ndata: a\n\nevent: x\ndata: b',
};
const TYPES = ['message', 'x'];

interface Seen {
  events: Array<{ type: string; data: string; lastEventId: string }>;
  lastEventIdHeader: string | null;
}

describe.skipIf(missing !== null)("inspect() and Chromium's EventSource", () => {
  let browser: Browser;
  let server: Server;
  let origin = '';
  const served = new Set<string>();
  /** The Last-Event-ID header of each stream's reconnection (null: none sent). */
  const reconnects = new Map<string, string | null>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const name = decodeURIComponent((request.url ?? '/').slice(1));
      const body = STREAMS[name];
      if (body === undefined) return void response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>es</title>');
      if (served.has(name)) {
        reconnects.set(name, (request.headers['last-event-id'] as string | undefined) ?? null);
        return void response.writeHead(204).end();
      }
      served.add(name);
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launch();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  async function seen(name: string): Promise<Seen> {
    const page = await browser.context.newPage();
    await page.goto(`${origin}/`);
    const events = await page.evaluate(
      ({ url, types }) =>
        new Promise<Seen['events']>((resolve) => {
          const got: Seen['events'] = [];
          const source = new EventSource(url);
          for (const type of types) source.addEventListener(type, (event) => got.push({ type, data: (event as MessageEvent).data, lastEventId: (event as MessageEvent).lastEventId }));
          // The reconnection is answered 204, which closes the source for good.
          source.onerror = () => {
            if (source.readyState === EventSource.CLOSED) resolve(got);
          };
        }),
      { url: `${origin}/${encodeURIComponent(name)}`, types: TYPES },
    );
    await page.close();
    return { events, lastEventIdHeader: reconnects.get(name) ?? null };
  }

  it.each(Object.keys(STREAMS))('%s: the events it dispatches, and the id it reconnects with', async (name) => {
    const browserSaw = await seen(name);
    const inspection = inspect(STREAMS[name] as string);
    const dispatched = inspection.events.filter((event) => event.dispatched).map((event) => ({ type: event.event, data: event.data, lastEventId: event.id }));
    expect(dispatched).toEqual(browserSaw.events);
    expect(inspection.stats.lastEventId).toBe(browserSaw.lastEventIdHeader);
    expect(inspection.stats.eventTypes).toEqual([...new Set(browserSaw.events.map((event) => event.type))]);
    expect(inspection.stopped).toBe(false);
  });
});
