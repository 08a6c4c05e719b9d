/** TypeScript through ts-jest; sse-reconstruct's setup file next to the ts-jest preset. @type {import('jest').Config} */
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  setupFilesAfterEnv: ['sse-reconstruct/jest'],
};
