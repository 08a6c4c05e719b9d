import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/jest/**', 'node_modules/**', 'examples/**'],
    testTimeout: 120_000,
    // Vitest's default on 2 cores is one worker; many files wait on sockets, timers and a browser rather than the
    // CPU, so four files in flight finish the run sooner (CI runs on 2 cores; in npm test 265 s against 290 s with three).
    maxWorkers: 4,
    // Test files share each worker's loaded modules instead of importing the sources afresh per file: in an
    // isolated run the imports took 361 s of the 1,091 s the files took in all. Files keep no state between them:
    // settings a file changes it restores (configure() in afterEach).
    isolate: false,
    // One fresh property seed per run, printed; FC_SEED replays it. One chromium for all the browser test files.
    globalSetup: ['test/setup/global-seed.ts', 'test/setup/browser-server.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
  },
});
