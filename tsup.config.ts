import { defineConfig } from 'tsup';

const entry = {
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
};

/**
 * The declarations are bundled from those `tsc -p tsconfig.build.json` wrote (run it first, as `npm run build` does):
 * from .d.ts files rollup-plugin-dts type-checks nothing, so src is checked once, by tsc.
 */
const declarations = Object.fromEntries(Object.entries(entry).map(([name, file]) => [name, `.tmp/declarations/${file.replace(/\.ts$/, '.d.ts')}`]));

export default defineConfig({
  entry,
  format: ['esm', 'cjs'],
  dts: { entry: declarations },
  // dist/web is the page's (scripts/build-page.mjs), built beside the typecheck under `npm test`.
  clean: ['!web/**'],
  sourcemap: false,
  target: 'node20',
  external: ['vitest', 'vite', 'expect', '@jest/globals', 'jest', 'fast-check'],
});
