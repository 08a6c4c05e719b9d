import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/jest/**', 'node_modules/**', 'examples/**'],
    testTimeout: 120_000,
    // One fresh property seed per run, printed; FC_SEED replays it.
    globalSetup: ['test/setup/global-seed.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
  },
});
