// `preset: 'sse-reconstruct'`: registers the matchers, the serializer and the await check. Jest concatenates
// setupFilesAfterEnv (preset first), so the project's own setup files still run.
module.exports = {
  setupFilesAfterEnv: [require.resolve('./dist/jest.cjs')],
};
