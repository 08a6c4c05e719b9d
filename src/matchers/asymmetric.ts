import type { AsymmetricMatcherLike, SseMatcherName, SseMatchers } from './types.js';

/** The matchers as `expect.toHaveFinding('sequence gap')` inside `toEqual`: sync inputs only (text, reconstructions). */
export type SseAsymmetricMatchers = {
  [Name in SseMatcherName]: (...args: Parameters<SseMatchers<void>[Name]>) => AsymmetricMatcherLike;
};
