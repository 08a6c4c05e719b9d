/** @type {import('jest').Config} */
module.exports = {
  preset: 'sse-reconstruct',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/jest/**/*.test.js'],
};
