// Builds the page: src/web and the core bundled into ONE self-contained HTML file (dist/web/sse-reconstruct.html)
// whose Content-Security-Policy forbids every connection; its one script and one style are allowed by hash.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const out = 'dist/web/sse-reconstruct.html';
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;

const bundled = await build({
  entryPoints: ['src/web/main.ts'],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
});
// Nothing inside the script may end the element or open an HTML comment.
const script = bundled.outputFiles[0].text.trim().replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
const style = (await transform(readFileSync('src/web/styles.css', 'utf8'), { loader: 'css', minify: true })).code.trim();

// The catalogue and the example buttons are written into the HTML at build time, from the same modules.
const scratch = mkdtempSync(join(tmpdir(), 'sse-page-'));
let parts;
try {
  const file = join(scratch, 'static-parts.mjs');
  await build({ entryPoints: ['src/web/static-parts.ts'], bundle: true, format: 'esm', platform: 'node', outfile: file, logLevel: 'warning' });
  parts = await import(pathToFileURL(file).href);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const policy = [
  "default-src 'none'",
  `script-src ${hash(script)}`,
  `style-src ${hash(style)}`,
  'worker-src blob:',
  "connect-src 'none'",
  "img-src 'none'",
  "font-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const values = {
  '{{CSP}}': policy,
  '{{STYLE}}': style,
  '{{SCRIPT}}': script,
  '{{VERSION}}': version,
  '<!--sse:catalogue-->': parts.renderCatalogue(),
  '<!--sse:examples-->': parts.renderExampleButtons(),
  '<!--sse:read-modes-->': parts.renderReadModeOptions(),
};
let html = readFileSync('src/web/page.html', 'utf8');
// Script and style go in last, so a marker's text inside them is never replaced.
for (const key of ['{{CSP}}', '{{VERSION}}', '<!--sse:catalogue-->', '<!--sse:examples-->', '<!--sse:read-modes-->', '{{STYLE}}', '{{SCRIPT}}']) {
  const at = html.indexOf(key);
  if (at < 0) throw new Error(`build-page: ${key} is missing from src/web/page.html`);
  html = html.slice(0, at) + values[key] + html.slice(at + key.length);
}
mkdirSync('dist/web', { recursive: true });
writeFileSync(out, html);
console.log(`build-page: ${out} (${(html.length / 1024).toFixed(0)} KiB, one file, no network)`);
