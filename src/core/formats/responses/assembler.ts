// Reads a Responses event stream frame by frame into output items, then hands back the response it stands for.
import { ClosureAssembler } from '../closure-assembler.js';
import { type FindingCode, FindingList, FindingTally, type Tally } from '../../findings.js';
import { keepShape } from '../../fast/keep-shapes.js';
import type { Frame, Payload } from '../../decode/frame.js';
import { KNOWN_STRING_LENGTH } from '../../fast/known-strings.js';
import type { Assembler, Assembly, AssemblyContext, FastPlan, FrameRecord } from '../../model.js';
import { answerOf } from './answer.js';
import {
  type Carried,
  type ItemState,
  type Report,
  type TextTarget,
  addAnnotation,
  addPart,
  appendFound,
  appendText,
  compareItems,
  finishPart,
  itemLabel,
  newItem,
  setText,
  settle,
} from './items.js';
import { checkSequence, type SequenceState } from './sequence.js';
import {
  ASSEMBLED_TYPES,
  type Json,
  KNOWN_UNASSEMBLED_TYPES,
  LIFECYCLE_TYPES,
  TERMINAL_TYPES,
  copyJson,
  isIndex,
  isItemEvent,
  isObject,
  stringOf,
} from './shapes.js';

const TEXT: Record<string, [TextTarget, string]> = {
  'response.output_text': [{ field: 'content', key: 'text', partType: 'output_text', itemType: 'message', noun: 'text' }, 'text'],
  'response.refusal': [{ field: 'content', key: 'refusal', partType: 'refusal', itemType: 'message', noun: 'refusal' }, 'refusal'],
  'response.function_call_arguments': [{ field: 'arguments', key: 'text', itemType: 'function_call', noun: 'arguments' }, 'arguments'],
  'response.reasoning_summary_text': [{ field: 'summary', key: 'text', itemType: 'reasoning', noun: 'reasoning summary' }, 'text'],
  'response.reasoning_text': [{ field: 'content', key: 'text', partType: 'reasoning_text', itemType: 'reasoning', noun: 'reasoning' }, 'text'],
};

/** Every text event by its full type: its target, its field, and whether it is a delta. */
const TEXT_EVENTS = new Map<string, { target: TextTarget; field: string; delta: boolean }>();
for (const [stem, [target, field]] of Object.entries(TEXT)) {
  TEXT_EVENTS.set(`${stem}.delta`, { target, field, delta: true });
  TEXT_EVENTS.set(`${stem}.done`, { target, field, delta: false });
  TEXT_EVENTS.set(stem, { target, field, delta: false }); // as before: a bare stem was read as its done event
}

/** A planned text delta: the learned event (its constant fields), its target, and where its holes are. */
interface DeltaPlan {
  value: Json;
  type: string;
  target: TextTarget;
  deltaSlot: number;
  sequenceSlot: number;
}

export function createResponsesAssembler(context: AssemblyContext): Assembler {
  const findings: FindingList = context.findings;
  const items = new Map<number, ItemState>();
  const sequence: SequenceState = { last: null, numbered: false };
  const unassembled = new FindingTally<FrameRecord>();
  let snapshot: Json | null = null;
  let final: Json | null = null;
  let terminal: { type: string; frame: FrameRecord } | null = null;
  let errorEvent: FrameRecord | null = null;
  let error: unknown = null;
  let afterEnd: Tally<FrameRecord> | null = null;
  let endFrame: FrameRecord | null = null;
  // What the fast path reads and writes, in one object the assembler's applyFast method shares with these closures.
  const fast: FastState = { items, sequence, stopped: false, read: 0, ids: { byId: new Map(), shared: false } };
  let missingPiece = false;

  function raise(frame: FrameRecord, code: FindingCode, message: string): void {
    findings.add(code, message, frame.line, 1, frame.index);
  }

  // One report for every frame, pointed at the frame being read: handlers use it only while that frame is read.
  let reportFrame: FrameRecord | null = null;
  let reportType = '';
  const report: Report = {
    unstarted(message) {
      missingPiece = true;
      raiseHere('block unstarted', `${at()}: ${message}. It was not assembled; a piece of the stream before it is missing.`);
    },
    unassembled(message) {
      raiseHere('not assembled', `${at()} was not assembled: ${message}.`);
    },
    mismatch(message) {
      raiseHere('done mismatch', `${at()} disagrees with its deltas: ${message}. The final value is kept; check for a lost or repeated delta.`);
    },
  };

  function at(): string {
    return `Frame ${reportFrame?.index ?? 0} (${reportType})`;
  }

  function raiseHere(code: FindingCode, message: string): void {
    if (reportFrame) raise(reportFrame, code, message);
  }

  function reportFor(frame: FrameRecord, type: string): Report {
    reportFrame = frame;
    reportType = type;
    return report;
  }


  function ended(): boolean {
    return fast.stopped;
  }

  function readFrame(frame: FrameRecord, value: Json, type: string): Carried {
    if (LIFECYCLE_TYPES.has(type)) return readLifecycle(frame, value, type);
    if (type === 'error') return readError(frame, value);
    if (type === 'keepalive') return { carried: 'keepalive' };
    if (ASSEMBLED_TYPES.has(type) || ((KNOWN_UNASSEMBLED_TYPES.has(type) || type.startsWith('response.')) && isItemEvent(value))) {
      return readItemEvent(frame, value, type);
    }
    if (KNOWN_UNASSEMBLED_TYPES.has(type)) return listUnassembled(frame, type);
    raise(frame, 'unknown event', `Frame ${frame.index} has type ${JSON.stringify(type)}, which is not a Responses event. It was not read; remove it, or read the stream as the format it belongs to.`);
    return { carried: 'unknown event: not read' };
  }

  function readLifecycle(frame: FrameRecord, value: Json, type: string): Carried {
    const response = value.response;
    const isTerminal = TERMINAL_TYPES.has(type);
    if (isTerminal) {
      terminal = { type, frame };
      fast.stopped = true;
      endFrame = frame;
    }
    if (!isObject(response)) {
      raise(frame, 'not assembled', `Frame ${frame.index} (${type}) carries no \`response\` object, so its status, usage and output could not be read${isTerminal ? '; the stream still ends here' : ''}.`);
      if (type === 'response.failed') failWith(frame, null);
      return { carried: isTerminal ? `end: ${type} (no response object)` : `${type} (no response object)` };
    }
    const status = stringOf(response.status);
    const about = `${type.slice('response.'.length)}${status ? `, status ${status}` : ''}`;
    if (!isTerminal) {
      snapshot = response;
      return { carried: `response ${about}` };
    }
    final = response;
    if (type === 'response.incomplete') reportIncomplete(frame, response);
    if (type === 'response.failed') failWith(frame, response.error);
    return { carried: `end: response ${about}${isObject(response.usage) ? ', usage' : ''}` };
  }

  function reportIncomplete(frame: FrameRecord, response: Json): void {
    const reason = isObject(response.incomplete_details) ? stringOf(response.incomplete_details.reason) : null;
    const why =
      reason === 'max_output_tokens'
        ? 'it reached max_output_tokens (which counts reasoning tokens too). Raise the limit, or handle the partial answer'
        : reason === 'content_filter'
          ? 'content filtering cut the output. Handle the partial answer as filtered'
          : `its reason is ${reason === null ? 'not given' : JSON.stringify(reason)}. Handle the partial answer`;
    raise(frame, 'incomplete', `The response ended incomplete at frame ${frame.index}: ${why}.`);
  }

  /** A failed response: its own error is the error the stream ended with. */
  function failWith(frame: FrameRecord, responseError: unknown): void {
    if (isObject(responseError)) error = responseError;
    error ??= { message: 'The response failed and carried no error object.' };
    if (errorEvent !== null) return;
    const what = describeError(error);
    raise(frame, 'error event', `The stream ended with response.failed at frame ${frame.index} (${what}). What arrived before it is partial; surface it as a failure.`);
  }

  function readError(frame: FrameRecord, value: Json): Carried {
    errorEvent = frame;
    fast.stopped = true;
    endFrame = frame;
    const nested = value.error;
    if (isObject(nested)) error = nested;
    else {
      const { type: _type, sequence_number: _sequence, ...rest } = value;
      error = rest;
    }
    const what = describeError(error);
    raise(frame, 'error event', `Frame ${frame.index} is an error event (${what}): the stream ended in an error after it had started. What arrived before it is partial; surface it as a failure.`);
    return { carried: `end: error${isObject(error) && stringOf(error.code) ? ` ${stringOf(error.code)}` : ''}` };
  }


  function readItemEvent(frame: FrameRecord, value: Json, type: string): Carried {
    if (type === 'response.output_item.added') return addItem(frame, value);
    const state = locate(items, fast.ids, value);
    const report = reportFor(frame, type);
    if (!state) {
      const where = isIndex(value.output_index) ? `output index ${value.output_index}` : `item ${JSON.stringify(value.item_id ?? null)}`;
      report.unstarted(`it is about ${where}, which no response.output_item.added opened`);
      return { carried: `${where} never added: not read` };
    }
    return readForItem(frame, state, value, type, report);
  }

  function readForItem(frame: FrameRecord, state: ItemState, value: Json, type: string, report: Report): Carried {
    switch (type) {
      case 'response.output_item.done':
        return finishItem(state, value, report);
      case 'response.content_part.added':
        return addPart(state, value, false, report);
      case 'response.content_part.done':
        return finishPart(state, value, false, report);
      case 'response.reasoning_summary_part.added':
        return addPart(state, value, true, report);
      case 'response.reasoning_summary_part.done':
        return finishPart(state, value, true, report);
      case 'response.output_text.annotation.added':
        return addAnnotation(state, value, report);
    }
    const text = TEXT_EVENTS.get(type);
    if (text === undefined) return listUnassembled(frame, type);
    if (text.delta) return appendText(state, value, text.target, report);
    return setText(state, value, text.target, text.field, report);
  }

  function addItem(frame: FrameRecord, value: Json): Carried {
    const index = value.output_index;
    const item = value.item;
    if (!isIndex(index) || !isObject(item)) {
      raise(frame, 'not assembled', `Frame ${frame.index} (response.output_item.added) was not assembled: it needs a whole-number \`output_index\` and an \`item\` object.`);
      return { carried: 'not read' };
    }
    const previous = items.get(index);
    const state = newItem(index, item, frame.index);
    items.set(index, state);
    indexId(items, fast.ids, state);
    if (previous) restarted(frame, previous, state);
    return { carried: `item ${index} added: ${stringOf(item.type) ?? 'untyped'}${stringOf(item.id) ? ` ${stringOf(item.id)}` : ''}` };
  }

  function restarted(frame: FrameRecord, previous: ItemState, state: ItemState): void {
    missingPiece = true;
    settle(previous);
    const size = [...previousSizes(previous)].join(', ') || 'no content yet';
    raise(
      frame,
      'block restarted',
      `Frame ${frame.index} adds output index ${state.index} a second time (first added at frame ${previous.frame}). The new ${itemLabel(state)} replaces ${itemLabel(previous)}, which held ${size}. Give every item its own output index.`,
    );
  }

  function finishItem(state: ItemState, value: Json, report: Report): Carried {
    const item = value.item;
    if (!isObject(item)) {
      report.unassembled('its `item` is not an object');
      return { carried: 'not read' };
    }
    settle(state);
    if (state.built) {
      const difference = compareItems(state.item, item);
      if (difference) report.mismatch(`${itemLabel(state)}: ${difference}`);
    }
    state.item = copyJson(item);
    indexId(items, fast.ids, state);
    state.done = true;
    return { carried: `item ${state.index} done` };
  }

  function listUnassembled(frame: FrameRecord, type: string): Carried {
    unassembled.note(type, frame);
    return { carried: `${type}: not assembled` };
  }

  function readAfterEnd(frame: FrameRecord): void {
    frame.carried = 'after the end: not read';
    if (afterEnd) afterEnd.count += 1;
    else afterEnd = { frame, count: 1 };
  }

  return new ResponsesAssembler(fast, {
    read(frame: FrameRecord, payload: Payload): void {
      if (payload.kind === 'done') {
        frame.type = '[DONE]';
        frame.carried = '[DONE] (not part of Responses)';
        return;
      }
      if (payload.kind !== 'json') return;
      const value = payload.value;
      const type = isObject(value) ? stringOf(value.type) : null;
      frame.type = type;
      // An error event is followed by response.failed, which is still the stream's final object.
      const lateFailure = terminal === null && type === 'response.failed';
      if (ended() && !lateFailure) return readAfterEnd(frame);
      if (!isObject(value) || type === null) {
        raise(frame, 'unknown event', `Frame ${frame.index} has no string \`type\`, so it is not a Responses event. It was not read.`);
        frame.carried = 'no type: not read';
        return;
      }
      fast.read += 1;
      if (frame.event !== 'message' && frame.event !== type) {
        raise(frame, 'event mismatch', `Frame ${frame.index} is named \`event: ${frame.event}\` but its data's type is ${JSON.stringify(type)}. Write the same name in both; the type was read.`);
      }
      if (checkSequence(sequence, frame, value, findings)) missingPiece = true;
      const carried = readFrame(frame, value, type);
      frame.carried = carried.carried;
      if (carried.progress) frame.progress = true;
    },
    finish(): Assembly {
      return finishAssembly();
    },
    fastPlan,
  });

  /**
   * The hot frame, a text delta (`response.output_text.delta` and the like) whose holes are its delta, its sequence
   * number and its padding, applied from them: the steps read() takes for it, and nothing when read() would raise a
   * finding (an event out of sequence, an item or part never added, the stream ended).
   */
  function fastPlan(frame: Omit<Frame, 'data'>, value: unknown, holes: readonly string[]): DeltaPlan | null {
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
  }

  function finishAssembly(): Assembly {
    for (const state of items.values()) settle(state);
    const finalOutput = final !== null && Array.isArray(final.output) ? final.output : null;
    if (finalOutput) compareWithFinal(finalOutput);
    else reportOpenItems();
    reportUnassembled();
    reportAfterEnd();
    const built = [...items.values()].sort((a, b) => a.index - b.index).map((state) => state.item);
    const response = fast.read === 0 ? null : finalOutput ? final : { ...(final ?? snapshot ?? {}), output: built };
    const answer = answerOf(response, terminal?.type ?? null, findings, terminal?.frame ?? null);
    // A gateway's `output_text` on a snapshot is stale once items are built: it holds what the built text is now.
    if (response !== null && response !== final && typeof response.output_text === 'string') {
      response.output_text = answer.choices[0]?.text ?? '';
    }
    return {
      choices: answer.choices,
      usage: answer.usage,
      response,
      error,
      ended: ended(),
      missingPiece,
      ...(answer.finishClass ? { finishClass: answer.finishClass } : {}),
    };
  }

  function compareWithFinal(output: unknown[]): void {
    const frame = terminal?.frame;
    if (!frame) return;
    for (const state of [...items.values()].sort((a, b) => a.index - b.index)) {
      if (!state.built && output[state.index] !== undefined) continue;
      const difference = compareItems(state.item, output[state.index]);
      if (difference) {
        raise(frame, 'done mismatch', `The final response object (frame ${frame.index}) disagrees with what the stream built for ${itemLabel(state)}: ${difference}. The final value is kept; check for a lost or repeated event.`);
      }
    }
  }

  function reportOpenItems(): void {
    for (const state of items.values()) {
      if (state.done) continue;
      missingPiece = true;
      findings.add(
        'block open',
        `${itemLabel(state)}, added at frame ${state.frame}, never got response.output_item.done, and no final response object holds it. What is shown of it may be partial.`,
        0,
        0,
      );
    }
  }

  function reportUnassembled(): void {
    for (const [type, { frame, count }] of unassembled.entries()) {
      const more = count > 1 ? ` (${count} frames of this type, the first at frame ${frame.index})` : ` (frame ${frame.index})`;
      const result = final !== null ? 'the final response object carries its result' : 'no final response object carries its result';
      const newer = KNOWN_UNASSEMBLED_TYPES.has(type) ? '' : ' It is not among the documented events this library knows (a newer one?).';
      raise(frame, 'not assembled', `${type} is an event this library does not assemble${more}; ${result}. They are marked in the frames table.${newer}`);
    }
  }

  function reportAfterEnd(): void {
    if (!afterEnd || !endFrame) return;
    const { frame, count } = afterEnd;
    raise(
      frame,
      'after end',
      `${count} frame${count === 1 ? '' : 's'} came after the stream ended at frame ${endFrame.index} (${endFrame.type}), from frame ${frame.index} on. A client stops reading at the end, so they are not part of the answer.`,
    );
  }
}

function describeError(error: unknown): string {
  if (!isObject(error)) return 'no error object';
  const code = stringOf(error.code) ?? stringOf(error.type);
  const message = stringOf(error.message);
  return [code, message].filter((part) => part !== null).join(': ') || 'an error object without code or message';
}

/** What a replaced item held, for `block restarted`. */
function* previousSizes(state: ItemState): Generator<string> {
  const item = state.item;
  if (typeof item.arguments === 'string' && item.arguments) yield `${item.arguments.length} chars of arguments`;
  for (const field of ['content', 'summary'] as const) {
    const parts = item[field];
    if (!Array.isArray(parts) || parts.length === 0) continue;
    const length = parts.reduce((sum: number, part: unknown) => sum + (isObject(part) ? (stringOf(part.text) ?? stringOf(part.refusal) ?? '').length : 0), 0);
    yield `${parts.length} ${field} part${parts.length === 1 ? '' : 's'} (${length} chars)`;
  }
}

/** The assembler state the fast path reads and writes. */
interface FastState {
  items: Map<number, ItemState>;
  sequence: SequenceState;
  /** The stream has ended (a terminal event or an error). */
  stopped: boolean;
  /** Events read. */
  read: number;
  ids: ItemIds;
}

/** The items by their id, so that an event that names only its `item_id` is found without a walk of every item. */
interface ItemIds {
  byId: Map<string, ItemState>;
  /** Two items in the stream had one id: then an id not found is looked for item by item, as before. */
  shared: boolean;
}

function isLive(items: Map<number, ItemState>, state: ItemState | undefined, id: string): state is ItemState {
  return state !== undefined && items.get(state.index) === state && state.item.id === id;
}

/** Notes an item's id (as added or as done): the first live item with that id keeps it. */
function indexId(items: Map<number, ItemState>, ids: ItemIds, state: ItemState): void {
  const id = stringOf(state.item.id);
  if (id === null) return;
  const holder = ids.byId.get(id);
  if (holder === state) return;
  if (isLive(items, holder, id)) ids.shared = true;
  else ids.byId.set(id, state);
}

/** The fast path, as a method every stream shares; the rest of the assembler is closures. */
class ResponsesAssembler extends ClosureAssembler<FastState> {
  applyFast(planned: FastPlan, values: ReadonlyArray<string | number>, record: FrameRecord): boolean {
    const { value, type, target, deltaSlot, sequenceSlot } = planned as DeltaPlan;
    const { sequence } = this.fast;
    const delta = values[deltaSlot];
    const number = sequenceSlot === -1 ? null : values[sequenceSlot];
    if (this.fast.stopped || typeof delta !== 'string') return false;
    if (number === null ? sequence.numbered : sequence.last === null || number !== sequence.last + 1) return false;
    const state = locate(this.fast.items, this.fast.ids, value);
    const carried = state === undefined ? null : appendFound(state, value, target, delta);
    if (carried === null) return false;
    record.type = type;
    this.fast.read += 1;
    if (typeof number === 'number') {
      sequence.numbered = true;
      sequence.last = number;
    }
    record.carried = carried.carried;
    record.progress = true;
    return true;
  }

  /**
   * The items' long strings (text, arguments, summaries), settled: the final events repeat them whole. Walking the
   * items costs one step per value; a frame is offered none when its walk would take more than one step per
   * CHARACTERS_PER_STEP of its characters (a done event for one item among thousands is parsed as it is), so the
   * work stays linear in the input. response.completed holds every item, so it is long enough for its walk.
   */
  knownStrings(frameLength: number): readonly string[] {
    const walk = { steps: Math.floor(frameLength / CHARACTERS_PER_STEP), strings: [] as string[] };
    if (this.fast.items.size > walk.steps) return [];
    for (const state of this.fast.items.values()) {
      settle(state);
      if (!longStringsIn(state.item, walk)) return [];
    }
    return walk.strings;
  }
}

/** Frame characters that pay for one step of the walk for known strings. */
const CHARACTERS_PER_STEP = 8;

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

/** The item an event is about: by its output index, or else by its item id. */
function locate(items: Map<number, ItemState>, ids: ItemIds, value: Json): ItemState | undefined {
  if (isIndex(value.output_index)) return items.get(value.output_index);
  const id = stringOf(value.item_id);
  if (id === null) return undefined;
  // With one live item per id, the index holds it (an id changed or replaced is noted again when it is).
  if (!ids.shared) {
    const indexed = ids.byId.get(id);
    return isLive(items, indexed, id) ? indexed : undefined;
  }
  for (const state of items.values()) if (state.item.id === id) return state;
  return undefined;
}

keepShape(createResponsesAssembler({ findings: new FindingList() }));
