// `sse-reconstruct compare UPSTREAM DOWNSTREAM`: each difference with both places (file:line:column), the summary,
// --json, the options, exit 0 same / 1 differs / 2 misuse; in-process, and once as a process.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMAT_MODULES, synthesize, type FormatName } from '../../src/index.js';
import { CLI_ARGS } from './cli-command.js';
import { runInProcess } from './in-process.js';

function textResponse(format: FormatName, text?: string): Record<string, unknown> {
  const spec = FORMAT_MODULES.find((module) => module.name === format)?.fixtures.specs.find((candidate) => candidate.kind === 'text');
  const json = JSON.stringify(spec?.response);
  const response = JSON.parse(text === undefined ? json : json.replace('The capital of France is Paris.', text)) as Record<string, unknown>;
  // The Chat Completions fixture carries no usage: give it the counts the others carry (a relay asked for usage).
  if (format === 'chat-completions') response.usage = { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 };
  return response;
}

const folder = mkdtempSync(join(tmpdir(), 'sse-reconstruct-compare-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

const upstreamText = synthesize('anthropic', textResponse('anthropic'));
const upstream = file('upstream.sse', upstreamText);
const relayed = file('relayed.sse', synthesize('chat-completions', textResponse('chat-completions')));
const dropped = file('dropped.sse', synthesize('chat-completions', textResponse('chat-completions', 'tal of France is Paris.')));

describe('compare', () => {
  it('exits 0 when the downstream carries the upstream answer, in another format', async () => {
    const run = await runInProcess(['compare', upstream, relayed]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^upstream {4}.*upstream\.sse: anthropic · complete/m);
    expect(run.stdout).toMatch(/^downstream {2}.*relayed\.sse: chat-completions · complete/m);
    expect(run.stdout).toMatch(/Same answer: the downstream carries the upstream's answer/);
  });

  it('exits 1 and lists each difference with file:line:column on both sides', async () => {
    const run = await runInProcess(['compare', upstream, dropped]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/1\. text dropped at start \(error\) at choices\[0\]\.text/);
    expect(run.stdout).toMatch(/first 8 characters/);
    // Each side: file:line:column and the frame, and the value there.
    expect(run.stdout).toMatch(/upstream\.sse:10:1 \(frame #3\) +"The capi"\n/);
    expect(run.stdout).toMatch(/dropped\.sse:3:1 \(frame #1\) +""\n/);
    expect(run.stdout).toMatch(/^Differs: /m);
  });

  it('--json prints the comparison; one side may come from stdin', async () => {
    const run = await runInProcess(['compare', '-', dropped, '--json'], { input: upstreamText });
    expect(run.status).toBe(1);
    const comparison = JSON.parse(run.stdout) as { same: boolean; differences: Array<{ code: string; upstream: { at: unknown } }>; upstream: { format: string }; downstream: { format: string } };
    expect(comparison.same).toBe(false);
    expect(comparison.differences[0]?.code).toBe('text dropped at start');
    expect(comparison.upstream.format).toBe('anthropic');
    expect(comparison.downstream.format).toBe('chat-completions');
  });

  it('reads a side as the format named', async () => {
    const run = await runInProcess(['compare', upstream, relayed, '--format-up', 'gemini']);
    expect(run.stdout).toMatch(/upstream\.sse: gemini/);
  });

  it.each([
    [['compare', upstream], /two captures, UPSTREAM and DOWNSTREAM; received 1/],
    [['compare', upstream, join(folder, 'missing.sse')], /no such file: .*missing\.sse/],
    [['compare', upstream, relayed, '--usage', 'loose'], /--usage needs one of exact, consistent, ignore; received "loose"/],
    [['compare', upstream, relayed, '--format-down', 'chat'], /unknown format "chat" for --format-down/],
    [['compare', upstream, relayed, '--colour'], /unknown option --colour/],
    [['compare', '-', '-'], /only one of the two captures/],
    [['compare', upstream, relayed, '--ignore'], /--ignore needs a value/],
  ])('misuse exits 2 with what to pass: %j', async (args, message) => {
    const run = await runInProcess(args as string[]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });

  it('--help lists the options and exit statuses; the main help names the command', async () => {
    const run = await runInProcess(['compare', '--help']);
    expect(run.status).toBe(0);
    for (const option of ['--json', '--usage', '--ignore', '--ids', '--format-up', '--format-down']) expect(run.stdout).toContain(option);
    expect(run.stdout).toMatch(/0 {2}the downstream carries the upstream's answer\n {2}1 {2}it differs/);
    expect((await runInProcess(['--help'])).stdout).toMatch(/sse-reconstruct compare UPSTREAM DOWNSTREAM/);
  });

  it('runs as a process: exit status 1 and the report on stdout', () => {
    const run = spawnSync(process.execPath, [...CLI_ARGS, 'compare', upstream, dropped], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/text dropped at start/);
    expect(execFileSync(process.execPath, [...CLI_ARGS, 'compare', upstream, relayed], { encoding: 'utf8' })).toMatch(/Same answer/);
  });
});
