import { sseReconstruct } from 'sse-reconstruct/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [sseReconstruct()],
  test: { include: ['test/**/*.test.ts'] },
});
