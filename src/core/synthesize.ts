import { formatModule } from './formats/registry.js';
import type { FormatName, SynthesizeOptions } from './model.js';
import { checkOptionTable, SYNTHESIZE_OPTION_RULES } from './options.js';

/**
 * Writes the documented stream that stands for a non-streamed response, cut into pieces: the inverse of
 * `reconstruct()`, for fixtures in your own tests. `reconstruct(synthesize(format, response)).response` equals
 * `response` for every format.
 */
export function synthesize(format: FormatName, response: unknown, options: SynthesizeOptions = {}): string {
  checkOptionTable(options, SYNTHESIZE_OPTION_RULES, { where: 'synthesize' });
  return formatModule(format).synthesize(response, options);
}
