import { formatModule } from './formats/registry.js';
import type { FormatName, SynthesizeOptions } from './model.js';

/**
 * Writes the documented stream that stands for a non-streamed response, cut into pieces: the inverse of
 * `reconstruct()`, for fixtures in your own tests. `reconstruct(synthesize(format, response)).response` equals
 * `response` for every format.
 */
export function synthesize(format: FormatName, response: unknown, options: SynthesizeOptions = {}): string {
  return formatModule(format).synthesize(response, options);
}
