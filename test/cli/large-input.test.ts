// Item 40 of issue 20: an endless input stops at the held bound and is reported; --html refuses a capture past the
// size a page holds (exit 2, saying so) without reading it whole. The inputs are generated streams, not files on disk
// (one sparse file, which takes no space).
import { existsSync, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_CAPTURE_LIMIT } from '../../src/cli/main.js';
import { runInProcess } from './in-process.js';

const MiB = 1024 * 1024;

/** Zero bytes for ever, as /dev/zero gives them; `pulled` counts the chunks taken. */
function zeros(): { stream: Readable; pulled: () => number } {
  let count = 0;
  const chunk = Buffer.alloc(64 * 1024);
  const stream = new Readable({
    read() {
      count += 1;
      this.push(chunk);
    },
  });
  return { stream, pulled: () => count };
}

/** `total` bytes of small complete frames, made as they are read. */
function frames(total: number): { stream: Readable; pulled: () => number } {
  const frame = 'data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n';
  const chunk = Buffer.from(frame.repeat(Math.floor(MiB / frame.length)));
  let sent = 0;
  let count = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      count += 1;
      sent += chunk.byteLength;
      this.push(chunk);
    },
  });
  return { stream, pulled: () => count };
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-cli-large-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an endless input (issue 20, item 40)', () => {
  it('stops at the held bound, reports `too large` and exits 1, having read little past the bound', async () => {
    const input = zeros();
    const run = await runInProcess(['--json', '-'], { input: input.stream });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).findingCounts).toMatchObject({ 'too large': 1 });
    expect(run.stderr).toContain('stopped reading stdin at the held bound (1048576 characters without a blank line, --max-held-chars)');
    expect(input.pulled()).toBeLessThan(40); // 1 MiB is 16 chunks of 64 KiB; the stream's read-ahead adds a few
  });

  it('--inspect stops there too: the CLI keeps the held bound that inspect() leaves off, and says where it stopped', async () => {
    const input = zeros();
    const run = await runInProcess(['--inspect', '--json', '-'], { input: input.stream });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).problemCounts).toMatchObject({ 'too large': 1 });
    expect(run.stderr).toContain('stopped reading stdin at the held bound');
    expect(input.pulled()).toBeLessThan(40);
  });

  it('stops at a bound given with --max-held-chars, in the text report too', async () => {
    const input = zeros();
    const run = await runInProcess(['--max-held-chars', '100000', '-'], { input: input.stream });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('too large');
    expect(run.stderr).toContain('(100000 characters without a blank line');
  });

  it.runIf(existsSync('/dev/zero'))('ends on /dev/zero itself', async () => {
    const run = await runInProcess(['/dev/zero', '--json']);
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).findingCounts).toMatchObject({ 'too large': 1 });
    expect(run.stderr).toContain('stopped reading /dev/zero at the held bound');
  });
});

describe('--html and a capture past the page limit (issue 20, item 40)', () => {
  it('states a limit of 64 MiB', () => {
    expect(HTML_CAPTURE_LIMIT).toBe(64 * MiB);
  });

  it('refuses a piped capture past it with exit 2 and a clear message, without reading the rest', async () => {
    const input = frames(HTML_CAPTURE_LIMIT + 8 * MiB);
    const page = join(dir, 'piped.html');
    const run = await runInProcess(['-', '--html', page], { input: input.stream });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('the page (--html, --open) holds the capture whole, up to 64 MiB (67108864 bytes), and the capture on stdin is larger');
    expect(run.stdout).toBe('');
    expect(existsSync(page)).toBe(false);
    expect(input.pulled()).toBeLessThanOrEqual(66);
  });

  it('refuses a file past it before reading it (a sparse file of zeros)', async () => {
    const capture = join(dir, 'large.sse');
    writeFileSync(capture, '');
    truncateSync(capture, HTML_CAPTURE_LIMIT + 1);
    expect(statSync(capture).size).toBe(HTML_CAPTURE_LIMIT + 1);
    const page = join(dir, 'file.html');
    const run = await runInProcess([capture, '--html', page]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`up to 64 MiB (67108864 bytes), and ${capture} is larger: run without --html`);
    expect(existsSync(page)).toBe(false);
  });

  it('an endless input with --html stops at the limit too', async () => {
    const input = zeros();
    const run = await runInProcess(['-', '--html', join(dir, 'endless.html')], { input: input.stream });
    expect(run.status).toBe(2);
    expect(input.pulled()).toBeLessThan(HTML_CAPTURE_LIMIT / (64 * 1024) + 8);
  });
});
