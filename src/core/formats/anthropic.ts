// Scaffolding so the registry loads while this format is being written; replaced whole by the format's module.
import type { FormatModule } from '../model.js';

export const anthropic: FormatModule = {
  name: 'anthropic',
  title: 'Anthropic Messages',
  endFrame: 'its end frame',
  recognise: () => 0,
  createAssembler: () => ({
    read() {},
    finish: () => ({ choices: [], usage: null, response: null, error: null, ended: false, missingPiece: false }),
  }),
  synthesize: () => '',
  finishReasons: { source: '', read: '', reasons: {} },
};
