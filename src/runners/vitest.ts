/**
 * `sse-reconstruct/vitest`: a Vitest setup file. Registers the matchers, the snapshot serializer and the hook that
 * fails a test for an async matcher it did not await; also brings the matcher types to `expect`.
 */
import { afterEach, expect } from 'vitest';
import { checkAwaited, guardMatchers } from '../matchers/await-guard.js';
import { createMatchers } from '../matchers/index.js';
import type { SseMatchers } from '../matchers/types.js';
import { serializer } from './serializer.js';

expect.extend(guardMatchers(createMatchers('vitest')) as unknown as Parameters<typeof expect.extend>[0]);
expect.addSnapshotSerializer(serializer);
afterEach(checkAwaited);

// No type parameters on purpose: the declaration then merges with Vitest 4 (`Matchers<T>`) and 5 (`Matchers<R, T>`).
// `expect.not.*` reads AsymmetricMatchersContaining; the same member types keep ExpectStatic, which extends both, valid.
/* eslint-disable @typescript-eslint/no-empty-object-type */
declare module 'vitest' {
  interface Matchers extends SseMatchers<void> {}
  interface AsymmetricMatchersContaining extends SseMatchers<void> {}
}

export type * from '../matchers/types.js';
export { configure, type MatcherSettings } from '../matchers/input.js';
