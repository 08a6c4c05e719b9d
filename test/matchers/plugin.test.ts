// The Vitest plugin and the Jest preset: what each adds, and that the user's own setup files stay.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { mergeConfig } from 'vite';
import { expect, test } from 'vitest';
import sseReconstructDefault, { SETUP_FILE, sseReconstruct } from '../../src/runners/vitest-plugin.js';

test('the plugin adds only the setup file, through config()', () => {
  const plugin = sseReconstruct();
  expect(plugin.name).toBe('sse-reconstruct');
  expect(plugin.config()).toEqual({ test: { setupFiles: ['sse-reconstruct/vitest'] } });
  expect(SETUP_FILE).toBe('sse-reconstruct/vitest');
  expect(sseReconstructDefault).toBe(sseReconstruct);
});

test("merged as Vite merges plugin config, the user's setup files stay and ours is added once", () => {
  const asString = mergeConfig({ test: { setupFiles: './setup.ts' } }, sseReconstruct().config());
  expect(asString.test.setupFiles).toEqual(['./setup.ts', 'sse-reconstruct/vitest']);
  const asArray = mergeConfig({ test: { setupFiles: ['./a.ts', './b.ts'] } }, sseReconstruct().config());
  expect(asArray.test.setupFiles).toEqual(['./a.ts', './b.ts', 'sse-reconstruct/vitest']);
});

test('the Jest preset lists one setup file by absolute path, the built jest entry', () => {
  const require = createRequire(import.meta.url);
  const preset = require('../../jest-preset.cjs') as { setupFilesAfterEnv: string[] };
  expect(Object.keys(preset)).toEqual(['setupFilesAfterEnv']);
  expect(preset.setupFilesAfterEnv).toHaveLength(1);
  const [setup = ''] = preset.setupFilesAfterEnv;
  expect(isAbsolute(setup)).toBe(true);
  expect(setup.endsWith('dist/jest.cjs')).toBe(true);
  expect(existsSync(setup)).toBe(true);
});
