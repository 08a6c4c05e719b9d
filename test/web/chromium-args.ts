// How the page's tests start Debian's chromium: headless, and every network feature that could phone home turned off
// (test/web/browser.ts for a file's own browser, test/setup/browser-server.ts for the run's shared one).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const CHROMIUM_ARGS: string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The binary the tests start, given the chromium found (scripts/test-summary.mjs's findChromium): Debian's
 * chromium-headless-shell when it is installed too, else that chromium. The shell is the same build as chromium, in
 * its old headless mode (no browser UI, one renderer): a page opened and read took 1.4 CPU seconds in it against 3.4
 * in chromium --headless, and test/web 106 against 202. SSE_CHROMIUM, when set, is started as it is.
 */
export function chromiumExecutable(chromium: string | null, env = process.env): string | null {
  if (chromium === null || env.SSE_CHROMIUM) return chromium;
  const dirs = ['/usr/bin', ...(env.PATH ?? '').split(delimiter).filter(Boolean)];
  return dirs.map((dir) => join(dir, 'chromium-headless-shell')).find((path) => existsSync(path)) ?? chromium;
}
