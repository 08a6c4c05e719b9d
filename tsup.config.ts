import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/index.ts',
    matchers: 'src/matchers/index.ts',
    serializer: 'src/runners/serializer.ts',
    vitest: 'src/runners/vitest.ts',
    'vitest-plugin': 'src/runners/vitest-plugin.ts',
    jest: 'src/runners/jest.ts',
    fixtures: 'src/fixtures/index.ts',
    faults: 'src/faults/index.ts',
    arbitraries: 'src/arbitraries/index.ts',
    server: 'src/server/index.ts',
    conformance: 'src/conformance/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  target: 'node20',
  external: ['vitest', 'vite', 'expect', '@jest/globals', 'jest', 'fast-check'],
});
