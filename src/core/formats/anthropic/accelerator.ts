// Speed for Anthropic Messages: a `content_block_delta` whose text, thinking or partial JSON is its one hole is
// applied from that hole by the assembler's own steps, without the frame's value being built.
import type { Frame } from '../../decode/frame.js';
import { FindingList } from '../../findings.js';
import { AnthropicAssembler } from './assembler.js';
import { isIndex, isObject } from '../json-shape.js';
import type { FrameRecord } from '../../model.js';
import type { Accelerator, HoleValues } from '../../fast/accelerator.js';
import { keepShape } from '../../keep-shapes.js';

/** A planned `content_block_delta`: its block, its delta type and the field its piece is in. */
interface DeltaPlan {
  index: number;
  deltaType: string;
  field: 'text' | 'thinking' | 'partial_json';
}

/** The delta types that carry a piece of text, and the field it is in. */
const DELTA_FIELD = new Map<string, DeltaPlan['field']>([
  ['text_delta', 'text'],
  ['thinking_delta', 'thinking'],
  ['input_json_delta', 'partial_json'],
]);

export const anthropicAccelerator: Accelerator<AnthropicAssembler, DeltaPlan> = {
  plan(_assembler: AnthropicAssembler, frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): DeltaPlan | null {
    if (!isObject(value) || value.type !== 'content_block_delta' || frame.event !== 'content_block_delta') return null;
    const { index, delta } = value;
    if (!isIndex(index) || !isObject(delta) || typeof delta.type !== 'string') return null;
    const field = DELTA_FIELD.get(delta.type);
    if (field === undefined || holes.length !== 1 || holes[0] !== `delta.${field}`) return null;
    return { index, deltaType: delta.type, field };
  },

  apply(assembler: AnthropicAssembler, plan: DeltaPlan, values: HoleValues, record: FrameRecord): boolean {
    const state = assembler.deltaTarget(plan.index, plan.deltaType);
    const piece = values[0];
    if (state === null || typeof piece !== 'string') return false;
    record.type = 'content_block_delta';
    if (plan.field === 'partial_json') assembler.appendInput(record, state, piece);
    else assembler.appendText(record, state, plan.field, piece);
    return true;
  },
};

keepShape(new AnthropicAssembler({ findings: new FindingList() }));
