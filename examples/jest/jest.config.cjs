/** TypeScript through ts-jest; sse-reconstruct's setup file next to the ts-jest preset. @type {import('jest').Config} */
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  testTimeout: 120_000, // generous: a loaded CI machine slows live streams; time targets belong in a bench
  setupFilesAfterEnv: ['sse-reconstruct/jest'],
};
