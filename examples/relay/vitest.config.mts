import { sseReconstruct } from 'sse-reconstruct/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [sseReconstruct()],
  test: {
    include: ['test/vitest/**/*.test.ts'],
    // Generous: a loaded shared machine slows a property run many times over; time targets live in the bench.
    testTimeout: 300_000,
    // Four files at once (Vitest gives a 2-core machine one worker): the suites wait on sockets and the kit's bounds
    // far more than they compute, and a worker per file keeps each event loop as quiet as when it runs alone. The
    // files share no state (each starts and closes its own servers), so a worker takes its next file without a restart.
    maxWorkers: 4,
    isolate: false,
  },
});
