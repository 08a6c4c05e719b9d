// `sse-reconstruct conformance REPORT.json [--html FILE]`: the kit's matrix read back, printed, and written as a page;
// exit 0 when every case passed, 1 when one failed, 2 when the report cannot be read or is not a matrix.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceCell, ConformanceMatrix, ConformanceRuleId } from '../../src/conformance/index.js';
import { ensurePage } from '../web/browser.js';
import { CLI_ARGS } from './cli-command.js';
import { runInProcess } from './in-process.js';

const ROUTE = 'anthropic → chat-completions /v1/chat/completions';
const RULES: ConformanceMatrix['rules'] = [
  { id: 'relays-clean-stream', title: 'a clean stream comes out with the same answer', reason: 'a relay that changes a healthy stream breaks every client behind it' },
  { id: 'never-looks-whole', title: 'a failed upstream never ends as a whole answer', reason: 'an end marker after a failure keeps a broken answer' },
  { id: 'sends-heartbeats', title: 'a heartbeat while upstream is silent', reason: 'proxies drop idle connections' },
];

function cell(name: string, rule: ConformanceRuleId, status: ConformanceCell['status'], why: string, details?: ConformanceCell['details']): ConformanceCell {
  return { route: ROUTE, case: name, rule, reason: RULES.find((entry) => entry.id === rule)?.reason ?? '', status, why, durationMs: 12, ...(details ? { details } : {}) };
}

const DOWNSTREAM_BYTES = 'data: {"choices":[{"index":0,"delta":{"content":"The cap"}}]}\n\ndata: [DONE]\n\n<script>alert(1)</script>';

/** A matrix as the kit writes it (its own type, so a change to the kit's shape shows here): two clean cases pass, a cut fails with its details, the heartbeat is skipped. */
function matrix(failing: boolean): ConformanceMatrix {
  const cells = [
    cell('clean: anthropic/text', 'relays-clean-stream', 'pass', 'the same answer, flushed'),
    cell('clean: anthropic/tool-call', 'relays-clean-stream', 'pass', 'the same answer, flushed'),
    failing
      ? cell('fault: cut mid-text', 'never-looks-whole', 'fail', 'upstream was cut and the downstream ends as a finished answer (failure hidden)', {
          differences: [{ code: 'failure hidden', severity: 'error', path: 'failure', message: 'upstream failed and downstream looks whole' }],
          upstream: { summary: 'anthropic · did not finish · cut', findings: [{ code: 'no end', severity: 'error', message: 'the stream ended without message_stop', line: 9 }], findingsLeft: 0 },
          downstream: { status: 200, headers: { 'content-type': 'text/event-stream' }, text: DOWNSTREAM_BYTES, byteLength: 120, truncated: false, summary: 'chat-completions · complete · ok', findings: [], findingsLeft: 0 },
        })
      : cell('fault: cut mid-text', 'never-looks-whole', 'pass', 'no end marker after the cut'),
    cell('connection: heartbeat', 'sends-heartbeats', 'skipped', 'the route sets no heartbeat'),
  ];
  const totals = { pass: cells.filter((c) => c.status === 'pass').length, fail: cells.filter((c) => c.status === 'fail').length, skipped: 1 };
  return { version: 1, startedAt: '2026-12-02T04:00:00.000Z', durationMs: 2345, routes: [{ name: ROUTE, path: '/v1/chat/completions', from: 'anthropic', to: 'chat-completions' }], rules: RULES, cells, totals };
}

let dir = '';
const file = (name: string) => join(dir, name);

beforeAll(() => {
  ensurePage();
  dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-conformance-cli-'));
  writeFileSync(file('passing.json'), JSON.stringify(matrix(false)));
  writeFileSync(file('failing.json'), JSON.stringify(matrix(true)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sse-reconstruct conformance REPORT.json', () => {
  it('prints each route’s rules and exits 0 when every case passed (a skipped case does not fail)', async () => {
    const run = await runInProcess(['conformance', file('passing.json')]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Relay conformance: 1 route, 4 cells: 3 pass, 0 fail, 1 skipped in 2.3 s');
    expect(run.stdout).toMatch(/relays-clean-stream\s+2\s+0\s+0/);
    expect(run.stdout).toMatch(/skip {2}connection: heartbeat \(sends-heartbeats\): the route sets no heartbeat/);
    expect(run.stdout).toContain('Every case passes (1 skipped).');
  });

  it('exits 1 on a failing cell and says which rule, which case and why, with the difference', async () => {
    const run = await runInProcess(['conformance', file('failing.json')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/never-looks-whole\s+0\s+1\s+0/);
    expect(run.stdout).toContain('FAIL  fault: cut mid-text (never-looks-whole): upstream was cut and the downstream ends as a finished answer (failure hidden)');
    expect(run.stdout).toContain('difference: failure hidden at failure');
    expect(run.stdout).toContain('Breaks 1 rule: never-looks-whole (1 failing cell).');
  });

  it('reads the report from stdin with -', async () => {
    const run = await runInProcess(['conformance', '-'], { input: JSON.stringify(matrix(true)) });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('FAIL  fault: cut mid-text');
  });

  it('exits 2, saying what to pass, on a report it cannot use', async () => {
    writeFileSync(file('not-json.json'), '{"cells": [');
    writeFileSync(file('no-cells.json'), JSON.stringify({ routes: [] }));
    writeFileSync(file('bad-status.json'), JSON.stringify({ cells: [{ route: 'r', case: 'c', rule: 'x', status: 'passed', why: '' }] }));
    const cases: Array<[string[], RegExp]> = [
      [['conformance', file('missing.json')], /no such file: .*missing\.json; pass the JSON report a conformance run wrote/],
      [['conformance', dir], /is a directory/],
      [['conformance', file('not-json.json')], /is not JSON/],
      [['conformance', file('no-cells.json')], /is not a conformance matrix: it has no "cells" array/],
      [['conformance', file('bad-status.json')], /cells\[0\] has the status "passed"; a cell's status is pass, fail or skipped/],
      [['conformance'], /takes one report.*received 0/],
      [['conformance', file('passing.json'), file('failing.json')], /received 2/],
      [['conformance', file('passing.json'), '--colour'], /unknown option --colour/],
      [['conformance', file('passing.json'), '--html'], /--html needs a value/],
    ];
    for (const [args, message] of cases) {
      const run = await runInProcess(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });

  it('--help gives the usage, the options and the exit statuses', async () => {
    const run = await runInProcess(['conformance', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: sse-reconstruct conformance REPORT.json [--html FILE]');
    expect(run.stdout).toMatch(/1 {2}a case failed/);
    expect((await runInProcess(['--help'])).stdout).toContain('sse-reconstruct conformance REPORT.json');
  });
});

describe('conformance --html FILE', () => {
  it('writes one self-contained page: the rules by route, the grid, and each failing cell with what shows it', async () => {
    // As a process: the page's stylesheet is found beside the running CLI, as a user's install finds it.
    const run = spawnSync(process.execPath, [...CLI_ARGS, 'conformance', file('failing.json'), '--html', file('matrix.html')], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain('wrote the page with the matrix to');
    const page = readFileSync(file('matrix.html'), 'utf8');
    expect(page).toContain("default-src 'none'");
    expect(page.replaceAll('<script>alert(1)', '')).not.toMatch(/<script/i);
    // The relay's bytes are shown, escaped: nothing from the wire runs.
    expect(page).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toMatch(/<tr data-rule="never-looks-whole">.*status-fail">1 of 1 fail</);
    expect(page).toMatch(/<td class="cell status-fail" title="[^"]*"><a href="#cell-3">fail<\/a><\/td>/);
    expect(page).toMatch(/<details class="failing-cell" id="cell-3" open>/);
    expect(page).toContain('<code>failure hidden</code> at <code>failure</code>');
    expect(page).toContain('<code>no end</code> line 9');
    expect(page).toContain('status-skipped');
    expect(page).toContain('--bad:'); // the report page's palette
  });

  it('says so, exit 2, when the page cannot be written', () => {
    const run = spawnSync(process.execPath, [...CLI_ARGS, 'conformance', file('passing.json'), '--html', join(dir, 'no-such-folder', 'page.html')], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/cannot write the page to .*no-such-folder.*\(ENOENT\); pass a file in a folder that exists/);
  });
});
