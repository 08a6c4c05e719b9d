// `--html FILE` and `--open`: the page written with a capture and its report in it, and opened with the platform's
// opener (a stand-in opener on PATH records what it was given: there is no desktop here).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openerFor } from '../../src/cli/html-page.js';
import { EXAMPLES } from '../../src/web/examples.js';
import { browserMissing, ensurePage, launch, PAGE_FILE } from './browser.js';

const root = join(import.meta.dirname, '..', '..');
const CUT = EXAMPLES.find((example) => example.id === 'cut-off')?.text ?? '';
const HARBOUR = EXAMPLES.find((example) => example.id === 'harbour')?.text ?? '';

let dir = '';
const file = (name: string) => join(dir, name);

/** The CLI from the source, and the built bin when it exists: both must behave the same. */
const CLIS = [join(root, 'src/cli/index.ts'), ...(existsSync(join(root, 'dist/cli.js')) ? [join(root, 'dist/cli.js')] : [])];

function cli(entry: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [entry.endsWith('.ts') ? sourceCli : entry, ...args], { cwd: root, input: '', encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What the stand-in opener was given: it runs detached, so it may write a moment after the CLI exits. */
async function opened(): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (existsSync(file('opened.txt'))) {
      const text = readFileSync(file('opened.txt'), 'utf8');
      if (text !== '') return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the opener was never started');
}

/**
 * The CLI from the source, compiled once by esbuild as tsx would compile it file by file (tsx is esbuild too), rather
 * than once per process: laid out as in the repo (`src/cli/`, beside `dist/` and `node_modules/`, linked), so it finds
 * the shipped page and its optional dependencies where the source entry does.
 */
let sourceCli = '';

function buildSourceCli(): string {
  const tree = join(dir, 'source');
  mkdirSync(join(tree, 'src', 'cli'), { recursive: true });
  symlinkSync(join(root, 'dist'), join(tree, 'dist'), 'dir');
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
  const outfile = join(tree, 'src', 'cli', 'index.mjs');
  buildSync({ entryPoints: [join(root, 'src/cli/index.ts')], bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'error' });
  return outfile;
}

beforeAll(() => {
  ensurePage();
  dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-html-'));
  sourceCli = buildSourceCli();
  writeFileSync(file('cut.sse'), CUT);
  writeFileSync(file('harbour.sse'), HARBOUR);
  // A stand-in for xdg-open that writes down what it was asked to open.
  writeFileSync(file('xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > "${file('opened.txt')}"\n`);
  chmodSync(file('xdg-open'), 0o755);
}, 60_000); // esbuild compiling the CLI on a loaded machine can take longer than the default 10 s a hook is given
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(CLIS)('%s', (entry) => {
  it('--html FILE writes the page with the capture and its report, and still prints the report and its exit status', () => {
    const run = cli(entry, [file('cut.sse'), '--html', file('cut.html')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('did not finish');
    expect(run.stderr).toContain(`wrote the page with the report to ${file('cut.html')}`);
    const html = readFileSync(file('cut.html'), 'utf8');
    expect(html).toContain('<span class="verdict-word" data-verdict="did not finish">Did not finish</span>');
    expect(html).toContain('data-code="cut"');
    const preload = /<script type="application\/json" id="sse-preload">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(preload)).toEqual({ text: CUT, mode: 'auto', path: '' });
    // The page's policy and its one script are the shipped page's, unchanged.
    const shipped = readFileSync(PAGE_FILE, 'utf8');
    const policy = (page: string) => /Content-Security-Policy" content="([^"]+)"/.exec(page)?.[1];
    expect(policy(html)).toBe(policy(shipped));
  });

  it('--inspect --path --html writes the inspector report', () => {
    const run = cli(entry, [file('harbour.sse'), '--path', 'choices.0.delta.content', '--html', file('harbour.html')]);
    expect(run.status).toBe(1);
    const html = readFileSync(file('harbour.html'), 'utf8');
    expect(html).toContain('Text reassembled from 3 of 5 events at <code>choices.0.delta.content</code>');
    expect(html).toContain('"mode":"events","path":"choices.0.delta.content"');
  });

  it('--open opens the report page with the platform opener', async () => {
    rmSync(file('opened.txt'), { force: true });
    const run = cli(entry, [file('cut.sse'), '--open'], { PATH: `${dir}:${process.env.PATH ?? ''}` });
    expect(run.status).toBe(1);
    const page = await opened();
    expect(page).toMatch(/report\.html$/);
    expect(readFileSync(page, 'utf8')).toContain('id="sse-preload"');
    rmSync(join(page, '..'), { recursive: true, force: true });
  });

  it('--open alone opens the shipped page; a missing opener is said, with the file to open', async () => {
    rmSync(file('opened.txt'), { force: true });
    // The source's shipped page is the repo's dist/web, seen through the link beside the compiled source.
    const shipped = entry.endsWith('.ts') ? join(dir, 'source', 'dist', 'web', basename(PAGE_FILE)) : PAGE_FILE;
    expect(realpathSync(shipped)).toBe(realpathSync(PAGE_FILE));
    const run = cli(entry, ['--open'], { PATH: `${dir}:${process.env.PATH ?? ''}` });
    expect(run.status).toBe(0);
    expect(await opened()).toBe(shipped);
    const missing = cli(entry, ['--open'], { PATH: join(dir, 'nowhere') });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`could not start xdg-open (ENOENT); open ${shipped} in a browser`);
  });

  it('--html without a file name is a usage error', () => {
    const run = cli(entry, [file('cut.sse'), '--html']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--html needs the path of the HTML file to write');
  });
});

describe('the opener for each platform', () => {
  it('is open on macOS, start on Windows, xdg-open elsewhere', () => {
    expect(openerFor('darwin', '/r.html')).toEqual({ command: 'open', args: ['/r.html'] });
    expect(openerFor('win32', 'C:\\r.html')).toEqual({ command: 'cmd', args: ['/c', 'start', '""', 'C:\\r.html'] });
    expect(openerFor('linux', '/r.html')).toEqual({ command: 'xdg-open', args: ['/r.html'] });
  });
});

const missing = browserMissing();
if (missing !== null) console.warn(`test/web/html-report.test.ts (browser part) skipped: ${missing}`);

describe.skipIf(missing !== null)('the written page in a browser', () => {
  it('shows its report with no script running, and reads the capture again when scripts run', async () => {
    const page = join(dir, 'cut.html');
    if (!existsSync(page)) cli(CLIS[0] as string, [file('cut.sse'), '--html', page]);
    const noScript = await launch({ javaScriptEnabled: false });
    try {
      const tab = await noScript.context.newPage();
      await tab.goto(pathToFileURL(page).href);
      expect(await tab.textContent('#summary .verdict-word')).toBe('Did not finish');
      expect(await tab.$$eval('#findings .finding', (items) => items.map((item) => item.getAttribute('data-code')))).toEqual(['cut', 'no end']);
    } finally {
      await noScript.close();
    }
    const browser = await launch();
    try {
      const tab = await browser.context.newPage();
      const requests: string[] = [];
      tab.on('request', (request) => requests.push(request.url()));
      await tab.goto(pathToFileURL(page).href);
      await tab.waitForSelector('#report[data-state="shown"] .frame-row[data-filled="true"]');
      expect(await tab.inputValue('#stream')).toBe(CUT);
      expect(await tab.$$eval('.frame-row[data-filled="true"]', (rows) => rows.length)).toBe(5);
      expect(requests.filter((url) => !url.startsWith('file:') && !url.startsWith('blob:'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
