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
const scratch = mkdtempSync(join(tmpdir(), 'sse-reconstruct-page-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.runIf(built)('the packed package', () => {
  it('ships the page, and its bin writes the report page from it', () => {
    const packed = spawnSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch, '--loglevel=error'], { cwd: root, encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
    const [entry] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    expect(entry?.files.map((file) => file.path)).toContain('dist/web/sse-reconstruct.html');
    const untar = spawnSync('tar', ['-xzf', join(scratch, entry?.filename ?? ''), '-C', scratch], { encoding: 'utf8' });
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
