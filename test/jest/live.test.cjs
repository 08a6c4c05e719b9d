// Live streams under Jest, with the built package: configure() for this file, a hung gateway fails toBeComplete()
// within the deadline (the server sees the connection closed), toBeEventStream(), and source.text().
const { createServer } = require('node:http');
const { afterAll, beforeAll, expect, test } = require('@jest/globals');
const { configure } = require('sse-reconstruct/jest');
const { reconstructStream } = require('sse-reconstruct');

const role = 'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}\n\n';
const finish = 'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
const sse = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };

let server;
let base;
let hungClosed;
const previous = configure({ deadlines: { firstContentMs: 1000, idleMs: 1000, totalMs: 5000 } }); // room for a loaded machine's late reads

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/hung') {
      hungClosed = new Promise((resolve) => response.on('close', resolve));
      response.writeHead(200, sse);
      response.write(role);
      return;
    }
    response.writeHead(200, request.url === '/plain' ? { 'content-type': 'text/plain' } : sse);
    response.end(role + finish);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

afterAll(async () => {
  configure(previous);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a hung gateway fails toBeComplete() as stalled within the deadline, and the connection is closed', async () => {
  const res = await fetch(`${base}/hung`);
  await expect(expect(res).toBeComplete()).rejects.toThrow(/outcome "stalled"[\s\S]*stalled \(error\): No content came for (?:1 s|1\d{3} ms)/);
  await hungClosed;
});

test('toBeEventStream() passes on an event stream and says what to set on another', async () => {
  await expect(fetch(`${base}/ok`)).toBeEventStream();
  await expect(expect(fetch(`${base}/plain`)).toBeEventStream()).rejects.toThrow(/set `content-type: text\/event-stream`/);
  await expect(expect(fetch(`${base}/plain`)).toHaveNoFindings()).rejects.toThrow(/content type \(warning\)/);
});

test('source.text() gives the body back after the matchers read it', async () => {
  const res = await fetch(`${base}/ok`);
  await expect(res).toBeComplete();
  const result = await reconstructStream(res);
  expect(result.source.text()).toBe(role + finish);
  expect(result.trace).toMatchObject({ status: 200, events: 3, terminalSeen: true, stopReason: 'stop', outcome: 'ok' });
});
