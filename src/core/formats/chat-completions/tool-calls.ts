// Tool calls: fragments joined by their `index` within a choice, and their arguments checked when the stream ends.
import { MAX_NESTING, parseJson } from '../../json-depth.js';
import type { FrameRecord, ToolCall } from '../../model.js';
import { kindOf, preview } from '../../words.js';
import { isIndex, isObject, type Json } from '../json-shape.js';
import { phraseFamily } from '../phrases.js';
import { type CallState, type ChatFindings, type ChoiceState, type FinishedCall, type FrameNotes, type FramePlace, newCallState } from './state.js';

const TOOL_ARGUMENTS = phraseFamily((index, count) => `tool call ${index} arguments +${count} chars`);

export function readToolFragment(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, fragment: unknown, position: number): void {
  const frame = notes.frame;
  if (!isObject(fragment)) {
    reader.notAssembled(notes, `tool fragment:${kindOf(fragment)}`, `A \`tool_calls\` fragment in frame ${frame.index} (choice ${state.index}) is ${kindOf(fragment)}, not an object; it was not assembled.`, `tool fragment is ${kindOf(fragment)}`);
    return;
  }
  let index = 0;
  if (isIndex(fragment.index)) index = fragment.index;
  else noIndex(reader, frame, state, fragment, position);
  const call = newIdAt(reader, state, callOf(state, index, frame), fragment, frame);
  call.lastFrame = frame;
  const fn = isObject(fragment.function) ? fragment.function : isObject(fragment.custom) ? fragment.custom : null;
  if (isObject(fragment.custom) && !isObject(fragment.function)) call.custom = true;
  if (typeof fragment.type === 'string') call.type = fragment.type;
  const started = setCallNames(call, fragment, fn);
  const piece = fn ? (call.custom ? fn.input : fn.arguments) : undefined;
  if (typeof piece === 'string') call.arguments.push(piece);
  noteFragment(notes, call, started, typeof piece === 'string' ? piece.length : 0);
}

/** A fragment that carries only a piece of a call's arguments (`piece` may be a view of the input chunk). */
export function appendArguments(notes: FrameNotes, call: CallState, place: FramePlace, piece: string): void {
  call.lastFrame = place;
  call.arguments.push(piece);
  noteFragment(notes, call, false, piece.length);
}

/** The call at `index` of a choice, started at `frame` when it is new. */
export function callOf(state: ChoiceState, index: number, frame: FramePlace): CallState {
  let call = state.calls.get(index);
  if (!call) {
    call = newCallState(index, frame);
    state.calls.set(index, call);
  }
  return call;
}

/** A fragment whose id differs from the one its index began with starts a second call there: the first is kept apart. */
function newIdAt(reader: ChatFindings, state: ChoiceState, call: CallState, fragment: Json, frame: FrameRecord): CallState {
  const id = fragment.id;
  if (typeof id !== 'string' || id === '' || call.id === '' || id === call.id) return call;
  reader.add(
    'tool call id changed',
    `Frame ${frame.index} starts tool call ${preview(id, 40)} at index ${call.index} of choice ${state.index}, where call ${preview(call.id, 40)} (${call.name || 'no name'}, from frame ${call.firstFrame.index}) already is. They are kept apart here; a client that joins fragments by index (the official SDK does) merges them into one call whose arguments do not parse. Give every call its own \`index\`.`,
    frame,
  );
  state.replacedCalls.push(call);
  const next = newCallState(call.index, frame);
  state.calls.set(call.index, next);
  return next;
}

/** Sets the id and name from whichever fragment carries them; true when this fragment carried one. */
function setCallNames(call: CallState, fragment: Json, fn: Json | null): boolean {
  let started = false;
  if (typeof fragment.id === 'string' && fragment.id !== '') {
    call.id = fragment.id;
    started = true;
  }
  if (fn && typeof fn.name === 'string' && fn.name !== '') {
    call.name = fn.name;
    started = true;
  }
  return started;
}

function noteFragment(notes: FrameNotes, call: CallState, started: boolean, added: number): void {
  if (started) notes.carried.push(`tool call ${call.index} starts: ${call.name || '(no name yet)'}${call.id ? ` (${call.id})` : ''}`);
  if (added > 0) notes.carried.push(TOOL_ARGUMENTS(call.index, added));
  if (!started && added === 0) notes.carried.push(`tool call ${call.index}: nothing new`);
  notes.progress ||= started || added > 0;
}

function noIndex(reader: ChatFindings, frame: FrameRecord, state: ChoiceState, fragment: Json, position: number): void {
  const got = fragment.index === undefined ? 'no `index`' : `\`index\` ${preview(JSON.stringify(fragment.index) ?? '', 20)}, not a whole number`;
  reader.add(
    'tool call no index',
    `A \`tool_calls\` fragment in frame ${frame.index} (choice ${state.index}, position ${position}) has ${got}; it was attached to call 0, which joins it to whatever call 0 holds. Give every \`tool_calls\` fragment its \`index\`.`,
    frame,
  );
}

// ── When the stream ends ──

/** The calls of a choice in index order; one without an id or a name is reported and left out. */
export function finishCalls(reader: ChatFindings, state: ChoiceState): FinishedCall[] {
  const finished: FinishedCall[] = [];
  const calls = [...state.replacedCalls, ...state.calls.values()].sort((a, b) => a.index - b.index || a.firstFrame.index - b.firstFrame.index);
  for (const call of calls) {
    if (call.id === '' || call.name === '') {
      incomplete(reader, state, call);
      continue;
    }
    const toolCall: ToolCall = { index: call.index, id: call.id, name: call.name, arguments: call.arguments.text };
    if (!call.custom) parseArguments(reader, state, call, toolCall);
    finished.push({ state: call, toolCall });
  }
  return finished;
}

function incomplete(reader: ChatFindings, state: ChoiceState, call: CallState): void {
  const missing = call.id === '' && call.name === '' ? 'an id or a name' : call.id === '' ? 'an id' : 'a name';
  const known = call.name ? ` (${call.name})` : call.id ? ` (${call.id})` : '';
  reader.add(
    'tool call incomplete',
    `Tool call ${call.index}${known} of choice ${state.index} never received ${missing} (its first fragment is frame ${call.firstFrame.index}), so nobody can answer it and it was left out of the answer. Its arguments: ${preview(call.arguments.text, 120)}. Send the id and the function name in the first fragment of every call.`,
    call.firstFrame,
  );
}

function parseArguments(reader: ChatFindings, state: ChoiceState, call: CallState, toolCall: ToolCall): void {
  const text = toolCall.arguments;
  try {
    toolCall.input = parseJson(text);
  } catch (error) {
    if (error instanceof RangeError) {
      const message = `Tool call ${call.index} (${call.name}, ${call.id}) of choice ${state.index}: its arguments are JSON nested more than ${MAX_NESTING} levels deep (${preview(text, 60)}); they are shown as text, without \`input\`.`;
      return reader.add('too deep', message, call.lastFrame);
    }
    const reason = text === '' ? 'they are empty' : error instanceof Error ? error.message : 'they do not parse';
    reader.add(
      'arguments not json',
      `Tool call ${call.index} (${call.name}, ${call.id}) of choice ${state.index}: its assembled arguments are not JSON (${reason}): ${preview(text, 120)}. They are shown as they are; its last fragment is frame ${call.lastFrame.index}. If every fragment arrived, the model produced bad JSON: validate before calling the tool.`,
      call.lastFrame,
    );
  }
}
