/**
 * `sse-reconstruct/vitest-plugin`: `plugins: [sseReconstruct()]` adds the `sse-reconstruct/vitest` setup file.
 * The matcher types still come from `"types": ["sse-reconstruct/vitest"]` in tsconfig (a plugin cannot add types).
 */

/** The setup file the plugin adds: the `sse-reconstruct/vitest` entry. */
export const SETUP_FILE = 'sse-reconstruct/vitest';

/** A Vite plugin, typed by its shape so this module needs neither `vite` nor `vitest` to load or to type. */
export interface SseReconstructPlugin {
  name: 'sse-reconstruct';
  config(): { test: { setupFiles: string[] } };
}

/** The Vite plugin that adds `sse-reconstruct/vitest` to `test.setupFiles`, keeping your own setup files. */
export function sseReconstruct(): SseReconstructPlugin {
  return {
    name: 'sse-reconstruct',
    // Only our entry: Vite concatenates arrays, so the user's own setup files stay and run once.
    config: () => ({ test: { setupFiles: [SETUP_FILE] } }),
  };
}

export default sseReconstruct;
