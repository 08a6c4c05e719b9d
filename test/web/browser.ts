// Starts Debian's chromium through playwright-core for the page's tests: no browser download, a fresh profile
// removed afterwards, and every network feature that could phone home turned off.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { findChromium } from '../../scripts/test-summary.mjs';

// Found as `npm test` finds it, which fails the run if these suites skip on a machine that has chromium.
const CHROMIUM = findChromium();
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

export async function launch(options: { colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'sse-reconstruct-page-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM ?? undefined,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    deviceScaleFactor: 1,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  }).catch((error: unknown) => {
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
