// The page with a capture and its report already in it (`--html FILE`), and opening it with the platform's opener
// (`--open`). Node only: the page itself is built from src/web by scripts/build-page.mjs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { inspect, reconstruct, type FormatName } from '../core/index.js';
import { escapeHtml } from '../web/html.js';
import { buildInspectionReport } from '../web/inspection-model.js';
import { inspectionHtml } from '../web/render-inspection.js';
import { reconstructionHtml } from '../web/render-report.js';
import { buildReconstructionReport } from '../web/report-model.js';
import { SseReconstructError } from '../core/index.js';

const PAGE_NAME = 'sse-reconstruct.html';

/** The page the package ships (dist/web/), found beside the running CLI (dist/cli.js, or src/cli/index.ts in development). */
export function shippedPage(): string {
  const script = process.argv[1];
  const here = script !== undefined && existsSync(script) ? dirname(realpathSync(script)) : process.cwd();
  // dist/cli.js has dist/web beside it; src/cli/index.ts (development) finds it two folders up.
  const candidates = [join(here, 'web', PAGE_NAME), join(here, '..', '..', 'dist', 'web', PAGE_NAME)];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) throw new SseReconstructError('ERR_SSE_PAGE_NOT_BUILT', `sse-reconstruct: the page is not built: none of ${candidates.join(', ')} exists (run npm run build)`);
  return found;
}

export interface PageInput {
  /** The capture as text, exactly as read. */
  text: string;
  /** Read as any event stream (the inspector) rather than reconstructed. */
  inspect: boolean;
  format?: FormatName;
  path?: string;
  maxHeldChars?: number;
}

/**
 * The shipped page with the capture and its report written in: the report is there as HTML before any script runs
 * (a CI artifact viewer that runs no script still shows it), and the page reads the capture again to fill the frames
 * table. The capture sits in a JSON data block, which the page's policy does not run.
 */
export function reportPage(input: PageInput): string {
  const started = performance.now();
  const held = input.maxHeldChars !== undefined ? { maxHeldChars: input.maxHeldChars } : {};
  const report = input.inspect
    ? inspectionHtml(buildInspectionReport(inspect(input.text, { ...held, ...(input.path ? { path: input.path } : {}) }), input.text, performance.now() - started))
    : reconstructionHtml(buildReconstructionReport(reconstruct(input.text, { ...held, ...(input.format ? { format: input.format } : {}) }), input.text, performance.now() - started));
  const mode = input.inspect ? 'events' : (input.format ?? 'auto');
  const preload = JSON.stringify({ text: input.text, mode, path: input.path ?? '' }).replace(/</g, '\\u003c');
  const page = readFileSync(shippedPage(), 'utf8');
  return insert(
    insert(page, '<!--sse:report-->', `${report}`),
    '<!--sse:preload-->',
    `<script type="application/json" id="sse-preload">${preload}</script>`,
  ).replace('<title>', `<title>${escapeHtml(mode === 'events' ? 'Inspection' : 'Report')} · `);
}

/** Replaces the first `marker` (the page's markers come before its script, so one in the script is never hit). */
function insert(page: string, marker: string, content: string): string {
  const at = page.indexOf(marker);
  if (at < 0) throw new SseReconstructError('ERR_SSE_PAGE_NOT_BUILT', `sse-reconstruct: the shipped page has no ${marker} marker; rebuild it`);
  return page.slice(0, at) + content + page.slice(at + marker.length);
}

/** Writes the report page to `file`, or to a new file in the temp folder when none is named; returns its path. */
export function writeReportPage(input: PageInput, file?: string): string {
  const target = file !== undefined ? resolve(file) : join(mkdtempSync(join(tmpdir(), 'sse-reconstruct-')), 'report.html');
  writeFileSync(target, reportPage(input));
  return target;
}

/** The platform's command that opens a file in the default browser. */
export function openerFor(platform: NodeJS.Platform, file: string): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [file] };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', file] };
  return { command: 'xdg-open', args: [file] };
}

/** Opens `file` with the platform's opener and does not wait for the browser; null when it started, else why not. */
export function openFile(file: string): Promise<string | null> {
  const { command, args } = openerFor(process.platform, file);
  return new Promise((done) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', (error) => done(`could not start ${command} (${(error as NodeJS.ErrnoException).code ?? error.message}); open ${file} in a browser`));
    child.once('spawn', () => {
      child.unref();
      done(null);
    });
  });
}
