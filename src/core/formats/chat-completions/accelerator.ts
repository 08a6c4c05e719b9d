// Speed for Chat Completions: the hot chunk (one choice, one piece of text or of one tool call's arguments)
// applied from its hole through the assembler's own steps, without the chunk's value being built.
import type { Frame } from '../../decode/frame.js';
import { FindingList } from '../../findings.js';
import { ChatAssembler, typeName } from './assembler.js';
import { appendText, readReasoning, readRefusal } from './deltas.js';
import { CHOICE_LEVEL_READ, TOP_LEVEL_READ } from './state.js';
import { appendArguments, callOf } from './tool-calls.js';
import { isIndex, isObject, type Json, onlyKeys } from '../json-shape.js';
import { ownCopy } from '../../own-copy.js';
import type { Accelerator } from '../../fast/accelerator.js';
import { keepShape } from '../../keep-shapes.js';

/** What a chunk of the hot shape holds, as apply() needs it. */
interface ChatPlan {
  /** The top-level fields the chunk sets, in an object of one fixed shape (the chunk's own shape dies with the stream). */
  chunk: Json;
  type: string | null;
  choice: number;
  field: TextField;
  /** The tool call whose arguments the hole is, or null for text. */
  call: number | null;
  slot: number;
}

const TEXT_FIELDS = ['content', 'refusal', 'reasoning_content', 'reasoning'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const TEXT_FIELD_SET: ReadonlySet<string> = new Set(TEXT_FIELDS);

export const chatCompletionsAccelerator: Accelerator<ChatAssembler, ChatPlan> = {
  plan(_assembler, frame, value, holes) {
    return chunkPlan(frame, value, holes);
  },

  apply(assembler, plan, values, record) {
    const { chunk, type, choice, field, call, slot } = plan;
    const piece = values[slot];
    if (assembler.ended || typeof piece !== 'string') return false;
    const place = { index: record.index, line: record.line };
    const state = assembler.choices.get(choice);
    const callState = call === null ? undefined : state?.calls.get(call);
    // A choice that finished reads its content through read(), which says it came after the finish.
    if (callState?.custom === true || (state !== undefined && state.finishReason !== null)) return false;
    record.type = type;
    assembler.startChunk(chunk, place);
    const notes = assembler.notesFor(record);
    const target = state ?? assembler.choiceState(choice, place);
    target.lastFrame = place;
    if (call !== null) appendArguments(notes, callState ?? callOf(target, call, place), place, piece);
    else if (field === 'content') appendText(notes, target, target.contentParts === null ? piece : ownCopy(piece));
    // Refusal and reasoning are joined piece by piece, not in batches: keep a copy, not a view of the chunk.
    else if (field === 'refusal') readRefusal(assembler, notes, target, ownCopy(piece));
    else readReasoning(assembler, notes, target, field, ownCopy(piece));
    assembler.noteCarried(notes);
    return true;
  },
};

/**
 * The plan for a plain delta chunk: no event name, no usage, error or extra field; one choice with no logprobs and
 * no finish reason, whose delta is one text field or one tool call fragment with only its arguments. The holes are
 * that piece and, at most, the `obfuscation` padding (which is not read). Null for any other chunk.
 */
function chunkPlan(frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): ChatPlan | null {
  if (frame.event !== 'message' || !isObject(value) || !onlyKeys(value, TOP_LEVEL_READ) || value.error || value.usage != null) return null;
  const choices = value.choices;
  const item: unknown = Array.isArray(choices) && choices.length === 1 ? choices[0] : null;
  if (!isObject(item) || !onlyKeys(item, CHOICE_LEVEL_READ) || !isIndex(item.index) || item.logprobs != null) return null;
  if ((item.finish_reason != null && item.finish_reason !== '') || !isObject(item.delta)) return null;
  const keys = Object.keys(item.delta);
  const key = keys[0];
  if (keys.length !== 1 || key === undefined) return null;
  const textHoles = holes.filter((path) => path !== 'obfuscation');
  const slot = holes.indexOf(textHoles[0] ?? '');
  if (textHoles.length !== 1 || slot === -1) return null;
  const chunk = { id: value.id, created: value.created, model: value.model, system_fingerprint: value.system_fingerprint, service_tier: value.service_tier };
  const base = { chunk, type: typeName(value), choice: item.index, slot };
  if (TEXT_FIELD_SET.has(key)) {
    return textHoles[0] === `choices.0.delta.${key}` ? { ...base, field: key as TextField, call: null } : null;
  }
  const fragments = item.delta.tool_calls;
  const fragment: unknown = key === 'tool_calls' && Array.isArray(fragments) && fragments.length === 1 ? fragments[0] : null;
  if (!isObject(fragment) || !isIndex(fragment.index) || !isObject(fragment.function) || Object.keys(fragment).length !== 2) return null;
  if (Object.keys(fragment.function).length !== 1 || textHoles[0] !== 'choices.0.delta.tool_calls.0.function.arguments') return null;
  return { ...base, field: 'content', call: fragment.index };
}

// The assembler, kept alive between streams (see keep-shapes.ts).
keepShape(new ChatAssembler({ findings: new FindingList() }));
