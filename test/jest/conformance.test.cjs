// The built conformance kit (dist/conformance.cjs) under Jest: relayConformance() finds Jest's globals, registers
// one concurrent test per case (the kit starts before the first, even though Jest starts concurrent tests early),
// and writes the matrix where `report` says.
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { afterAll, expect } = require('@jest/globals');
const { relayConformance } = require('../../dist/conformance.cjs');

const SSE = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };

/** A relay that passes the upstream's stream through as it comes, cancelling upstream when its client leaves. */
async function passThrough(request) {
  const upstream = await fetch(`${request.headers.get('x-upstream-base-url')}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await request.text(),
    signal: request.signal,
  });
  if (!upstream.ok) return new Response(await upstream.text(), { status: upstream.status, headers: { 'content-type': 'application/json' } });
  return new Response(upstream.body, { status: 200, headers: SSE });
}

const folder = mkdtempSync(join(tmpdir(), 'sse-conformance-jest-'));
const report = join(folder, 'matrix.json');

relayConformance({
  relay: passThrough,
  routes: [{ path: '/v1/chat/completions', from: 'chat-completions', to: 'chat-completions', upstream: 'x-upstream-base-url' }],
  cases: ['clean: chat-completions/text', 'clean: chat-completions/tool-call', 'fault:', 'http: 500', 'framing: CRLF', 'connection:'],
  bounds: { firstContentMs: 250 },
  report,
  print: false,
});

afterAll(() => {
  try {
    const matrix = JSON.parse(readFileSync(report, 'utf8'));
    expect(matrix.totals).toEqual({ pass: 11, fail: 0, skipped: 1 });
    expect(matrix.cells.find((cell) => cell.status === 'skipped').case).toBe('connection: heartbeat');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
