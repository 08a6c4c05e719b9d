// Sessions with speed settings of their own, for the tests that read a stream with the fast path on and off, or count
// what it did: each session gets its settings, so no test changes another's.
import { defaultFastSettings, type FastSettings } from '../../../src/core/fast/settings.js';
import { type StreamText, toChunks } from '../../../src/core/input/chunks.js';
import { type LiveSession, openSession } from '../../../src/core/reconstruct.js';
import type { Reconstruction, ReconstructOptions } from '../../../src/index.js';

/** The speed layer on (counting from zero) or off. */
export function fastSettings(enabled = true): FastSettings {
  const settings = defaultFastSettings();
  settings.enabled = enabled;
  return settings;
}

/** `reconstruct(input, options)`, read with `fast`. */
export function reconstructWith(fast: FastSettings, input: StreamText, options: ReconstructOptions = {}): Reconstruction {
  const session = openSession(options, undefined, fast);
  for (const chunk of toChunks(input, 'reconstruct')) session.push(chunk);
  return session.end();
}

/** `createReconstruction(options)`, read with `fast`. */
export function sessionWith(fast: FastSettings, options: ReconstructOptions = {}): LiveSession {
  return openSession(options, undefined, fast);
}
