// The page in a real browser (Debian's chromium via playwright-core), opened from disk as a user opens it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_MODULES } from '../../src/core/index.js';
import { EXAMPLES, FORMAT_EXAMPLES } from '../../src/web/examples.js';
import { browserMissing, ensurePage, launch, PAGE_FILE, PAGE_URL, screenshotFor, type Browser } from './browser.js';

const missing = browserMissing();
if (missing !== null) console.warn(`test/web/page.test.ts skipped: ${missing}`);


/** What each example must show: its verdict (or the inspector's headline) and its findings' codes in order. */
const KNOWN: Record<string, { verdict: string; findings: string[]; text?: string }> = {
  'salyro-chat': { verdict: 'Complete', findings: [], text: 'The tide turns at six; the ferry leaves at seven.' },
  'tool-fragments': { verdict: 'Complete', findings: [] },
  'anthropic-text-tool': { verdict: 'Complete', findings: [], text: "Okay, let's check the weather for San Francisco, CA:" },
  'cut-off': { verdict: 'Did not finish', findings: ['cut', 'no end'], text: 'Boarding closes ten ' },
  'ends-in-error': { verdict: 'Did not finish', findings: ['block open', 'error event'], text: 'The harbour master says' },
  harbour: { verdict: '5 events dispatched', findings: ['not json', 'bad retry', 'not dispatched', 'done sentinel'] },
};

describe.skipIf(missing !== null)('the page', () => {
  let browser: Browser;
  const requests: string[] = [];

  // Starting chromium on a loaded machine can take longer than the default 10 s a hook is given.
  beforeAll(async () => {
    ensurePage();
    browser = await launch({ ownClipboard: true });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    browser.context.on('request', (request: Request) => requests.push(request.url()));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function open(): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(PAGE_URL);
    return page;
  }

  async function shown(page: Page): Promise<void> {
    await page.waitForSelector('#report[data-state="shown"]');
  }

  it('ships one file whose policy forbids every connection and allows its script and style by hash', () => {
    const html = readFileSync(PAGE_FILE, 'utf8');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  for (const example of EXAMPLES) {
    it(`renders the example "${example.label}" with its verdict and findings`, async () => {
      const page = await open();
      await page.click(`[data-example="${example.id}"]`);
      await shown(page);
      const known = KNOWN[example.id];
      expect(known, `KNOWN lists ${example.id}`).toBeDefined();
      if (known === undefined) return;
      expect(await page.textContent('#summary .verdict-word')).toBe(known.verdict);
      expect(await page.$$eval('#findings .finding', (items) => items.map((item) => item.getAttribute('data-code')))).toEqual(known.findings);
      if (known.text !== undefined) expect(await page.textContent('[data-testid="answer-text"]')).toBe(known.text);
      await screenshotFor(page, example.id, { fullPage: true });
      await page.close();
    });
  }

  it('shows which clients break on a cut stream, and why, in the client panel (read in the worker)', async () => {
    const page = await open();
    await page.click('[data-example="cut-off"]');
    await shown(page);
    expect(await page.getAttribute('[data-testid="stream-state"]', 'data-stream')).toBe('did not finish');
    expect(await page.textContent('[data-testid="stream-state"]')).toMatch(/^The stream did not finish: it was cut before its end \(/);
    const rows = await page.$$eval('#clients .client-row', (items) => items.map((item) => [item.getAttribute('data-client'), item.getAttribute('data-verdict'), item.querySelector('[data-testid="client-verdict"]')?.textContent]));
    expect(rows.filter(([client]) => client === 'openai-node' || client === 'ai-sdk')).toEqual([
      ['openai-node', 'returns part quietly', '✗ returns part quietly'],
      ['openai-node', 'throws', '✗ throws'],
      ['ai-sdk', 'returns part quietly', '✗ returns part quietly'],
    ]);
    expect(await page.textContent('#clients .client-row[data-verdict="throws"] .client-why')).toBe('throws OpenAIError: missing finish_reason for choice 0');
    expect(await page.textContent('#clients .client-row .source')).toMatch(/^Source: openai\/openai-node@v6/);
    await screenshotFor(page, 'clients-cut-off');
    // A whole stream: every client reads it whole.
    await page.click('[data-example="salyro-chat"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="stream-state"]')?.getAttribute('data-stream') === 'whole');
    expect(await page.textContent('[data-testid="clients-count"]')).toMatch(/^(\d+) of \1 read it whole$/);
    // The inspector's view has no client panel.
    await page.click('[data-example="harbour"]');
    await page.waitForSelector('[data-testid="reassembly-summary"]');
    expect(await page.$('#clients')).toBeNull();
    await page.close();
  });

  it('shows a tool call assembled from fragments with its parsed input and the finish reason with its source', async () => {
    const page = await open();
    await page.click('[data-example="tool-fragments"]');
    await shown(page);
    const call = await page.textContent('[data-testid="tool-call"]');
    expect(call).toContain('get_tide_times');
    expect(call).toContain('call_tide_01');
    expect(JSON.parse((await page.textContent('[data-testid="tool-call"] pre')) ?? '')).toEqual({ harbour: 'Port Ellen', date: '2026-12-01' });
    expect(await page.textContent('[data-testid="finish-reason"]')).toBe('tool_calls');
    expect(await page.textContent('.finish .source')).toMatch(/read \d{4}-\d{2}-\d{2}/);
    await page.close();
  });

  it('shows the inspector report for any event stream, with the text reassembled at the path', async () => {
    const page = await open();
    await page.click('[data-example="harbour"]');
    await shown(page);
    expect(await page.textContent('[data-testid="reassembly-summary"]')).toBe('Text reassembled from 3 of 5 events at choices.0.delta.content');
    expect(await page.textContent('[data-testid="reassembled"]')).toBe('The harbour ');
    const labels = await page.$$eval('#findings .finding .sev', (items) => items.map((item) => item.textContent));
    expect(labels).toEqual(['must fix', 'check', 'must fix', 'note']);
    expect(await page.textContent('#findings .finding[data-code="bad retry"] .where')).toBe('line 14, column 1');
    expect(await page.textContent('#findings .finding[data-code="bad retry"] .snippet')).toBe('retry: 3s\n^');
    // An event shown whole: its lines as they came, and why its data reads as it does.
    await page.click('.frame-row[data-index="3"][data-filled="true"]');
    await page.waitForSelector('.frame-detail:not([hidden])');
    expect(await page.textContent('.frame-detail .detail-title')).toBe('Event 3 · message · lines 11–13');
    expect((await page.textContent('.frame-detail .detail-text'))?.split('\n').slice(0, 2)).toEqual([
      'data: {"id":"1","choices":[{"delta":{"content":"is "}}]}',
      'data: {"id":"1","choices":[{"delta":{"content":"closed."}}]}',
    ]);
    expect(await page.isVisible('.frame-detail .detail-note')).toBe(true);
    // A path that reaches no string says so, read again as it is typed.
    await page.fill('#path', 'choices.0.delta.text');
    await page.waitForFunction(() => document.querySelector('[data-testid="reassembly-summary"]')?.textContent?.startsWith('Text reassembled from 0 of 5'));
    await page.close();
  });

  it('explains the error a stream ended with: what it means, whether to retry, what to change, and where that was read', async () => {
    const page = await open();
    await page.click('[data-example="ends-in-error"]');
    await shown(page);
    const explanation = (await page.textContent('[data-testid="error-explanation"]')) ?? '';
    expect(explanation).toContain('type overloaded_error');
    expect(explanation).toContain('HTTP 529');
    expect(await page.textContent('[data-testid="error-retry"]')).toBe('Yes, with backoff');
    expect(await page.textContent('#stream-error .source')).toMatch(/read \d{4}-\d{2}-\d{2}/);
    await page.close();
  });

  it('copies the non-streamed response with the copy button', async () => {
    const page = await open();
    await page.click('[data-example="anthropic-text-tool"]');
    await shown(page);
    await page.click('[data-testid="copy-response"]');
    await page.waitForSelector('[data-testid="copy-response"].done');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { content: Array<{ type: string }>; stop_reason: string };
    expect(copied.stop_reason).toBe('tool_use');
    expect(copied.content.map((block) => block.type)).toEqual(['text', 'tool_use']);
    expect(JSON.parse((await page.textContent('#response-json')) ?? '')).toEqual(copied);
    await page.close();
  });

  it("lands a finding's link on its entry in the catalogue", async () => {
    const page = await open();
    await page.click('[data-example="cut-off"]');
    await shown(page);
    await page.click('#findings .finding[data-code="cut"] a.code-link');
    await page.waitForFunction(() => location.hash === '#finding-cut');
    const entry = page.locator('#finding-cut');
    await expect.poll(() => entry.evaluate((element) => element.matches(':target'))).toBe(true);
    const box = await entry.boundingBox();
    const viewport = page.viewportSize();
    expect(box !== null && viewport !== null && box.y >= 0 && box.y < viewport.height).toBe(true);
    expect(await entry.textContent()).toContain('Cut off inside the last frame');
    await page.close();
  });

  it('keeps the input in the link only when asked, and says the link carries it', async () => {
    const page = await open();
    await page.click('[data-example="harbour"]');
    await shown(page);
    expect(await page.evaluate(() => location.hash)).toBe('');
    await page.click('#make-link');
    await page.waitForSelector('#link-box:not([hidden])');
    expect(await page.textContent('#link-box')).toContain('This link carries what you pasted');
    const link = await page.inputValue('#link');
    expect(link.startsWith(`${PAGE_URL}#`)).toBe(true);
    const again = await browser.context.newPage();
    await again.goto(link);
    await shown(again);
    expect(await again.inputValue('#mode')).toBe('events');
    expect(await again.inputValue('#path')).toBe('choices.0.delta.content');
    expect(await again.textContent('[data-testid="reassembled"]')).toBe('The harbour ');
    await again.close();
    await page.close();
  });

  it('says when a stream is too large for a link, and makes none', async () => {
    const page = await open();
    const noise = randomBytes(1_600_000).toString('base64');
    await page.evaluate((text) => navigator.clipboard.writeText(text), `data: {"choices":[{"index":0,"delta":{"content":"${noise}"}}]}\n\ndata: [DONE]\n\n`);
    await page.focus('#stream');
    await page.keyboard.press('Control+V');
    await shown(page);
    expect(await page.isVisible('#held')).toBe(true);
    await page.click('#make-link');
    await page.waitForSelector('#link-box:not([hidden])');
    expect(await page.textContent('#link-box .warn-text')).toMatch(/^Too large for a link/);
    expect(await page.inputValue('#link')).toBe('');
    expect(await page.evaluate(() => location.hash)).toBe('');
    await page.close();
  });

  it('makes no network request at all, and its policy blocks one a script tries', async () => {
    const page = await open();
    for (const example of EXAMPLES) {
      await page.click(`[data-example="${example.id}"]`);
      await page.waitForFunction((id) => document.querySelector(`[data-example="${id}"]`)?.getAttribute('aria-pressed') === 'true' && document.querySelector('#report')?.getAttribute('data-state') === 'shown', example.id);
    }
    const attempt = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));
      const outcome = await fetch('http://127.0.0.1:9/').then(() => 'sent', () => 'blocked');
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { outcome, violations };
    });
    expect(attempt.outcome).toBe('blocked');
    expect(attempt.violations).toContain('connect-src');
    const outside = requests.filter((url) => !url.startsWith('file://') && !url.startsWith('blob:'));
    expect(outside).toEqual([]);
    // The only requests are the page itself and its reader, started from a blob of the page's own script.
    expect(new Set(requests.map((url) => url.split(':')[0]))).toEqual(new Set(['file', 'blob']));
    await page.close();
  });

  it('shows a frame whole when its row is clicked, and a finding takes you to its frame', async () => {
    const page = await open();
    await page.click('[data-example="cut-off"]');
    await shown(page);
    await page.click('.frame-row[data-index="1"][data-filled="true"]');
    await page.waitForSelector('.frame-detail:not([hidden])');
    expect(await page.textContent('.frame-detail .detail-title')).toBe('Frame 1 · lines 3–4 · text +9 chars to choice 0');
    expect(await page.textContent('.frame-detail .detail-text')).toContain('"content":"Boarding "');
    await page.click('#findings .finding[data-code="cut"] .frame-link');
    await page.waitForFunction(() => document.querySelector('.frame-detail .detail-title')?.textContent?.startsWith('Frame 4 · line 9'));
    expect(await page.getAttribute('.frame-row.selected', 'data-index')).toBe('4');
    expect(await page.getAttribute('.frame-row[data-index="4"]', 'class')).toContain('flagged');
    // The keyboard moves through the rows.
    await page.focus('.frames-viewport');
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.querySelector('.frame-detail .detail-title')?.textContent?.startsWith('Frame 3 '));
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('.frame-detail .detail-title')?.textContent?.startsWith('Frame 0 '));
    expect(await page.getAttribute('.frame-row.selected', 'data-index')).toBe('0');
    await page.close();
  });

  it('reads a file chosen with the file button, and a file dropped on the page', async () => {
    const page = await open();
    const tool = EXAMPLES.find((example) => example.id === 'tool-fragments')?.text ?? '';
    await page.setInputFiles('#file', { name: 'tool.sse', mimeType: 'text/event-stream', buffer: Buffer.from(tool) });
    await shown(page);
    expect(await page.inputValue('#stream')).toBe(tool);
    expect(await page.textContent('[data-testid="tool-call"] .tool-name')).toBe('get_tide_times');
    const cut = EXAMPLES.find((example) => example.id === 'cut-off')?.text ?? '';
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'cut.sse', { type: 'text/event-stream' }));
      document.querySelector('#drop')?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, cut);
    await page.waitForFunction(() => document.querySelector('#summary .verdict-word')?.textContent === 'Did not finish');
    expect(await page.inputValue('#stream')).toBe(cut);
    await page.close();
  });

  it('reads the stream as the format chosen', async () => {
    const page = await open();
    await page.click('[data-example="anthropic-text-tool"]');
    await shown(page);
    await page.selectOption('#mode', 'chat-completions');
    await page.waitForFunction(() => document.querySelector('#summary .facts')?.textContent?.startsWith('Chat Completions'));
    const codes = await page.$$eval('#findings .finding', (items) => items.map((item) => item.getAttribute('data-code')));
    expect(codes).toEqual(['not assembled', 'no end']);
    expect(await page.textContent('#summary .verdict-word')).toBe('Did not finish');
    await page.close();
  });

  it('offers every registered format in "Read as", and reads each format\'s example as that format, whole', async () => {
    const page = await open();
    const options = await page.$$eval('#mode option', (items) => items.map((item) => (item as HTMLOptionElement).value));
    expect(options).toEqual(['auto', ...FORMAT_MODULES.map((module) => module.name), 'events']);
    expect(FORMAT_EXAMPLES.map((example) => example.id)).toEqual(FORMAT_MODULES.map((module) => `format-${module.name}`));
    for (const module of FORMAT_MODULES) {
      await page.click(`[data-example="format-${module.name}"]`);
      await page.waitForFunction((title) => document.querySelector('#summary .facts')?.textContent?.startsWith(title) === true, module.title);
      expect(await page.textContent('#summary .verdict-word'), module.name).toBe('Complete');
      expect(await page.$$eval('#findings .sev-border-error, #findings .sev-border-warning', (items) => items.length), module.name).toBe(0);
      // The same text, read as the format chosen in "Read as", reads alike.
      await page.selectOption('#mode', module.name);
      await page.waitForFunction((title) => document.querySelector('#summary .facts')?.textContent?.startsWith(title) === true, module.title);
      expect(await page.textContent('#summary .verdict-word'), module.name).toBe('Complete');
      if (module.wire !== undefined || module.framing !== undefined) await screenshotFor(page, `format-${module.name}`, { fullPage: true });
    }
    await page.close();
  });

  it('shows when each frame of a timestamped capture arrived, and the timing', async () => {
    const stamp = (ms: number) => `2026-12-01T09:00:0${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}Z`;
    const frames: Array<[number, string]> = [
      [800, '{"choices":[{"index":0,"delta":{"content":"The "}}]}'],
      [840, '{"choices":[{"index":0,"delta":{"content":"tide."}}]}'],
      [3380, '{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}'],
      [3380, '[DONE]'],
    ];
    const capture = frames.map(([ms, data]) => `${stamp(ms)} data: ${data}\n${stamp(ms)}\n`).join('');
    const page = await open();
    await page.fill('#stream', capture);
    await shown(page);
    expect(await page.textContent('#summary .timing')).toBe('Timing: first content after 0 ms · longest gap between content 2.54 s · whole stream 2.58 s');
    await page.waitForSelector('.frame-row[data-index="3"][data-filled="true"]');
    expect(await page.$$eval('.frame-row .c-time', (cells) => cells.map((cell) => cell.textContent))).toEqual(['+0 ms', '+40 ms', '+2,580 ms', '+2,580 ms']);
    await page.close();
  });

  it('lists the first findings of a kind that repeats, and counts the rest', async () => {
    const page = await open();
    const noise = Array.from({ length: 100 }, (_, i) => `data: not json ${i}\n\n`).join('');
    await page.fill('#stream', `${noise}data: [DONE]\n\n`);
    await shown(page);
    expect(await page.$$eval('#findings .finding[data-code="not json"]', (items) => items.length)).toBe(20);
    expect(await page.textContent('#findings .more')).toBe('and 80 more not json, counted, not listed');
    // 100 `not json`, and the `no format` that explains why no answer was read.
    expect(await page.textContent('#findings h2 .count')).toBe('101');
    expect(await page.$$eval('#findings .finding[data-code="no format"]', (items) => items.length)).toBe(1);
    await page.close();
  });

  it('reads on the page itself, in slices, where no worker can be started', async () => {
    const page = await browser.context.newPage();
    await page.addInitScript(() => Object.defineProperty(window, 'Worker', { value: undefined }));
    await page.goto(PAGE_URL);
    await page.click('[data-example="tool-fragments"]');
    await shown(page);
    expect(await page.textContent('#status')).toContain('read on this page');
    expect(await page.textContent('#summary .verdict-word')).toBe('Complete');
    await page.waitForSelector('.frame-row[data-index="0"][data-filled="true"]');
    await page.close();
  });

  it('reads the stream in a worker', async () => {
    const page = await open();
    await page.click('[data-example="salyro-chat"]');
    await shown(page);
    expect(await page.textContent('#status')).toContain('read in a worker');
    await page.close();
  });
});
