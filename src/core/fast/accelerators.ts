import type { Assembler, FormatName } from '../model.js';
import type { Accelerator } from './accelerator.js';
import { geminiAccelerator } from './gemini.js';

/** The formats that have an accelerator; a format missing here is read by its specification alone. */
const ACCELERATORS = new Map<FormatName, Accelerator>([
  ['gemini', geminiAccelerator],
]);

/**
 * For assemblers that still carry their plan and apply steps as methods of their own (until each format's
 * accelerator has its own file).
 */
const viaAssembler: Accelerator<Assembler & Partial<LegacyFastMethods>> = {
  plan: (assembler, frame, value, holes, makerAt) => assembler.fastPlan?.(frame, value, holes, makerAt) ?? null,
  apply: (assembler, plan, values, record) => assembler.applyFast?.(plan, values, record) === true,
  knownStrings: (assembler, frameLength) => assembler.knownStrings?.(frameLength) ?? [],
};

interface LegacyFastMethods {
  fastPlan: NonNullable<Assembler['fastPlan']>;
  applyFast: NonNullable<Assembler['applyFast']>;
  knownStrings: NonNullable<Assembler['knownStrings']>;
}

export function acceleratorOf(format: FormatName): Accelerator {
  return ACCELERATORS.get(format) ?? viaAssembler;
}
