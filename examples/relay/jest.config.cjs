/** @type {import('jest').Config} */
module.exports = {
  preset: 'sse-reconstruct',
  testEnvironment: 'node',
  testTimeout: 120_000, // generous: a loaded CI machine slows live streams; time targets belong in a bench
  testMatch: ['<rootDir>/test/jest/**/*.test.js'],
};
