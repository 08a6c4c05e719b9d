import type { Frame } from '../decode/frame.js';
import type { Assembler, FrameRecord } from '../model.js';

/** The values of a frame's holes, in the order of its template's holes: strings may be views of the input chunk. */
export type HoleValues = ReadonlyArray<string | number>;

/** Makes the part of a frame's value at a dotted path from its holes' values; null when the path is not in it. */
export type MakerAt = (path: string) => ((values: HoleValues) => unknown) | null;

/**
 * Speed for one format, beside its specification: the steps its assembler's `read()` takes for the hot frame
 * shapes (a text delta), applied straight from a frame's hole values without the frame's value being built.
 * A format without one reads every frame through `read()`: correct, and merely slower.
 *
 * An accelerator is a module-level object whose methods every stream shares, never functions made per stream:
 * V8 throws away optimised code whose callee was collected with an earlier stream.
 */
export interface Accelerator<A extends Assembler = Assembler, Plan extends object = object> {
  /**
   * Once per frame shape: a plan (data) for frames shaped like `value` in which only the fields at `holes` (dotted
   * paths such as `delta.text`) change; `makerAt(path)` makes the part of a frame's value at `path` from its holes,
   * for a plan that keeps one. Null when such frames need `read()`.
   */
  plan(assembler: A, frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[], makerAt: MakerAt): Plan | null;
  /**
   * One frame of a planned shape: sets `record.type`, `carried` and `progress` as `read()` would and keeps no
   * reference to `record`. Returns false, having changed nothing, whenever `read()` would do anything else (raise a
   * finding, meet a state the plan does not cover). A string value kept other than in a PieceText is copied first
   * (see ownCopy), or the answer would keep the input chunk alive.
   */
  apply(assembler: A, plan: Plan, values: HoleValues, record: FrameRecord): boolean;
  /**
   * The long strings the assembly holds that a coming frame of `frameLength` characters may repeat whole (the
   * Responses terminal events carry the whole answer again); see known-strings.ts. Finding them may cost no more
   * than a small part of `frameLength`, so that reading stays linear in the input.
   */
  knownStrings?(assembler: A, frameLength: number): readonly string[];
}
