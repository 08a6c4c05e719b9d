// The built server (dist/server.cjs) under Jest: useStreamServer() finds Jest's globals, and the matchers read its streams.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { expect, test } = require('@jest/globals');
const { serveStream, useStreamServer } = require('../../dist/server.cjs');

const CHAT = readFileSync(join(__dirname, '../../fixtures/recorded/chat-completions/openai-python--text-only.sse'), 'utf8');

const server = useStreamServer({
  'POST /v1/chat/completions': CHAT,
  'POST /v1/cut': { source: CHAT, options: { destroy: { afterFrames: 4, how: 'end' } } },
});

test('useStreamServer starts the server in beforeAll: the matchers read its stream', async () => {
  const response = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: '{"stream":true}' });
  await expect(response).toBeComplete();
  expect(server.requests).toHaveLength(1);
  expect(server.requests[0].body).toEqual({ stream: true });
});

test('the journal starts empty in each test (beforeEach from the globals); a silent end is not complete', async () => {
  expect(server.requests).toEqual([]);
  const response = await fetch(`${server.url}/v1/cut`, { method: 'POST' });
  await expect(response).toHaveOutcome('dropped');
});

test('a stall forever is cut short by the client, and the server knows when', async () => {
  const stalled = await serveStream(CHAT, { stall: { afterFrames: 1 } });
  const controller = new AbortController();
  const response = await fetch(stalled.url, { signal: controller.signal });
  await response.body.getReader().read();
  controller.abort();
  const disconnect = await stalled.waitForDisconnect();
  expect(disconnect.request).toBe(0);
  await stalled[Symbol.asyncDispose]();
});
