// Speed for Responses: text deltas applied from their hole values, and the long strings the final events repeat.
import type { Frame } from '../../decode/frame.js';
import { KNOWN_STRING_LENGTH } from '../../fast/known-strings.js';
import { FindingList } from '../../findings.js';
import type { FrameRecord } from '../../model.js';
import { ResponsesAssembler, TEXT_EVENTS } from './assembler.js';
import { type TextTarget, appendFound, settle } from './items.js';
import { ASSEMBLED_TYPES, type Json, isObject, stringOf } from './shapes.js';
import type { Accelerator, HoleValues } from '../../fast/accelerator.js';
import { keepShape } from '../../keep-shapes.js';

/** A planned text delta: the learned event (its constant fields), its target, and where its holes are. */
interface DeltaPlan {
  value: Json;
  type: string;
  target: TextTarget;
  deltaSlot: number;
  sequenceSlot: number;
}

/** Frame characters that pay for one step of the walk for known strings. */
const CHARACTERS_PER_STEP = 8;

export const responsesAccelerator: Accelerator<ResponsesAssembler, DeltaPlan> = {
  /**
   * The hot frame, a text delta (`response.output_text.delta` and the like) whose holes are its delta, its sequence
   * number and its padding.
   */
  plan(_assembler: ResponsesAssembler, frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): DeltaPlan | null {
    const type = isObject(value) ? stringOf(value.type) : null;
    const text = type === null ? undefined : TEXT_EVENTS.get(type);
    if (!isObject(value) || type === null || text?.delta !== true || !ASSEMBLED_TYPES.has(type)) return null;
    if (frame.event !== 'message' && frame.event !== type) return null;
    const deltaSlot = holes.indexOf('delta');
    const sequenceSlot = holes.indexOf('sequence_number');
    if (deltaSlot === -1 || !holes.every((path) => path === 'delta' || path === 'sequence_number' || path === 'obfuscation')) return null;
    // A sequence number that is no hole is the same on every frame: every frame after the first is a gap.
    if (sequenceSlot === -1 && 'sequence_number' in value) return null;
    const where = { output_index: value.output_index, item_id: value.item_id, content_index: value.content_index, summary_index: value.summary_index };
    return { value: where, type, target: text.target, deltaSlot, sequenceSlot };
  },

  /**
   * The steps read() takes for a text delta, and nothing when read() would raise a finding (an event out of
   * sequence, an item or part never added, the stream ended).
   */
  apply(assembler: ResponsesAssembler, plan: DeltaPlan, values: HoleValues, record: FrameRecord): boolean {
    const { value, type, target, deltaSlot, sequenceSlot } = plan;
    const { sequence } = assembler;
    const delta = values[deltaSlot];
    const number = sequenceSlot === -1 ? null : values[sequenceSlot];
    if (assembler.stopped || typeof delta !== 'string') return false;
    if (number === null ? sequence.numbered : sequence.last === null || number !== sequence.last + 1) return false;
    const state = assembler.locate(value);
    const carried = state === undefined ? null : appendFound(state, value, target, delta);
    if (carried === null) return false;
    assembler.placeDelta(record, target, delta);
    record.type = type;
    assembler.eventsRead += 1;
    if (typeof number === 'number') {
      sequence.numbered = true;
      sequence.last = number;
    }
    record.carried = carried.carried;
    record.progress = true;
    return true;
  },

  /**
   * The items' long strings (text, arguments, summaries), settled: the final events repeat them whole. Walking the
   * items costs one step per value; a frame is offered none when its walk would take more than one step per
   * CHARACTERS_PER_STEP of its characters (a done event for one item among thousands is parsed as it is), so the
   * work stays linear in the input. response.completed holds every item, so it is long enough for its walk.
   */
  knownStrings(assembler: ResponsesAssembler, frameLength: number): readonly string[] {
    const walk = { steps: Math.floor(frameLength / CHARACTERS_PER_STEP), strings: [] as string[] };
    if (assembler.items.size > walk.steps) return [];
    for (const state of assembler.items.values()) {
      settle(state);
      if (!longStringsIn(state.item, walk)) return [];
    }
    return walk.strings;
  },
};

/** Adds the strings of at least KNOWN_STRING_LENGTH characters in `value`; false once the walk is out of steps. */
function longStringsIn(value: unknown, walk: { steps: number; strings: string[] }): boolean {
  walk.steps -= 1;
  if (walk.steps < 0) return false;
  if (typeof value === 'string') {
    if (value.length >= KNOWN_STRING_LENGTH) walk.strings.push(value);
  } else if (Array.isArray(value)) {
    for (const child of value) if (!longStringsIn(child, walk)) return false;
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) if (!longStringsIn(value[key], walk)) return false;
  }
  return true;
}

keepShape(new ResponsesAssembler({ findings: new FindingList() }));
