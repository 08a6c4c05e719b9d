import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/jest/**', 'node_modules/**', 'examples/**'],
    testTimeout: 120_000,
    // Vitest's default on 2 cores is one worker; many files wait on sockets, timers and a browser rather than the
    // CPU, so three files in flight finish the run sooner (CI runs on 2 cores).
    maxWorkers: 3,
    // Test files share each worker's loaded modules instead of importing the sources afresh per file: the imports
    // were most of the run's time (a full run went from about 10 minutes to about 3 on this 2-core machine). Files
    // keep no state between them: settings a file changes it restores (configure() in afterEach).
    isolate: false,
    // One fresh property seed per run, printed; FC_SEED replays it.
    globalSetup: ['test/setup/global-seed.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
  },
});
