// CI time (issue 21): `npm start` shows the main job without building or installing anything, and the CLI cases of
// `npm test` run the bin it has just built, not a tsx compile per process.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'sse-reconstruct-ci-time-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['vectors', 'fixtures'].includes(entry.name) ? [] : sources(path);
    return /\.(ts|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('npm start', () => {
  it('prints the clean and the broken capture with only node on the PATH: no build, no npm install, no examples', () => {
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    const run = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: root, encoding: 'utf8', env: { ...process.env, PATH: bin } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('chat-completions · complete · ok · 1 choice · 0 chars of text · 2 tool calls · 0 findings');
    expect(run.stdout).toMatch(/chat-completions · did not finish · stalled · 1 choice · 0 chars of text · 1 tool call · \d+ findings/);
    expect(run.stdout).not.toMatch(/Installed .*\.tgz|examples\/\w+ — a relay/);
  });
});

describe('the CLI cases of npm test', () => {
  it('run dist/cli.js with plain node when npm test says it has just built it', async () => {
    vi.stubEnv('SSE_TEST_CLI', 'dist');
    vi.resetModules();
    try {
      const { CLI_ARGS } = await import('../cli/cli-command.js');
      expect(CLI_ARGS).toEqual([join(root, 'dist/cli.js')]);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(readFileSync(join(root, 'scripts/test.mjs'), 'utf8')).toMatch(/built \? \{ \.\.\.env, SSE_TEST_CLI: 'dist' \}/);
  });

  it('start the CLI through test/cli-command.ts, not a tsx of their own (html-report compiles the source once)', () => {
    const own = sources(join(root, 'test'))
      .filter((file) => file !== import.meta.filename && /'--import', 'tsx'|--import tsx/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(own.sort()).toEqual(['test/cli/cli-command.ts']);
  });
});

describe('the package and example checks of npm test', () => {
  it('reuse the tarball npm test packed once, rather than packing again', async () => {
    const tarball = join(scratch, 'sse-reconstruct-0.0.0.tgz');
    writeFileSync(tarball, '');
    vi.stubEnv('SSE_PACKED_TARBALL', tarball);
    try {
      // @ts-expect-error: a plain script, with no declaration file
      const { pack } = (await import('../../scripts/test-examples.mjs')) as { pack: () => string };
      expect(pack()).toBe(tarball);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(readFileSync(join(root, 'scripts/test.mjs'), 'utf8')).toContain('env.SSE_PACKED_TARBALL = join(into, tarball)');
  });
});

describe('work with no timing in it (type checks, package checks)', () => {
  it('runs at a lower priority, and a process that has ended is passed over', async () => {
    // @ts-expect-error: a plain script, with no declaration file
    const { lowerPriority } = (await import('../../scripts/test-examples.mjs')) as { lowerPriority: (pid: number | undefined, nice: number) => void };
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)'], { stdio: 'ignore' });
    try {
      lowerPriority(child.pid, 10);
      expect(getPriority(child.pid)).toBe(10);
    } finally {
      child.kill();
    }
    await new Promise((resolve) => child.once('exit', resolve));
    expect(() => lowerPriority(child.pid, 10)).not.toThrow();
    expect(() => lowerPriority(undefined, 10)).not.toThrow();
  });

  it('is what npm test lowers: the package checks and the examples\' type checks', () => {
    const test = readFileSync(join(root, 'scripts/test.mjs'), 'utf8');
    expect(test).toMatch(/\['scripts\/test-package\.mjs', \{ nice: 10 \}\]/);
    expect(test).toMatch(/\['scripts\/test-examples\.mjs', \{\}\]/);
    expect(readFileSync(join(root, 'scripts/test-examples.mjs'), 'utf8')).toMatch(/run\(process\.execPath, \[tsc, [^\n]*\{ nice: 10 \}\)/);
  });
});
