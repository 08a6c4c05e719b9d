import { sseReconstruct } from 'sse-reconstruct/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [sseReconstruct()],
  test: { testTimeout: 120_000 }, // generous: a loaded CI machine slows live streams; time targets belong in a bench
});
