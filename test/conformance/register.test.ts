// relayConformance() under Vitest without `globals: true`: it finds Vitest's functions by itself, registers one test
// per route × case (skipped ones as skipped tests), and writes the matrix where `report` says once they all ran.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { relayConformance, type ConformanceMatrix } from '../../src/conformance/index.js';
import { passThrough } from './relays.js';

const folder = mkdtempSync(join(tmpdir(), 'sse-conformance-'));
const report = join(folder, 'nested', 'matrix.json');

relayConformance({
  relay: passThrough({ baseUrl: null, header: 'x-upstream-base-url' }, '/v1/chat/completions'),
  routes: [{ path: '/v1/chat/completions', from: 'chat-completions', to: 'chat-completions', upstream: 'x-upstream-base-url', name: 'pass-through' }],
  cases: ['clean: chat-completions/text', 'fault: reset', 'http: 429', 'connection:'],
  bounds: { firstContentMs: 250 },
  report,
  print: false,
});

// The file's own afterAll runs after the kit's, which wrote the report.
afterAll(() => {
  try {
    const matrix = JSON.parse(readFileSync(report, 'utf8')) as ConformanceMatrix;
    expect(matrix.cells.map((cell) => [cell.case, cell.status])).toEqual([
      ['clean: chat-completions/text', 'pass'],
      ['fault: reset', 'pass'],
      ['http: 429', 'pass'],
      ['connection: cancel', 'pass'],
      ['connection: heartbeat', 'skipped'],
    ]);
    expect(matrix.routes).toEqual([{ name: 'pass-through', path: '/v1/chat/completions', from: 'chat-completions', to: 'chat-completions' }]);
    expect(matrix.totals).toEqual({ pass: 4, fail: 0, skipped: 1 });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
