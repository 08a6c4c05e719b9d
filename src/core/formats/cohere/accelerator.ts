// Speed for Cohere v2: a `content-delta`, `tool-call-delta` or `tool-plan-delta` whose text is its one hole is
// applied from that hole by the assembler's own steps, without the frame's value being built.
import type { Frame } from '../../decode/frame.js';
import { FindingList } from '../../findings.js';
import type { FrameRecord } from '../../model.js';
import type { Accelerator, HoleValues } from '../../fast/accelerator.js';
import { keepShape } from '../../keep-shapes.js';
import { isIndex, isObject } from '../json-shape.js';
import { CohereAssembler } from './assembler.js';

/** A planned frame: what its piece is, and the index of its block or call (0 for the plan). */
interface PiecePlan {
  type: string;
  kind: 'text' | 'thinking' | 'arguments' | 'plan';
  index: number;
}

/** The one hole each planned event type has, and what its piece is. */
const HOLES = new Map<string, PiecePlan['kind']>([
  ['content-delta delta.message.content.text', 'text'],
  ['content-delta delta.message.content.thinking', 'thinking'],
  ['tool-call-delta delta.message.tool_calls.function.arguments', 'arguments'],
  ['tool-plan-delta delta.message.tool_plan', 'plan'],
]);

export const cohereAccelerator: Accelerator<CohereAssembler, PiecePlan> = {
  plan(_assembler: CohereAssembler, frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): PiecePlan | null {
    if (!isObject(value) || typeof value.type !== 'string' || holes.length !== 1) return null;
    // read() raises `event mismatch` for another name: that frame is read().
    if (frame.event !== value.type && frame.event !== 'message') return null;
    const kind = HOLES.get(`${value.type} ${String(holes[0])}`);
    if (kind === undefined) return null;
    if (kind === 'plan') return { type: value.type, kind, index: 0 };
    return isIndex(value.index) ? { type: value.type, kind, index: value.index } : null;
  },

  apply(assembler: CohereAssembler, plan: PiecePlan, values: HoleValues, record: FrameRecord): boolean {
    const piece = values[0];
    if (typeof piece !== 'string') return false;
    if (plan.kind === 'plan') {
      if (!assembler.planReady()) return false;
      record.type = plan.type;
      assembler.appendPlan(record, piece);
      return true;
    }
    if (plan.kind === 'arguments') {
      const call = assembler.callTarget(plan.index);
      if (call === null) return false;
      record.type = plan.type;
      assembler.appendArguments(record, call, piece);
      return true;
    }
    const state = assembler.contentTarget(plan.index, plan.kind);
    if (state === null) return false;
    record.type = plan.type;
    assembler.appendContent(record, state, piece);
    return true;
  },
};

keepShape(new CohereAssembler({ findings: new FindingList() }));
