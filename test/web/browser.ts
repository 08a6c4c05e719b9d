// Gives the page's tests a browser: Debian's chromium through playwright-core (no browser download), the run's shared
// one when there is one, each test file in a fresh context.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { findChromium } from '../../scripts/test-summary.mjs';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium-args.js';

// Found as `npm test` finds it, which fails the run if these suites skip on a machine that has chromium (started as
// its headless shell when that is installed too).
const CHROMIUM = chromiumExecutable(findChromium());
export const PAGE_FILE = resolve('dist/web/sse-reconstruct.html');
export const PAGE_URL = pathToFileURL(PAGE_FILE).href;

/** Why the browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  if (CHROMIUM === null) return `no chromium at ${process.env.SSE_CHROMIUM ?? '/usr/bin/chromium or on the PATH'} (install Debian's package: apt-get install -y chromium)`;
  return null;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** The options a test gives its browser: they apply to its own context. */
export interface LaunchOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
  /**
   * A chromium of the file's own, for a file that uses the clipboard: the clipboard belongs to the browser, shared by
   * all its contexts, so files running side by side in the run's chromium would paste each other's text.
   */
  ownClipboard?: boolean;
}

/**
 * A fresh browser context for a test file: in the run's shared chromium when test/setup/browser-server.ts started
 * one (a context is as fresh as a new profile: its own cookies, storage and permissions), else in a chromium of its
 * own with a temporary profile. `close()` closes what was opened for it.
 */
export async function launch(options: LaunchOptions = {}): Promise<Browser> {
  const endpoint = inject('browserEndpoint') ?? '';
  const contextOptions = {
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    deviceScaleFactor: 1,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  };
  if (endpoint !== '' && options.ownClipboard !== true) {
    const shared = await chromium.connect(endpoint);
    const context = await shared.newContext(contextOptions);
    return {
      context,
      async close() {
        await context.close();
        await shared.close(); // a connected browser only disconnects: the run's chromium stays up
      },
    };
  }
  return launchOwn(contextOptions);
}

async function launchOwn(contextOptions: Required<Omit<LaunchOptions, 'ownClipboard'>> & { deviceScaleFactor: number }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'sse-reconstruct-page-profile-'));
  const context = await chromium
    .launchPersistentContext(profile, { executablePath: CHROMIUM ?? undefined, headless: true, args: CHROMIUM_ARGS, ...contextOptions })
    .catch((error: unknown) => {
      rmSync(profile, { recursive: true, force: true }); // a launch that failed leaves no profile behind
      throw error;
    });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Builds the page when a targeted run finds it missing (`npm test` builds it first). */
export function ensurePage(): void {
  if (existsSync(PAGE_FILE)) return;
  const built = spawnSync(process.execPath, ['scripts/build-page.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('scripts/build-page.mjs failed');
}

/** Where the page's screenshots go, for a person to look at: reports/page. */
export const SHOTS = 'reports/page';

/**
 * Saves a screenshot of the page as `reports/page/<name>.png` when SSE_PAGE_SHOTS is set (`SSE_PAGE_SHOTS=1 npx vitest
 * run test/web`): nothing asserts on them, and drawing and encoding a full page costs chromium a CPU second or more
 * on a loaded machine, so `npm test` takes none.
 */
export async function screenshotFor(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.SSE_PAGE_SHOTS === undefined || process.env.SSE_PAGE_SHOTS === '') return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: options.fullPage ?? false });
}
