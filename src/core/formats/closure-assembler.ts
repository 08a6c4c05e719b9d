import type { Frame, Payload } from '../decode/frame.js';
import type { Assembler, Assembly, FastPlan, FrameRecord, MakerAt } from '../model.js';

/** An assembler written as closures over its state: how it reads a frame, finishes, and plans fast frames. */
export type AssemblerParts = Pick<Assembler, 'read' | 'finish'> & { fastPlan: NonNullable<Assembler['fastPlan']> };

/**
 * The shell of an assembler whose reading is closures (Gemini, Responses): a class, so that its fast path is a
 * method every stream shares (see Assembler.applyFast), working on `fast`, the state it shares with the closures.
 */
export abstract class ClosureAssembler<FastState> implements Assembler {
  constructor(
    protected readonly fast: FastState,
    private readonly parts: AssemblerParts,
  ) {}

  read(frame: FrameRecord, payload: Payload): void {
    this.parts.read(frame, payload);
  }

  finish(): Assembly {
    return this.parts.finish();
  }

  fastPlan(frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[], makerAt: MakerAt): FastPlan | null {
    return this.parts.fastPlan(frame, value, holes, makerAt);
  }

  abstract applyFast(plan: FastPlan, values: ReadonlyArray<string | number>, record: FrameRecord): boolean;
}
