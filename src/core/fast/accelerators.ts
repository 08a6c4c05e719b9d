import type { FormatName } from '../model.js';
import type { Accelerator } from './accelerator.js';
import { keepShape } from '../keep-shapes.js';
import { PieceText } from '../formats/piece-text.js';
import { anthropicAccelerator } from './anthropic.js';
import { chatCompletionsAccelerator } from './chat-completions.js';
import { geminiAccelerator } from './gemini.js';
import { responsesAccelerator } from './responses.js';

/** The formats that have an accelerator; a format missing here is read by its specification alone. */
const ACCELERATORS = new Map<FormatName, Accelerator>([
  ['chat-completions', chatCompletionsAccelerator],
  ['responses', responsesAccelerator],
  ['anthropic', anthropicAccelerator],
  ['gemini', geminiAccelerator],
]);

/** The format's accelerator; null for a format read by its specification alone. */
export function acceleratorOf(format: FormatName): Accelerator | null {
  return ACCELERATORS.get(format) ?? null;
}

// Every accelerator pushes into a PieceText on its hot path: one idle instance keeps its optimised code.
keepShape(new PieceText()).push('kept');
