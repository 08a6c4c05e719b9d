// Speed for Bedrock ConverseStream: a `contentBlockDelta` whose piece (text, tool input or reasoning text) is its one
// hole is applied from that hole by the assembler's own steps, without the event's value being built. Bedrock pads
// events with `p` (random letters, new on every event): a hole read() never looks at.
import type { Frame } from '../../decode/frame.js';
import { FindingList } from '../../findings.js';
import type { FrameRecord } from '../../model.js';
import type { Accelerator, HoleValues } from '../../fast/accelerator.js';
import { keepShape } from '../../keep-shapes.js';
import { ownCopy } from '../../own-copy.js';
import { isIndex, isObject } from '../json-shape.js';
import { BedrockAssembler } from './assembler.js';
import { deltaKind, type BlockKind } from './blocks.js';

/** A planned delta: the kind of its piece, its block, and the slot of the hole that holds the piece. */
interface DeltaPlan {
  kind: BlockKind;
  index: number;
  slot: number;
}

/** The hole each kind of delta carries its piece in. */
const PIECE_HOLES: ReadonlyMap<string, BlockKind> = new Map([
  ['delta.text', 'text'],
  ['delta.toolUse.input', 'toolUse'],
  ['delta.reasoningContent.text', 'reasoning'],
]);

/** The padding's hole. */
const PADDING_HOLE = 'p';

export const bedrockAccelerator: Accelerator<BedrockAssembler, DeltaPlan> = {
  plan(_assembler: BedrockAssembler, frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): DeltaPlan | null {
    // Named by the frame (an `:event-type` header, an `event:` line); the SDK-style wrapping is read().
    if (frame.event !== 'contentBlockDelta' || !isObject(value) || !isIndex(value.contentBlockIndex) || !isObject(value.delta)) return null;
    let plan: DeltaPlan | null = null;
    for (let slot = 0; slot < holes.length; slot += 1) {
      const path = holes[slot] as string;
      const kind = PIECE_HOLES.get(path);
      if (kind === undefined && path !== PADDING_HOLE) return null;
      if (kind === undefined) continue;
      if (plan !== null) return null;
      plan = { kind, index: value.contentBlockIndex, slot };
    }
    return plan !== null && deltaKind(value.delta) === plan.kind ? plan : null;
  },

  apply(assembler: BedrockAssembler, plan: DeltaPlan, values: HoleValues, record: FrameRecord): boolean {
    const piece = values[plan.slot];
    if (typeof piece !== 'string') return false;
    const block = assembler.deltaTarget(plan.index, plan.kind);
    if (block === null) return false;
    record.type = 'contentBlockDelta';
    // The block's text is joined as it comes: a view of the input would keep its chunk alive.
    assembler.appendPiece(record, block, plan.kind, ownCopy(piece));
    return true;
  },
};

keepShape(new BedrockAssembler({ findings: new FindingList() }));
