import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/jest/**', 'node_modules/**', 'examples/**'],
    testTimeout: 120_000,
    setupFiles: ['test/setup/fast-check.ts'],
  },
});
