// The page's compare view in a real browser: two streams pasted, the differences listed, each linked to its frame on
// both sides; the same answer in two formats reads as the same.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_MODULES, synthesize, type FormatName } from '../../src/index.js';
import { browserMissing, ensurePage, launch, PAGE_URL, screenshotFor, type Browser } from './browser.js';

const missing = browserMissing();
if (missing !== null) console.warn(`test/web/compare-view.test.ts skipped: ${missing}`);


function textResponse(format: FormatName, text?: string): Record<string, unknown> {
  const spec = FORMAT_MODULES.find((module) => module.name === format)?.fixtures.specs.find((candidate) => candidate.kind === 'text');
  const json = JSON.stringify(spec?.response);
  const response = JSON.parse(text === undefined ? json : json.replace('The capital of France is Paris.', text)) as Record<string, unknown>;
  // The Chat Completions fixture carries no usage: give it the counts the others carry (a relay asked for usage).
  if (format === 'chat-completions') response.usage = { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 };
  return response;
}

const upstream = synthesize('anthropic', textResponse('anthropic'));
const relayed = synthesize('chat-completions', textResponse('chat-completions'));
const dropped = synthesize('chat-completions', textResponse('chat-completions', 'tal of France is Paris.'));

describe.skipIf(missing !== null)('the compare view', () => {
  let browser: Browser;

  beforeAll(async () => {
    ensurePage();
    browser = await launch();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function compare(up: string, down: string): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(PAGE_URL);
    await page.click('#open-compare');
    expect(await page.isVisible('#input')).toBe(false);
    await page.fill('#compare-upstream', up);
    await page.fill('#compare-downstream', down);
    await page.waitForSelector('#compare-result[data-state="shown"]');
    return page;
  }

  it('lists a dropped start, linked to its frame on each side', async () => {
    const page = await compare(upstream, dropped);
    const verdict = await page.textContent('.compare-summary .verdict-word');
    expect(verdict).toBe('1 difference');
    const difference = page.locator('.difference').first();
    expect(await difference.getAttribute('data-code')).toBe('text dropped at start');
    expect(await difference.textContent()).toContain('first 8 characters');
    await difference.locator('[data-compare-side="upstream"]').click();
    const upFrame = page.locator('[data-frame-side="upstream"]');
    expect(await upFrame.isVisible()).toBe(true);
    expect(await upFrame.locator('.detail-title').textContent()).toMatch(/^upstream · frame 3 · lines? 10/);
    expect(await upFrame.locator('.detail-text').textContent()).toContain('"text":"The capi"');
    await difference.locator('[data-compare-side="downstream"]').click();
    expect(await page.locator('[data-frame-side="downstream"] .detail-title').textContent()).toMatch(/^downstream · frame 1 · lines? 3/);
    expect(await page.locator('[data-frame-side="downstream"] .detail-text').textContent()).toContain('"content":"tal of F"');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotFor(page, 'compare');
    await page.close();
  });

  it('reads the same answer in two formats as the same, and goes back to one stream', async () => {
    const page = await compare(upstream, relayed);
    expect(await page.textContent('.compare-summary .verdict-word')).toBe('Same answer');
    expect(await page.locator('.difference').count()).toBe(0);
    await page.click('#compare-close');
    expect(await page.isVisible('#input')).toBe(true);
    expect(await page.isVisible('#compare')).toBe(false);
    await page.close();
  });
});
