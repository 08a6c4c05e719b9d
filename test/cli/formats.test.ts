// Every format in the registry through the command line: its tool-call fixture, written to a file as the wire carries
// it (a binary format's `bytes`, such as Bedrock's event stream), read with `--format NAME`: as JSON and as the text
// report in-process; the JSON also by the CLI run as a process (the built bin under `npm test`) for the first format
// and each binary one, the bin's own reading of a file (a node start each: not one per format).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_MODULES, reconstruct } from '../../src/index.js';
import { fixture } from '../../src/fixtures/index.js';
import { CLI_ARGS } from './cli-command.js';
import { runInProcess } from './in-process.js';

const root = join(import.meta.dirname, '../..');
let dir = '';
const body = (name: (typeof FORMAT_MODULES)[number]['name']) => {
  const clean = fixture(name, 'tool-call');
  return clean.bytes ?? clean.stream;
};
const file = (name: string) => join(dir, `${name}.capture`);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-cli-formats-'));
  for (const module of FORMAT_MODULES) writeFileSync(file(module.name), body(module.name));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(FORMAT_MODULES.map((module) => [module.name, module] as const))('sse-reconstruct FILE --format %s', (name, module) => {
  it('--json prints the reconstruction, and exits 0 for the clean fixture', async () => {
    const args = ['--json', '--format', name, file(name)];
    const viaBin = module.wire !== undefined || module === FORMAT_MODULES[0];
    const run = viaBin ? spawnSync(process.execPath, [...CLI_ARGS, ...args], { cwd: root, encoding: 'utf8' }) : await runInProcess(args);
    expect(run.stderr).toBe('');
    const printed = JSON.parse(run.stdout) as { format: string; verdict: string; response: unknown };
    expect([printed.format, printed.verdict, printed.response]).toEqual([name, 'complete', fixture(name, 'tool-call').response]);
    expect(printed).toEqual(JSON.parse(JSON.stringify(reconstruct(body(name), { format: name }))));
    expect(run.status).toBe(0);
    if (module.wire !== undefined) expect(typeof body(name)).not.toBe('string');
  });

  it('prints the text report: the format, complete, and its tool call', async () => {
    const run = await runInProcess(['--format', name, file(name)]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`${name} · complete`);
    expect(run.stdout).toMatch(/tool call|tool step/);
    expect(run.status).toBe(0);
  });
});
