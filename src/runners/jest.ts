/**
 * `sse-reconstruct/jest`: a Jest setup file for `setupFilesAfterEnv` (the `sse-reconstruct` preset lists it).
 * Registers the matchers, the snapshot serializer and the hook that fails a test for an async matcher it did not
 * await; also types `expect` for both `@jest/globals` and the global `jest` namespace.
 */
import { afterEach, expect } from '@jest/globals';
import type { SseAsymmetricMatchers } from '../matchers/asymmetric.js';
import { checkAwaited, guardMatchers } from '../matchers/await-guard.js';
import { createMatchers } from '../matchers/index.js';
import type { SseMatchers } from '../matchers/types.js';
import { serializer } from './serializer.js';

expect.extend(guardMatchers(createMatchers('jest')) as unknown as Parameters<typeof expect.extend>[0]);
expect.addSnapshotSerializer(serializer);
afterEach(checkAwaited);

/* eslint-disable @typescript-eslint/no-empty-object-type, @typescript-eslint/no-namespace */
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends SseMatchers<R> {}
  interface AsymmetricMatchers extends SseAsymmetricMatchers {}
}

declare global {
  namespace jest {
    interface Matchers<R, T = {}> extends SseMatchers<R> {}
    interface Expect extends SseAsymmetricMatchers {}
    interface InverseAsymmetricMatchers extends SseAsymmetricMatchers {}
  }
}

export type * from '../matchers/types.js';
export { configure, type MatcherSettings } from '../matchers/input.js';
export type { SseAsymmetricMatchers } from '../matchers/asymmetric.js';
