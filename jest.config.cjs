// The repo's Jest run: suites under test/jest/ use the BUILT package (dist/) through the real preset file.
module.exports = {
  rootDir: __dirname,
  preset: './jest-preset.cjs',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/jest/**/*.test.cjs'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/jest/fixtures/'],
  transform: {},
  testTimeout: 60_000,
};
