import type { Accelerator } from './accelerator.js';
import { keepShape } from '../keep-shapes.js';
import { PieceText } from '../formats/piece-text.js';
import { FORMAT_MODULES } from '../formats/registry.js';

/**
 * The format's accelerator, from its module; null for a format read by its specification alone (or not listed). The
 * module's field is opaque in the public type (the speed layer's types stay out of the package's declarations); each
 * folder's accelerator.ts types it as an Accelerator.
 */
export function acceleratorOf(format: string): Accelerator | null {
  return (FORMAT_MODULES.find((module) => module.name === format)?.accelerator as Accelerator | undefined) ?? null;
}

// Every accelerator pushes into a PieceText on its hot path: one idle instance keeps its optimised code.
keepShape(new PieceText()).push('kept');
