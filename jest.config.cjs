// The repo's Jest run: suites under test/jest/ use the BUILT package (dist/) through the real preset file.
module.exports = {
  rootDir: __dirname,
  preset: './jest-preset.cjs',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/jest/**/*.test.cjs'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/jest/fixtures/'],
  // test/house/sixth-format.test.ts copies the package into .sixth-format-* while Vitest runs beside Jest: its
  // package.json would be a second 'sse-reconstruct' in Jest's module map.
  modulePathIgnorePatterns: ['<rootDir>/\\.sixth-format-'],
  transform: {},
  // One fresh property seed per run, printed; FC_SEED replays it.
  globalSetup: '<rootDir>/test/setup/jest-seed.cjs',
  setupFiles: ['<rootDir>/test/setup/jest-fast-check.cjs'],
  testTimeout: 60_000,
};
