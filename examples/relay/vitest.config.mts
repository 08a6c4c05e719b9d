import { sseReconstruct } from 'sse-reconstruct/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [sseReconstruct()],
  // Generous: a loaded shared machine slows a property run many times over; time targets live in the bench.
  test: { include: ['test/vitest/**/*.test.ts'], testTimeout: 300_000 },
});
