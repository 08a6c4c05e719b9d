// The page as users get it: inside the packed tarball, and written by the packed bin (`--html`), which finds it
// beside itself. `npm test` builds before vitest runs; without dist/ this is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../src/web/examples.js';

const root = join(import.meta.dirname, '..', '..');
const built = existsSync(join(root, 'dist/cli.js')) && existsSync(join(root, 'dist/web/sse-reconstruct.html'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Made only when the suite runs: Vitest runs no hook of a file whose tests are all skipped, so it would stay behind.
const scratch = built ? mkdtempSync(join(tmpdir(), 'sse-reconstruct-page-pack-')) : '';
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * The packed tarball and the files in it: the one `npm test` packed once from the build it just made
 * (SSE_PACKED_TARBALL, as the package and example checks use), or one packed here.
 */
function packed(): { tarball: string; files: string[] } {
  const given = process.env.SSE_PACKED_TARBALL;
  if (given !== undefined && existsSync(given)) {
    const listed = spawnSync('tar', ['-tzf', given], { encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    return { tarball: given, files: listed.stdout.split('\n').filter((line) => line.startsWith('package/')).map((line) => line.slice('package/'.length)) };
  }
  const run = spawnSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch, '--loglevel=error'], { cwd: root, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const [entry] = JSON.parse(run.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return { tarball: join(scratch, entry?.filename ?? ''), files: entry?.files.map((file) => file.path) ?? [] };
}

describe.runIf(built)('the packed package', () => {
  it('ships the page, and its bin writes the report page from it', () => {
    const { tarball, files } = packed();
    expect(files).toContain('dist/web/sse-reconstruct.html');
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', scratch], { encoding: 'utf8' });
    expect(untar.status, untar.stderr).toBe(0);
    const capture = join(scratch, 'tool.sse');
    writeFileSync(capture, EXAMPLES.find((example) => example.id === 'tool-fragments')?.text ?? '');
    const out = join(scratch, 'tool.html');
    const run = spawnSync(process.execPath, [join(scratch, 'package/dist/cli.js'), capture, '--html', out], { cwd: scratch, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('data-verdict="complete"');
    expect(html).toContain('get_tide_times');
    expect(html.length).toBeGreaterThan(readFileSync(join(root, 'dist/web/sse-reconstruct.html'), 'utf8').length);
  });
});
