// The command line's inspector (--inspect, --path), its caret snippets and its colours: in-process, and as a process
// the way test/cli.test.ts runs it (test/cli-command.ts) where the bin itself is the point (an exit status, stdin,
// colours off on a pipe and on by FORCE_COLOR from the environment).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect, renderInspection } from '../../src/index.js';
import { CLI_ARGS } from './cli-command.js';
import { runInProcess } from './in-process.js';
import { HARBOUR, HARBOUR_PATH } from '../core/inspect/examples.js';

const root = join(import.meta.dirname, '../..');
const TICKS = 'event: tick\nid: 1\ndata: 12:00\n\nevent: tick\nid: 2\ndata: 12:01\n\n';

let dir = '';
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-cli-inspect-'));
  writeFileSync(file('harbour.sse'), HARBOUR);
  writeFileSync(file('ticks.sse'), TICKS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI as a process, with no colour variables but those given. */
function bin(args: string[], options: { input?: string; env?: Record<string, string | undefined> } = {}) {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const result = spawnSync(process.execPath, [...CLI_ARGS, ...args], { cwd: root, input: options.input ?? '', encoding: 'utf8', env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The CLI in this process (its environment is only what is given). */
function cli(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  return runInProcess(args, options);
}

describe('--inspect', () => {
  it("prints the inspector's report of the harbour and exits 1 for its problems", () => {
    const run = bin(['--inspect', '--path', HARBOUR_PATH, file('harbour.sse')]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(renderInspection(inspect(HARBOUR, { path: HARBOUR_PATH })));
    expect(run.stdout).toContain('Text reassembled from 3 of 5 events at `choices.0.delta.content`');
  });

  it('--path alone implies --inspect; --path=… works too; stdin is read with -', () => {
    const run = bin([`--path=${HARBOUR_PATH}`, '-'], { input: HARBOUR });
    expect(run.stdout).toBe(renderInspection(inspect(HARBOUR, { path: HARBOUR_PATH })));
  });

  it('exits by --fail-on: a stream whose only problem is a note ([DONE]) passes by default and fails at info', async () => {
    const done = 'data: {"n":1}\n\ndata: [DONE]\n\n';
    const run = await cli(['--inspect', '-'], { input: done });
    expect(run.stdout).toMatch(/note/);
    expect(run.status).toBe(0);
    expect((await cli(['--inspect', '--fail-on', 'info', '-'], { input: done })).status).toBe(1);
  });

  it('exits 0 for a clean event stream that is not an LLM stream', async () => {
    const run = await cli(['--inspect', file('ticks.sse')]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Named event types: tick');
    expect(run.stdout).toContain('Problems: none');
  });

  it('--json prints the Inspection', async () => {
    const run = await cli(['--inspect', '--json', file('harbour.sse')]);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(inspect(HARBOUR))));
  });

  it.each([
    [['--inspect', '--format', 'gemini', 'x.sse'], '--inspect reads any event stream'],
    [['--inspect', '--frames', 'x.sse'], '--frames is for the reconstruction report'],
    [['--path'], '--path needs a dotted path'],
    [['--path='], '--path needs a dotted path'],
  ])('is a usage error (exit 2) for %j', async (args, message) => {
    const run = await cli(args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('is in --help', async () => {
    const help = (await cli(['--help'])).stdout;
    expect(help).toContain('--inspect');
    expect(help).toContain('--path PATH');
  });
});

describe('the reconstruction report', () => {
  it("prints each finding's line with a caret under its column", async () => {
    const run = await cli([file('harbour.sse')]);
    expect(run.stdout).toContain('  14:1  check     bad retry\n');
    expect(run.stdout).toContain('        │ retry: 3s\n        │ ^\n');
  });
});

describe('colours', () => {
  it('none when piped, none with FORCE_COLOR=0; FORCE_COLOR turns them on, over NO_COLOR as Node does', async () => {
    expect(bin(['--inspect', file('harbour.sse')]).stdout).not.toContain('\u001b[');
    expect((await cli(['--inspect', file('harbour.sse')], { env: { FORCE_COLOR: '0' } })).stdout).not.toContain('\u001b[');
    expect(bin(['--inspect', file('harbour.sse')], { env: { FORCE_COLOR: '1' } }).stdout).toContain('\u001b[31m');
    expect((await cli([file('harbour.sse')], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } })).stdout).toContain('\u001b[');
  });
});
