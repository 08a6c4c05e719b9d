// The command line: in-process for what it decides (statuses, messages, JSON, report), and as a process
// (test/cli-command.ts: the source through tsx, or the bin `npm test` has just built) for what only the bin shows:
// exit statuses 0/1/2, piped stdin, no colour on a pipe, a reader that closes early. Each process costs a node start
// (a third of a CPU second on a busy machine). The built bin is checked too when `dist/` exists. Streams are written
// inline so the suite runs on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconstruct, renderText } from '../../src/index.js';
import { CLI_ARGS, CLI_SHELL } from './cli-command.js';
import { runInProcess } from './in-process.js';

const root = join(import.meta.dirname, '../..');

function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  const payload = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1727346168, model: 'gpt-4o', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** A whole, clean Chat Completions stream: complete, no findings. */
const CLEAN = [chunk({ role: 'assistant', content: '' }), chunk({ content: 'Hello' }), chunk({ content: ', world' }), chunk({}, 'stop'), 'data: [DONE]\n\n'].join('');
/** The same stream cut before its end frame. */
const CUT = CLEAN.slice(0, CLEAN.indexOf('data: [DONE]'));
/** Whole and ended, but with a line a spec client ignores (a finding). */
const WITH_FINDING = `Data: {"x":1}\n\n${CLEAN}`;
/** Whole and ended, with CRLF line ends: one `crlf` finding, of severity info. */
const CRLF = CLEAN.replace(/\n/g, '\r\n');
/** A long clean stream: its JSON is far larger than a pipe's buffer. */
const LONG = [chunk({ role: 'assistant', content: '' }), ...Array.from({ length: 3000 }, (_, i) => chunk({ content: `word ${i} ` })), chunk({}, 'stop'), 'data: [DONE]\n\n'].join('');

let dir = '';
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-cli-'));
  writeFileSync(file('clean.sse'), CLEAN);
  writeFileSync(file('crlf.sse'), CRLF);
  writeFileSync(file('long.sse'), LONG);
  writeFileSync(file('long-cut.sse'), LONG.slice(0, LONG.indexOf('data: [DONE]')));
  writeFileSync(file('cut.sse'), CUT);
  writeFileSync(file('finding.sse'), WITH_FINDING);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as a process. */
function bin(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Run {
  const result = spawnSync(process.execPath, [...CLI_ARGS, ...args], {
    cwd: root,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The CLI in this process: the same run, without a node start. */
function cli(args: string[], options: { input?: string } = {}): Promise<Run> {
  return runInProcess(args, options);
}

/** What the result looks like once it has been through JSON (the CLI prints it that way). */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

describe('exit status', () => {
  it('is 0 for a complete stream with no findings', () => {
    const run = bin([file('clean.sse')]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('complete · ok');
    expect(run.status).toBe(0);
  });

  it('is 1 for a stream that did not finish', () => {
    const run = bin([file('cut.sse')]);
    expect(run.stdout).toContain('did not finish');
    expect(run.status).toBe(1);
  });

  it('is 1 for a complete stream with a finding, and the report names it with line:column', async () => {
    const run = await cli([file('finding.sse')]);
    expect(run.stdout).toMatch(/1:1 +check +ignored line\n/);
    expect(run.status).toBe(1);
  });

  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['--format', 'openai', file('clean.sse')], 'pass one of chat-completions, responses, anthropic, gemini, behavior-run'],
    [['--format'], '--format needs a format name'],
    [['--max-held-chars', '0', file('clean.sse')], '--max-held-chars needs a whole number of characters (at least 1), or Infinity'],
    [['--max-held-chars=1.5', file('clean.sse')], '--max-held-chars needs a whole number'],
    [['--max-held-chars'], '--max-held-chars needs a whole number'],
    [[join(tmpdir(), 'sse-cli-no-such-capture.sse')], 'no such file'],
    [['a.sse', 'b.sse'], 'one capture at a time'],
    [['--fail-on', 'warn', file('clean.sse')], '--fail-on needs a severity: error, warning, info; received "warn"'],
    [['--fail-on'], '--fail-on needs a severity: error, warning, info'],
  ])('is 2 for a usage error (%j), saying what to pass', async (args, message) => {
    const run = await cli(args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it('--max-held-chars sets the bound: a frame past it stops the stream (exit 1); Infinity reads it', async () => {
    const big = `data: "${'x'.repeat(300)}"\n\n`;
    const bounded = await cli(['--max-held-chars', '200', '--json', '-'], { input: big + CLEAN });
    expect(bounded.status).toBe(1);
    expect(JSON.parse(bounded.stdout).findingCounts).toEqual({ 'too large': 1 });
    const unbounded = await cli(['--max-held-chars=Infinity', '-'], { input: CLEAN });
    expect(unbounded.stdout).toContain('complete · ok');
    expect(unbounded.status).toBe(0);
  });

  it('is 0 by default for a complete stream whose findings are all info (crlf): --fail-on warning', async () => {
    const run = await cli([file('crlf.sse')]);
    expect(run.stdout).toMatch(/note +crlf/);
    expect(run.status).toBe(0);
    expect((await cli([file('crlf.sse'), '--fail-on', 'warning'])).status).toBe(0);
  });

  it('--fail-on info makes every finding fail; --fail-on error lets warnings pass', async () => {
    expect((await cli([file('crlf.sse'), '--fail-on', 'info'])).status).toBe(1);
    expect((await cli([file('finding.sse'), '--fail-on=error'])).status).toBe(0);
    expect((await cli([file('finding.sse'), '--fail-on=warning'])).status).toBe(1);
  });

  it('--fail-on error still fails a stream that did not finish', async () => {
    expect((await cli([file('cut.sse'), '--fail-on', 'error'])).status).toBe(1);
  });

  it('is 2 for a directory, naming it', () => {
    const run = bin([dir]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is a directory');
  });
});

describe('--json', () => {
  it('prints the result of reconstruct() on the same bytes', async () => {
    const run = await cli([file('clean.sse'), '--json']);
    expect(JSON.parse(run.stdout)).toEqual(asJson(reconstruct(CLEAN)));
    expect(run.status).toBe(0);
  });

  it('passes --format on to reconstruct()', async () => {
    const run = await cli(['--json', '--format=anthropic', file('clean.sse')]);
    const printed = JSON.parse(run.stdout) as { format: string };
    expect(printed.format).toBe('anthropic');
    expect(printed).toEqual(asJson(reconstruct(CLEAN, { format: 'anthropic' })));
  });

  it('gives the same result for a cut stream, findings included', async () => {
    const run = await cli(['--json', file('cut.sse')]);
    const printed = JSON.parse(run.stdout) as { findings: Array<{ code: string }> };
    expect(printed).toEqual(asJson(reconstruct(CUT)));
    expect(run.status).toBe(1);
  });
});

describe('stdin', () => {
  it('reads stdin when FILE is -', () => {
    const run = bin(['-', '--json'], { input: CLEAN });
    expect(JSON.parse(run.stdout)).toEqual(asJson(reconstruct(CLEAN)));
    expect(run.status).toBe(0);
  });

  it('reads piped stdin when no FILE is given', () => {
    const run = bin([], { input: CUT });
    expect(run.stdout).toContain('did not finish');
    expect(run.status).toBe(1);
  });
});

describe('the report', () => {
  it('prints the summary line, the answer, the finish reason and the response; no colour when piped', () => {
    const run = bin([file('clean.sse')]);
    const result = reconstruct(CLEAN);
    expect(run.stdout.split('\n')[0]).toBe(result.summary);
    expect(run.stdout).toContain('text: Hello, world');
    expect(run.stdout).toContain('finish reason: stop');
    expect(run.stdout).toContain('Response (non-streamed)');
    expect(run.stdout).not.toContain('\u001b[');
    expect(run.stdout).toBe(renderText(result, { color: false }));
  });

  it('adds the frames table with --frames', async () => {
    const run = await cli([file('cut.sse'), '--frames']);
    expect(run.stdout).toMatch(/Frames \(4\)\n#\s+lines\s+event\s+type\s+carried\s+time/);
    expect(run.stdout).toMatch(/\n3\s+7-8\s+message/);
  });

  it('--help prints the usage and exits 0; --version prints the package version', async () => {
    const help = await cli(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: sse-reconstruct [FILE|-]');
    expect(help.stdout).toContain('--fail-on SEVERITY');
    expect(help.stdout).toMatch(/0 +the stream is complete and has no finding at or above --fail-on \(default warning\)/);
    expect(help.stdout).toMatch(/2 +a usage error/);
    const version = await cli(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version);
  });
});

describe.skipIf(process.platform === 'win32')('a reader that closes the output early (a real pipe into head)', () => {
  /** Runs the CLI into `head -c 100` through bash; its exit status and what it wrote to stderr. */
  function piped(args: string): { status: number; stderr: string; head: string } {
    const command = `${CLI_SHELL} ${args} 2>"${file('stderr.txt')}" | head -c 100; exit "\${PIPESTATUS[0]}"`;
    const run = spawnSync('bash', ['-c', command], { cwd: root, encoding: 'utf8' });
    return { status: run.status ?? -1, stderr: readFileSync(file('stderr.txt'), 'utf8'), head: run.stdout };
  }

  it('ends quietly: no stack, no EPIPE, and the status the stream earned (0 for a clean one)', () => {
    const run = piped(`"${file('long.sse')}" --json`);
    expect(run.head).toHaveLength(100);
    expect(run.head.startsWith('{')).toBe(true);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('keeps 1 for a stream that did not finish: the status says what the stream was, not that the pipe closed', () => {
    const run = piped(`"${file('long-cut.sse')}" --frames`);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
  });
});

describe('renderText', () => {
  it('paints only when asked', () => {
    const result = reconstruct(WITH_FINDING);
    expect(renderText(result, { color: true })).toContain('\u001b[33m');
    expect(renderText(result)).not.toContain('\u001b[');
  });

  it('counts findings past the listing bound and says how many were not listed', () => {
    const noisy = Array.from({ length: 25 }, (_, i) => `Data: ${i}\n`).join('') + '\n' + CLEAN;
    const text = renderText(reconstruct(noisy));
    expect(text).toContain('Findings (25)');
    expect(text).toContain('… and 5 more `ignored line` findings, counted but not listed');
  });

  it('leaves the response out when asked', () => {
    expect(renderText(reconstruct(CLEAN), { response: false })).not.toContain('Response (non-streamed)');
  });
});

describe.runIf(existsSync(join(root, 'dist/cli.js')))('the built bin', () => {
  it('runs dist/cli.js with the same exit status and JSON as the source', () => {
    const run = spawnSync(process.execPath, [join(root, 'dist/cli.js'), file('cut.sse'), '--json'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual(asJson(reconstruct(CUT)));
  });
});
