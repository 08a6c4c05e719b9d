import { isObject, type Json } from '../json-shape.js';
import { PieceText } from '../piece-text.js';
import { kindOf } from '../../words.js';
import type { Candidate, GeminiAssembler, Where } from './assembler.js';
import { argumentPhrase } from './carried.js';
import { GROWTH_ALLOWANCE, MAX_GROWTH, madeBy, NO_VALUE, parseJsonPath, partialValue, setAtPath } from './json-path.js';

export interface StreamedCall {
  call: Json;
  args: Json;
  /** JSON characters the paths made beyond the values (lists, objects, nulls in gaps), and the bytes that carried them. */
  made: number;
  carried: number;
  /** Past the growth bound: later streamed arguments are kept as they arrived, in the call's `partialArgs`. */
  unread: unknown[] | null;
  lastPath: string | null;
  lastContinues: boolean;
  /** The last value set at `lastPath` was a string, so a continued piece appends to it. */
  lastString: boolean;
  /**
   * String pieces continuing the value at `pendingSegments`, not yet joined onto it (see settleArgs): joined one by
   * one they would make a chain of small strings that lives as long as the answer.
   */
  pending: PieceText;
  pendingSegments: Array<string | number> | null;
}

export function settleArgs(open: StreamedCall): void {
  if (open.pendingSegments === null || open.pending.length === 0) return;
  setAtPath(open.args, open.pendingSegments, open.pending.text, true);
  open.pending.text = '';
}

export function readFunctionCall(assembler: GeminiAssembler, candidate: Candidate, part: Json, at: Where): void {
  const call = part.functionCall;
  if (!isObject(call)) {
    assembler.notAssembled('functionCall:shape', at.frame, `Frame ${at.frame.index}: a functionCall of candidate ${candidate.index} is ${kindOf(call)}, not an object; it was not read.`);
    return;
  }
  const open = candidate.streamed;
  if (open && typeof call.name !== 'string') return continueCall(assembler, candidate, open, call, at);
  if (open) settleArgs(open);
  candidate.streamed = null;
  if (typeof call.name !== 'string') {
    assembler.raise(
      'tool call incomplete',
      at.frame,
      `Frame ${at.frame.index} carries a functionCall with no name for candidate ${candidate.index}, and no streamed call is open for it to continue (${JSON.stringify(call).slice(0, 120)}). It cannot be answered, so it was left out. Send the name with every call.`,
    );
    return;
  }
  startCall(assembler, candidate, part, call, at);
}

function startCall(assembler: GeminiAssembler, candidate: Candidate, part: Json, call: Json, at: Where): void {
  const { partialArgs, willContinue, ...rest } = call;
  const kept: Json = { ...rest };
  assembler.pushPart(candidate, { ...part, functionCall: kept });
  assembler.places.recorder.toolCall(candidate.index, at.frame.index);
  at.carried.push(`function call ${call.name as string} to candidate ${candidate.index}`);
  at.frame.progress = true;
  if (willContinue !== true && partialArgs === undefined) return;
  const args: Json = isObject(call.args) ? { ...call.args } : {};
  kept.args = args;
  const streamed: StreamedCall = { call: kept, args, made: 0, carried: 0, unread: null, lastPath: null, lastContinues: false, lastString: false, pending: new PieceText(), pendingSegments: null };
  if (partialArgs !== undefined) applyPartialArgs(assembler, candidate, streamed, partialArgs, at);
  if (willContinue !== true) settleArgs(streamed);
  candidate.streamed = willContinue === true ? streamed : null;
}

function continueCall(assembler: GeminiAssembler, candidate: Candidate, open: StreamedCall, call: Json, at: Where): void {
  if (call.partialArgs !== undefined) applyPartialArgs(assembler, candidate, open, call.partialArgs, at);
  if (call.willContinue !== true) {
    settleArgs(open);
    candidate.streamed = null;
    at.carried.push(`end of function call ${String(open.call.name)}`);
  }
}

function applyPartialArgs(assembler: GeminiAssembler, candidate: Candidate, open: StreamedCall, list: unknown, at: Where): void {
  if (!Array.isArray(list)) {
    assembler.notAssembled('partialArgs:shape', at.frame, `Frame ${at.frame.index}: functionCall.partialArgs of candidate ${candidate.index} is ${kindOf(list)}, not a list; it was not read.`);
    return;
  }
  for (const item of list) applyPartialArg(assembler, candidate, open, item, at);
}

function applyPartialArg(assembler: GeminiAssembler, candidate: Candidate, open: StreamedCall, item: unknown, at: Where): void {
  if (open.unread !== null) return void open.unread.push(item);
  const path = isObject(item) && typeof item.jsonPath === 'string' ? item.jsonPath : null;
  const segments = path === null ? null : parseJsonPath(path);
  const value = isObject(item) ? partialValue(item) : NO_VALUE;
  if (path === null || segments === null || value === NO_VALUE || !isObject(item)) {
    assembler.notAssembled(
      `partialArg:${path ?? 'no path'}`,
      at.frame,
      `Frame ${at.frame.index}: a streamed argument of ${String(open.call.name)} (candidate ${candidate.index}) has ${path === null ? 'no jsonPath' : segments === null ? `a jsonPath this library cannot read (${JSON.stringify(path)})` : 'no value'}; it was not assembled.`,
    );
    return;
  }
  if (!withinGrowth(assembler, candidate, open, item, path, segments, value, at)) return;
  const append = typeof value === 'string' && open.lastPath === path && open.lastContinues;
  if (append && open.lastString) queueArg(open, segments, value);
  else {
    settleArgs(open);
    if (!setAtPath(open.args, segments, value, append)) {
      assembler.notAssembled(`partialArg:${path}`, at.frame, `Frame ${at.frame.index}: the streamed argument at ${path} of ${String(open.call.name)} does not fit the arguments built so far; it was not assembled.`);
      return;
    }
  }
  open.lastPath = path;
  open.lastContinues = item.willContinue === true;
  open.lastString = typeof value === 'string';
  at.carried.push(argumentPhrase(String(open.call.name), path, typeof value === 'string' ? value.length : null));
  if (value !== '') at.frame.progress = true;
}

/**
 * A path may make lists and objects the bytes do not hold (`$.k[1024][1024]…` fills each gap with nulls): what the
 * paths make may not grow past MAX_GROWTH times the bytes that carried the call's streamed arguments. Past it,
 * this item and the ones after it are kept as they arrived, in the call's `partialArgs`.
 */
function withinGrowth(assembler: GeminiAssembler, candidate: Candidate, open: StreamedCall, item: Json, path: string, segments: Array<string | number>, value: unknown, at: Where): boolean {
  open.carried += path.length + (typeof value === 'string' ? value.length : 8);
  const cost = madeBy(open.args, segments);
  // A path that does not fit makes nothing: setAtPath refuses it with its own finding.
  if (cost === null) return true;
  const made = open.made + cost;
  if (made <= MAX_GROWTH * open.carried + GROWTH_ALLOWANCE) {
    open.made = made;
    return true;
  }
  settleArgs(open);
  open.unread = [item];
  open.call.partialArgs = open.unread;
  at.carried.push(`function call ${String(open.call.name)} arguments: left as they arrived`);
  assembler.raise(
    'arguments too large',
    at.frame,
    `Frame ${at.frame.index}: the streamed argument at ${path.slice(0, 80)} of ${String(open.call.name)} (candidate ${candidate.index}) would make ${made} characters of lists, objects and gap-filling nulls from ${open.carried} characters of partialArgs, more than ${MAX_GROWTH} times what carried them. The arguments built so far are kept; this streamed argument and the ones after it are left as they arrived, in functionCall.partialArgs.`,
  );
  return false;
}

/** A piece continuing the string at the call's last path: held, joined onto it in batches. */
function queueArg(open: StreamedCall, segments: Array<string | number>, piece: string): void {
  open.pendingSegments = segments;
  open.pending.push(piece);
}
