// Item 39 of issue 20, in Chromium: the page reads a capture as it was given. A textarea's value turns every CRLF into
// LF, so the page keeps the text as pasted, chosen, linked or written by --html beside it; a link's stream is inflated
// in pieces and refused past the stated bound instead of holding the tab.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TEXT_LIMIT } from '../../src/web/link.js';
import { browserMissing, ensurePage, launch, PAGE_URL, type Browser } from './browser.js';
import { CLI_ARGS } from '../cli/cli-command.js';

const missing = browserMissing();
if (missing !== null) console.warn(`test/web/exact-text.test.ts skipped: ${missing}`);

const root = join(import.meta.dirname, '..', '..');
/** A whole Gemini stream with CRLF line ends, as Gemini sends them: complete, with one `crlf` note. */
const GEMINI_CRLF = [
  'data: {"candidates":[{"content":{"parts":[{"text":"The tide "}],"role":"model"},"index":0}]}',
  'data: {"candidates":[{"content":{"parts":[{"text":"turns at six."}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":5,"totalTokenCount":8}}',
  '',
].join('\r\n\r\n');

function base64url(bytes: Buffer): string {
  return bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe.skipIf(missing !== null)('the page keeps the capture as given (issue 20, item 39)', () => {
  let browser: Browser;
  let dir = '';

  beforeAll(async () => {
    ensurePage();
    dir = mkdtempSync(join(tmpdir(), 'sse-reconstruct-exact-'));
    browser = await launch({ ownClipboard: true });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(url = PAGE_URL): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(url);
    return page;
  }

  const findingCodes = (page: Page) => page.$$eval('#findings .finding', (nodes) => nodes.map((node) => node.getAttribute('data-code')));
  const shown = (page: Page) => page.waitForSelector('#report[data-state="shown"]');

  it('keeps CRLF as pasted: a pasted Gemini stream keeps its crlf finding, and typing after it keeps the rest', async () => {
    const page = await open();
    await page.evaluate((text) => navigator.clipboard.writeText(text), GEMINI_CRLF);
    await page.focus('#stream');
    await page.keyboard.press('Control+V');
    await shown(page);
    expect(await page.textContent('#summary .verdict-word')).toBe('Complete');
    expect(await findingCodes(page)).toEqual(['crlf']);
    // An edit after the paste (a character typed at the start) keeps the CRLF of the text around it.
    await page.evaluate(() => document.querySelector('#report')?.removeAttribute('data-state'));
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('x');
    await shown(page);
    expect(await findingCodes(page)).toEqual(['ignored line', 'crlf']);
    await page.close();
  });

  it('keeps the bytes of a chosen file: CRLF and a byte order mark', async () => {
    const page = await open();
    await page.setInputFiles('#file', { name: 'gemini.sse', mimeType: 'text/event-stream', buffer: Buffer.from(`\ufeff${GEMINI_CRLF}`) });
    await shown(page);
    expect((await findingCodes(page)).sort()).toEqual(['bom', 'crlf']);
    await page.close();
  });

  it('reads what an --html page carries, not the textarea: the report stays the one written', async () => {
    writeFileSync(join(dir, 'gemini.sse'), GEMINI_CRLF);
    const written = spawnSync(process.execPath, [...CLI_ARGS, join(dir, 'gemini.sse'), '--html', join(dir, 'gemini.html')], { cwd: root, encoding: 'utf8' });
    expect(written.stderr).toContain('wrote the page');
    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(join(dir, 'gemini.html')).href);
    // Written into the HTML: the crlf note is there before the script reads the capture again ...
    await page.waitForSelector('#report[data-state="shown"]');
    await page.waitForFunction(() => document.querySelector('.frames .frame-row') !== null);
    // ... and still there once it has.
    expect(await findingCodes(page)).toEqual(['crlf']);
    await page.close();
  });

  it('keeps CRLF through a link made of it', async () => {
    const page = await open();
    await page.setInputFiles('#file', { name: 'gemini.sse', mimeType: 'text/event-stream', buffer: Buffer.from(GEMINI_CRLF) });
    await shown(page);
    await page.click('#make-link');
    await page.waitForSelector('#link-box:not([hidden])');
    const again = await open(await page.inputValue('#link'));
    await shown(again);
    expect(await findingCodes(again)).toEqual(['crlf']);
    await again.close();
    await page.close();
  });

  it(`refuses a link whose stream inflates past ${LINK_TEXT_LIMIT} bytes, saying so, and reads none of it`, async () => {
    const frame = 'data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n';
    // One frame past the limit: the page refuses at the first byte over it (a bomb four times larger took 0.9 s of
    // CPU to deflate, to test the same line).
    const bomb = deflateRawSync(Buffer.from(frame.repeat(Math.ceil(LINK_TEXT_LIMIT / frame.length) + 1)), { level: 9 });
    expect(bomb.byteLength).toBeLessThan(1_000_000);
    const page = await open(`${PAGE_URL}#z=${base64url(bomb)}`);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('too large'));
    expect(await page.textContent('#status')).toBe(
      `This link's stream is too large: it inflates past ${LINK_TEXT_LIMIT / 1024 / 1024} MiB, the most a link may carry. Open the capture as a file instead.`,
    );
    expect(await page.inputValue('#stream')).toBe('');
    expect(await page.getAttribute('#report', 'data-state')).toBeNull();
    await page.close();
  });
});
