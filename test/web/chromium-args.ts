// How the page's tests start Debian's chromium: headless, and every network feature that could phone home turned off
// (test/web/browser.ts for a file's own browser, test/setup/browser-server.ts for the run's shared one).
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
