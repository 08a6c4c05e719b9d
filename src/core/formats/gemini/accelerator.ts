import type { Frame } from '../../decode/frame.js';
import { FindingList } from '../../findings.js';
import { GeminiAssembler, type PendingUsage } from './assembler.js';
import { TEXT_TO_CANDIDATE, THOUGHT_TO_CANDIDATE } from './carried.js';
import { PLAIN_TOP_LEVEL, TOP_LEVEL_FIELDS } from './fields.js';
import { isObject, onlyKeys } from '../json-shape.js';
import { phraseFamily } from '../phrases.js';
import type { Accelerator } from '../../fast/accelerator.js';
import { keepShape } from '../../keep-shapes.js';

/** The text phrases with usage beside them, as carriedPhrase joins them: the hot frame's phrase, found without joining. */
const TEXT_AND_USAGE = phraseFamily((index, count) => `${TEXT_TO_CANDIDATE(index, count)}, usage`);
const THOUGHT_AND_USAGE = phraseFamily((index, count) => `${THOUGHT_TO_CANDIDATE(index, count)}, usage`);

/** The keys a fast-path frame's candidate, content and text part may have. */
const CANDIDATE_KEYS = new Set(['content', 'index']);
const CONTENT_KEYS = new Set(['role', 'parts']);
const TEXT_PART_KEYS = new Set(['text', 'thought']);

interface FastFrameShape {
  index: number;
  indexed: boolean;
  role: unknown;
  thought: boolean;
  slot: number;
  usage: boolean;
  plain: Array<[string, unknown]>;
}

/** A planned frame: its shape, how to make its usage, and what its frames carried. */
export interface GeminiPlan extends Omit<FastFrameShape, 'usage'> {
  /** How to make the usage of a frame of the plan, with the hole values of the last one (see PendingUsage). */
  usage: PendingUsage | null;
  /** What a frame of the plan carried: its text (or thought) phrase, and usage when it has usage. */
  carried: (index: number, count: number) => string;
}

/**
 * The hot frame: one candidate's one text part that joins the text part before it, with usage and the constant
 * top-level fields, applied from its holes with the steps read() takes for it. Nothing is done when read() would do
 * anything else.
 */
export const geminiAccelerator: Accelerator<GeminiAssembler, GeminiPlan> = {
  plan(_assembler, frame, value, holes, makerAt) {
    const shape = fastFrameShape(frame, value, holes);
    if (shape === null) return null;
    const make = shape.usage ? makerAt('usageMetadata') : null;
    if (shape.usage && make === null) return null;
    const carried = shape.usage ? (shape.thought ? THOUGHT_AND_USAGE : TEXT_AND_USAGE) : shape.thought ? THOUGHT_TO_CANDIDATE : TEXT_TO_CANDIDATE;
    const { index, indexed, role, thought, slot, plain } = shape;
    return { index, indexed, role, thought, slot, plain, usage: make === null ? null : { make, values: [] }, carried };
  },

  apply(assembler, plan, values, record) {
    const candidate = assembler.candidates.get(plan.index);
    const text = values[plan.slot];
    if (candidate === undefined || typeof text !== 'string' || assembler.ended() || !assembler.joinsLast(candidate, plan.thought)) return false;
    record.type = 'GenerateContentResponse';
    assembler.seen(candidate, record);
    if (plan.indexed) candidate.indexed = true;
    if (plan.role !== undefined) candidate.role = plan.role;
    candidate.partsSeen = true;
    assembler.joinText(candidate, text);
    assembler.places.append(plan.thought ? 'reasoning' : 'text', plan.index, text, record.index);
    if (text.length > 0) record.progress = true;
    const usage = plan.usage;
    if (usage !== null) {
      // Only the last frame's usage is kept: its values are copied into the plan, made into usage when finished.
      for (let i = 0; i < values.length; i += 1) usage.values[i] = values[i] as string | number;
      assembler.pendingUsage = usage;
      assembler.places.recorder.usage(record.index);
    }
    for (const [key, field] of plan.plain) assembler.top.set(key, field);
    record.carried = plan.carried(plan.index, text.length);
    return true;
  },
};

/**
 * A frame of one candidate (`index` and `content` only) whose content is one text part (maybe a `thought`), with
 * at most usage and the plain top-level fields beside it; its holes are the text and numbers inside usage.
 */
function fastFrameShape(frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): FastFrameShape | null {
  if (frame.event !== 'message' || !isObject(value) || !onlyKeys(value, TOP_LEVEL_FIELDS) || value.promptFeedback !== undefined) return null;
  const candidates = value.candidates;
  const raw: unknown = Array.isArray(candidates) && candidates.length === 1 ? candidates[0] : null;
  if (!isObject(raw) || !onlyKeys(raw, CANDIDATE_KEYS)) return null;
  const index = raw.index === undefined ? 0 : raw.index;
  const content = raw.content;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || !isObject(content)) return null;
  if (!onlyKeys(content, CONTENT_KEYS)) return null;
  const parts = content.parts;
  const part: unknown = Array.isArray(parts) && parts.length === 1 ? parts[0] : null;
  if (!isObject(part) || !onlyKeys(part, TEXT_PART_KEYS)) return null;
  const slot = holes.indexOf('candidates.0.content.parts.0.text');
  if (slot === -1 || !holes.every((path, i) => i === slot || path.startsWith('usageMetadata.'))) return null;
  if (value.usageMetadata !== undefined && !isObject(value.usageMetadata)) return null;
  const plain = PLAIN_TOP_LEVEL.filter((key) => value[key] !== undefined).map((key): [string, unknown] => [key, value[key]]);
  return { index, indexed: raw.index !== undefined, role: content.role, thought: part.thought === true, slot, usage: value.usageMetadata !== undefined, plain };
}

keepShape(new GeminiAssembler({ findings: new FindingList() }));
