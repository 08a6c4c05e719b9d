// Reads a Responses event stream frame by frame into output items, then hands back the response it stands for.
import { NO_PLACES } from '../../answer/places.js';
import { RunningPlaces } from '../../answer/place-book.js';
import { isAnswerCall } from './answer.js';
import { type FindingCode, type FindingList, FindingTally, type Tally } from '../../findings.js';
import type { Payload } from '../../decode/frame.js';
import type { Assembler, Assembly, AssemblyContext, FrameRecord } from '../../model.js';
import { answerOf } from './read-response.js';
import {
  type Carried,
  type ItemState,
  type Report,
  type TextTarget,
  addAnnotation,
  addPart,
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
export const TEXT_EVENTS = new Map<string, { target: TextTarget; field: string; delta: boolean }>();
for (const [stem, [target, field]] of Object.entries(TEXT)) {
  TEXT_EVENTS.set(`${stem}.delta`, { target, field, delta: true });
  TEXT_EVENTS.set(`${stem}.done`, { target, field, delta: false });
  TEXT_EVENTS.set(stem, { target, field, delta: false }); // as before: a bare stem was read as its done event
}

/**
 * One Responses stream's state. It is also the `Report` the item handlers raise findings through, pointed at the
 * frame being read (they use it only while that frame is read).
 */
export class ResponsesAssembler implements Assembler, Report {
  private readonly findings: FindingList;
  /** The output items by their output index. */
  readonly items = new Map<number, ItemState>();
  /** The items by their id, so that an event that names only its `item_id` is found without a walk of every item. */
  private readonly byId = new Map<string, ItemState>();
  /** Two items in the stream had one id: then an id not found is looked for item by item. */
  private idShared = false;
  readonly sequence: SequenceState = { last: null, numbered: false };
  /** The stream has ended (a terminal event or an error). */
  stopped = false;
  /** Events read. */
  eventsRead = 0;
  private readonly unassembledTypes = new FindingTally<FrameRecord>();
  private snapshot: Json | null = null;
  private final: Json | null = null;
  private terminal: { type: string; frame: FrameRecord } | null = null;
  private errorEvent: FrameRecord | null = null;
  private error: unknown = null;
  private afterEnd: Tally<FrameRecord> | null = null;
  private endFrame: FrameRecord | null = null;
  private missingPiece = false;
  private reportFrame: FrameRecord | null = null;
  private reportType = '';

  /** Where the answer's parts came from (items come one after another, so their offsets run on). */
  private readonly places: RunningPlaces;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
    this.places = new RunningPlaces(context.places ?? NO_PLACES);
  }

  /** A delta appended `delta` to the answer's text, refusal or reasoning (arguments are a call's, not placed). */
  placeDelta(frame: FrameRecord, target: TextTarget, delta: string): void {
    const part = target.noun === 'text' ? 'text' : target.noun === 'refusal' ? 'refusal' : target.itemType === 'reasoning' ? 'reasoning' : null;
    if (part !== null) this.places.append(part, 0, delta, frame.index);
  }

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
    const lateFailure = this.terminal === null && type === 'response.failed';
    if (this.stopped && !lateFailure) return this.readAfterEnd(frame);
    if (!isObject(value) || type === null) {
      this.raise(frame, 'unknown event', `Frame ${frame.index} has no string \`type\`, so it is not a Responses event. It was not read.`);
      frame.carried = 'no type: not read';
      return;
    }
    this.eventsRead += 1;
    if (frame.event !== 'message' && frame.event !== type) {
      this.raise(frame, 'event mismatch', `Frame ${frame.index} is named \`event: ${frame.event}\` but its data's type is ${JSON.stringify(type)}. Write the same name in both; the type was read.`);
    }
    if (checkSequence(this.sequence, frame, value, this.findings)) this.missingPiece = true;
    const carried = this.readFrame(frame, value, type);
    frame.carried = carried.carried;
    if (carried.progress) frame.progress = true;
  }

  /** The item an event is about: by its output index, or else by its item id. */
  locate(value: Json): ItemState | undefined {
    if (isIndex(value.output_index)) return this.items.get(value.output_index);
    const id = stringOf(value.item_id);
    if (id === null) return undefined;
    // With one live item per id, the index holds it (an id changed or replaced is noted again when it is).
    if (!this.idShared) {
      const indexed = this.byId.get(id);
      return this.isLive(indexed, id) ? indexed : undefined;
    }
    for (const state of this.items.values()) if (state.item.id === id) return state;
    return undefined;
  }

  private isLive(state: ItemState | undefined, id: string): state is ItemState {
    return state !== undefined && this.items.get(state.index) === state && state.item.id === id;
  }

  /** Notes an item's id (as added or as done): the first live item with that id keeps it. */
  private indexId(state: ItemState): void {
    const id = stringOf(state.item.id);
    if (id === null) return;
    const holder = this.byId.get(id);
    if (holder === state) return;
    if (this.isLive(holder, id)) this.idShared = true;
    else this.byId.set(id, state);
  }

  // ------------------------------------------------------------------------ findings

  private raise(frame: FrameRecord, code: FindingCode, message: string): void {
    this.findings.add(code, message, frame.line, 1, frame.index);
  }

  unstarted(message: string): void {
    this.missingPiece = true;
    this.raiseHere('block unstarted', `${this.at()}: ${message}. It was not assembled; a piece of the stream before it is missing.`);
  }

  unassembled(message: string): void {
    this.raiseHere('not assembled', `${this.at()} was not assembled: ${message}.`);
  }

  mismatch(message: string): void {
    this.raiseHere('done mismatch', `${this.at()} disagrees with its deltas: ${message}. The final value is kept; check for a lost or repeated delta.`);
  }

  private at(): string {
    return `Frame ${this.reportFrame?.index ?? 0} (${this.reportType})`;
  }

  private raiseHere(code: FindingCode, message: string): void {
    if (this.reportFrame) this.raise(this.reportFrame, code, message);
  }

  private reportFor(frame: FrameRecord, type: string): Report {
    this.reportFrame = frame;
    this.reportType = type;
    return this;
  }

  // ------------------------------------------------------------------------ events

  private readFrame(frame: FrameRecord, value: Json, type: string): Carried {
    if (LIFECYCLE_TYPES.has(type)) return this.readLifecycle(frame, value, type);
    if (type === 'error') return this.readError(frame, value);
    if (type === 'keepalive') return { carried: 'keepalive' };
    if (ASSEMBLED_TYPES.has(type) || ((KNOWN_UNASSEMBLED_TYPES.has(type) || type.startsWith('response.')) && isItemEvent(value))) {
      return this.readItemEvent(frame, value, type);
    }
    if (KNOWN_UNASSEMBLED_TYPES.has(type)) return this.listUnassembled(frame, type);
    this.raise(frame, 'unknown event', `Frame ${frame.index} has type ${JSON.stringify(type)}, which is not a Responses event. It was not read; remove it, or read the stream as the format it belongs to.`);
    return { carried: 'unknown event: not read' };
  }

  private readLifecycle(frame: FrameRecord, value: Json, type: string): Carried {
    const response = value.response;
    const isTerminal = TERMINAL_TYPES.has(type);
    if (isTerminal) {
      this.terminal = { type, frame };
      this.places.recorder.finish(0, frame.index);
      this.stopped = true;
      this.endFrame = frame;
    }
    if (!isObject(response)) {
      this.raise(frame, 'not assembled', `Frame ${frame.index} (${type}) carries no \`response\` object, so its status, usage and output could not be read${isTerminal ? '; the stream still ends here' : ''}.`);
      if (type === 'response.failed') this.failWith(frame, null);
      return { carried: isTerminal ? `end: ${type} (no response object)` : `${type} (no response object)` };
    }
    const status = stringOf(response.status);
    const about = `${type.slice('response.'.length)}${status ? `, status ${status}` : ''}`;
    if (!isTerminal) {
      this.snapshot = response;
      return { carried: `response ${about}` };
    }
    this.final = response;
    if (isObject(response.usage)) this.places.recorder.usage(frame.index);
    if (type === 'response.incomplete') this.reportIncomplete(frame, response);
    if (type === 'response.failed') this.failWith(frame, response.error);
    return { carried: `end: response ${about}${isObject(response.usage) ? ', usage' : ''}` };
  }

  private reportIncomplete(frame: FrameRecord, response: Json): void {
    const reason = isObject(response.incomplete_details) ? stringOf(response.incomplete_details.reason) : null;
    const why =
      reason === 'max_output_tokens'
        ? 'it reached max_output_tokens (which counts reasoning tokens too). Raise the limit, or handle the partial answer'
        : reason === 'content_filter'
          ? 'content filtering cut the output. Handle the partial answer as filtered'
          : `its reason is ${reason === null ? 'not given' : JSON.stringify(reason)}. Handle the partial answer`;
    this.raise(frame, 'incomplete', `The response ended incomplete at frame ${frame.index}: ${why}.`);
  }

  /** A failed response: its own error is the error the stream ended with. */
  private failWith(frame: FrameRecord, responseError: unknown): void {
    this.places.recorder.error(frame.index);
    if (isObject(responseError)) this.error = responseError;
    this.error ??= { message: 'The response failed and carried no error object.' };
    if (this.errorEvent !== null) return;
    const what = describeError(this.error);
    this.raise(frame, 'error event', `The stream ended with response.failed at frame ${frame.index} (${what}). What arrived before it is partial; surface it as a failure.`);
  }

  private readError(frame: FrameRecord, value: Json): Carried {
    this.errorEvent = frame;
    this.places.recorder.error(frame.index);
    this.stopped = true;
    this.endFrame = frame;
    const nested = value.error;
    if (isObject(nested)) this.error = nested;
    else {
      const { type: _type, sequence_number: _sequence, ...rest } = value;
      this.error = rest;
    }
    const error = this.error;
    const what = describeError(error);
    this.raise(frame, 'error event', `Frame ${frame.index} is an error event (${what}): the stream ended in an error after it had started. What arrived before it is partial; surface it as a failure.`);
    return { carried: `end: error${isObject(error) && stringOf(error.code) ? ` ${stringOf(error.code)}` : ''}` };
  }

  private readItemEvent(frame: FrameRecord, value: Json, type: string): Carried {
    if (type === 'response.output_item.added') return this.addItem(frame, value);
    const state = this.locate(value);
    const report = this.reportFor(frame, type);
    if (!state) {
      const where = isIndex(value.output_index) ? `output index ${value.output_index}` : `item ${JSON.stringify(value.item_id ?? null)}`;
      report.unstarted(`it is about ${where}, which no response.output_item.added opened`);
      return { carried: `${where} never added: not read` };
    }
    return this.readForItem(frame, state, value, type, report);
  }

  private readForItem(frame: FrameRecord, state: ItemState, value: Json, type: string, report: Report): Carried {
    switch (type) {
      case 'response.output_item.done':
        return this.finishItem(state, value, report);
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
    if (text === undefined) return this.listUnassembled(frame, type);
    if (text.delta) {
      const carried = appendText(state, value, text.target, report);
      if (carried.progress === true) this.placeDelta(frame, text.target, value.delta as string);
      return carried;
    }
    return setText(state, value, text.target, text.field, report);
  }

  private addItem(frame: FrameRecord, value: Json): Carried {
    const index = value.output_index;
    const item = value.item;
    if (!isIndex(index) || !isObject(item)) {
      this.raise(frame, 'not assembled', `Frame ${frame.index} (response.output_item.added) was not assembled: it needs a whole-number \`output_index\` and an \`item\` object.`);
      return { carried: 'not read' };
    }
    const previous = this.items.get(index);
    const state = newItem(index, item, frame.index);
    this.items.set(index, state);
    this.indexId(state);
    if (previous) this.restarted(frame, previous, state);
    return { carried: `item ${index} added: ${stringOf(item.type) ?? 'untyped'}${stringOf(item.id) ? ` ${stringOf(item.id)}` : ''}` };
  }

  private restarted(frame: FrameRecord, previous: ItemState, state: ItemState): void {
    this.missingPiece = true;
    settle(previous);
    const size = [...previousSizes(previous)].join(', ') || 'no content yet';
    this.raise(
      frame,
      'block restarted',
      `Frame ${frame.index} adds output index ${state.index} a second time (first added at frame ${previous.frame}). The new ${itemLabel(state)} replaces ${itemLabel(previous)}, which held ${size}. Give every item its own output index.`,
    );
  }

  private finishItem(state: ItemState, value: Json, report: Report): Carried {
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
    this.indexId(state);
    state.done = true;
    return { carried: `item ${state.index} done` };
  }

  private listUnassembled(frame: FrameRecord, type: string): Carried {
    this.unassembledTypes.note(type, frame);
    return { carried: `${type}: not assembled` };
  }

  private readAfterEnd(frame: FrameRecord): void {
    frame.carried = 'after the end: not read';
    if (this.afterEnd) this.afterEnd.count += 1;
    else this.afterEnd = { frame, count: 1 };
  }

  // ------------------------------------------------------------------------ finish

  finish(): Assembly {
    for (const state of this.items.values()) settle(state);
    const final = this.final;
    const finalOutput = final !== null && Array.isArray(final.output) ? final.output : null;
    if (finalOutput) this.compareWithFinal(finalOutput);
    else this.reportOpenItems();
    this.reportUnassembled();
    this.reportAfterEnd();
    const built = this.sortedItems().map((state) => state.item);
    const response = this.eventsRead === 0 ? null : finalOutput ? final : { ...(final ?? this.snapshot ?? {}), output: built };
    const terminal = this.terminal;
    const answer = answerOf(response, terminal?.type ?? null, this.findings, terminal?.frame ?? null);
    for (const state of this.sortedItems()) if (isAnswerCall(state.item)) this.places.recorder.toolCall(0, state.frame);
    // A gateway's `output_text` on a snapshot is stale once items are built: it holds what the built text is now.
    if (response !== null && response !== final && typeof response.output_text === 'string') {
      response.output_text = answer.choices[0]?.text ?? '';
    }
    return {
      choices: answer.choices,
      usage: answer.usage,
      response,
      error: this.error,
      ended: this.stopped,
      missingPiece: this.missingPiece,
      ...(answer.finishClass ? { finishClass: answer.finishClass } : {}),
    };
  }

  private sortedItems(): ItemState[] {
    return [...this.items.values()].sort((a, b) => a.index - b.index);
  }

  private compareWithFinal(output: unknown[]): void {
    const frame = this.terminal?.frame;
    if (!frame) return;
    for (const state of this.sortedItems()) {
      if (!state.built && output[state.index] !== undefined) continue;
      const difference = compareItems(state.item, output[state.index]);
      if (difference) {
        this.raise(frame, 'done mismatch', `The final response object (frame ${frame.index}) disagrees with what the stream built for ${itemLabel(state)}: ${difference}. The final value is kept; check for a lost or repeated event.`);
      }
    }
  }

  private reportOpenItems(): void {
    for (const state of this.items.values()) {
      if (state.done) continue;
      this.missingPiece = true;
      this.findings.add(
        'block open',
        `${itemLabel(state)}, added at frame ${state.frame}, never got response.output_item.done, and no final response object holds it. What is shown of it may be partial.`,
        0,
        0,
      );
    }
  }

  private reportUnassembled(): void {
    for (const [type, { frame, count }] of this.unassembledTypes.entries()) {
      const more = count > 1 ? ` (${count} frames of this type, the first at frame ${frame.index})` : ` (frame ${frame.index})`;
      const result = this.final !== null ? 'the final response object carries its result' : 'no final response object carries its result';
      const newer = KNOWN_UNASSEMBLED_TYPES.has(type) ? '' : ' It is not among the documented events this library knows (a newer one?).';
      this.raise(frame, 'not assembled', `${type} is an event this library does not assemble${more}; ${result}. They are marked in the frames table.${newer}`);
    }
  }

  private reportAfterEnd(): void {
    if (!this.afterEnd || !this.endFrame) return;
    const { frame, count } = this.afterEnd;
    this.raise(
      frame,
      'after end',
      `${count} frame${count === 1 ? '' : 's'} came after the stream ended at frame ${this.endFrame.index} (${this.endFrame.type}), from frame ${frame.index} on. A client stops reading at the end, so they are not part of the answer.`,
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
