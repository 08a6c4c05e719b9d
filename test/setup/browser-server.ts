// Vitest globalSetup: one chromium for every browser test file of the run. Each launch of chromium costs about four
// CPU seconds on this machine, and seven files launched their own; now each file connects to this one and opens a
// fresh context of its own (its own cookies, storage, permissions and options), closed when the file ends.
// When the run has no browser test file, or chromium is missing, nothing starts, and test/web/browser.ts falls back
// to a browser of the file's own.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { findChromium } from '../../scripts/test-summary.mjs';
import { CHROMIUM_ARGS, chromiumExecutable } from '../web/chromium-args.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared chromium's endpoint (chromium.connect), or '' when each browser test file starts its own. */
    browserEndpoint: string;
  }
}

const root = join(import.meta.dirname, '../..');

/** The test files that drive a browser (they call test/web/browser.ts's launch()), relative to the repo. */
function browserTestFiles(): string[] {
  const folder = join(root, 'test/web');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts') && readFileSync(join(folder, name), 'utf8').includes('launch('))
    .map((name) => relative(root, join(folder, name)));
}

/** Whether the run's file filters (none: every file) take in a browser test file, as Vitest matches them: by substring. */
function runsBrowserTests(project: TestProject): boolean {
  // The filters given on the command line; Vitest keeps them on its instance (no public getter in Vitest 4).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  if (filters.length === 0) return true;
  const files = browserTestFiles();
  return filters.some((filter) => files.some((file) => file.includes(filter.replace(/^\.\//, '')) || filter.includes('test/web')));
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const executablePath = chromiumExecutable(findChromium());
  if (executablePath === null || !runsBrowserTests(project)) {
    project.provide('browserEndpoint', '');
    return;
  }
  const server = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
