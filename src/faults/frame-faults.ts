// Faults on which frames come: a cut, an error frame, frames lost, repeated, reordered, the end or the start taken away.
import { describeArgument, formatModule, isObject } from '../core/index.js';
import { errorFrame, type ErrorStyle } from './error-frames.js';
import { fault, type Fault } from './fault.js';
import { copyUnit, count, formatOf, frameAt, frameEnded, jsonOf, notCut, remove, setText, terminate, withData } from './fault-edits.js';
import { fieldsOf } from './frame-text.js';
import { frameUnits, unitText, type Work } from './work.js';
import { SseReconstructError } from '../core/index.js';

/** Options of the faults that cut a stream: whether the connection is reset rather than closed. */
export interface CutOptions {
  /** End with a connection reset (the server destroys the socket) instead of a clean close. */
  reset?: boolean;
}

/** The end a cut makes: a close, or a reset where `options.reset` says so. */
function endOf(options: CutOptions, call: string): Work['end'] {
  if (options === null || typeof options !== 'object' || (options.reset !== undefined && typeof options.reset !== 'boolean')) {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: ${call} takes options such as { reset: true }, or none; it received ${describeArgument(options)}.`);
  }
  return options.reset ? { kind: 'reset' } : { kind: 'close' };
}

/** Keeps the first `frames` frames and nothing after them: the connection closed (or was reset) between two frames. */
export function truncateAfter(frames: number, options: CutOptions = {}): Fault {
  const call = `truncateAfter(${String(frames)}${options.reset ? ', { reset: true }' : ''})`;
  count(frames, 'the number of frames to keep', 'truncateAfter(frames)');
  const end = endOf(options, 'truncateAfter(frames, options)');
  return fault(call, `keeps the first ${frames} frames and drops the rest`, (work) => {
    const all = frameUnits(work);
    if (frames < 1 || frames >= all.length) {
      throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} cannot apply: the stream has ${all.length} frames; pass 1 to ${Math.max(1, all.length - 1)} to cut some off.`);
    }
    work.units.splice(work.units.indexOf(all[frames - 1]!) + 1);
    work.end = end;
    work.restructured = true;
  });
}

/** Cuts the stream `at` characters into frame `frame`: the connection dropped (or was reset) in the middle of it. */
export function cutInside(frame: number, at: number, options: CutOptions = {}): Fault {
  const call = `cutInside(${String(frame)}, ${String(at)}${options.reset ? ', { reset: true }' : ''})`;
  count(frame, 'the frame to cut (0-based)', 'cutInside(frame, at)');
  count(at, 'the characters of the frame to keep', 'cutInside(frame, at)');
  const end = endOf(options, 'cutInside(frame, at, options)');
  return fault(call, `cuts the stream ${at} characters into frame ${frame}`, (work) => {
    const unit = frameAt(work, frame, call);
    const text = unitText(unit);
    if (at < 1 || at >= text.length) {
      throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} cannot apply: frame ${frame} has ${text.length} characters; pass 1 to ${text.length - 1} to cut inside it.`);
    }
    let kept = 0;
    const pieces = [];
    for (const piece of unit.pieces) {
      if (kept >= at) break;
      const take = piece.text.slice(0, at - kept);
      pieces.push({ ...piece, text: take });
      kept += take.length;
    }
    unit.pieces = pieces;
    unit.cut = true;
    work.units.splice(work.units.indexOf(unit) + 1);
    work.end = end;
    work.restructured = true;
  });
}

/** Options of `appendError()`: the error frame's style and message. */
export interface AppendErrorOptions {
  /** Chat Completions: `'data'` (a `{"error": …}` frame, default) or `'event'` (`event: error`). Responses: `'error'` (default) or `'response.failed'`. */
  style?: ErrorStyle;
  /** The error's message. */
  message?: string;
}

/** Ends the stream with the format's own error frame (OpenAI `{"error": …}`, Anthropic `overloaded_error`, Gemini `UNAVAILABLE`, Responses `error`). */
export function appendError(options: AppendErrorOptions = {}): Fault {
  if (options === null || typeof options !== 'object') {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: appendError() takes options such as { style: 'event', message: 'Overloaded' }, or nothing; it received ${describeArgument(options)}.`);
  }
  if (options.message !== undefined && typeof options.message !== 'string') {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: appendError()'s message is a string; it received ${describeArgument(options.message)}.`);
  }
  const call = `appendError(${options.style || options.message ? JSON.stringify(options) : ''})`;
  return fault(call, 'ends the stream with the format\'s error frame', (work) => {
    const format = formatOf(work, call);
    notCut(work, call);
    const styles = formatModule(format).errorStyles;
    if (options.style !== undefined && !styles.includes(options.style)) {
      throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: ${call}: a ${format} stream's error style is ${styles.length > 0 ? `one of ${styles.map((s) => `'${s}'`).join(', ')}` : 'not chosen (it has one error shape): leave style out'}.`);
    }
    const frames = frameUnits(work);
    const last = frames[frames.length - 1];
    if (last && !frameEnded(unitText(last), work.framing)) {
      throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} cannot apply after the last frame lost its blank line: apply it before stripFinalBlankLine().`);
    }
    let response: Record<string, unknown> | undefined;
    const numbers = frames.map((unit) => jsonOf(unit, work.framing)?.sequence_number).filter((n): n is number => typeof n === 'number');
    for (const unit of frames) {
      const value = jsonOf(unit, work.framing);
      if (isObject(value?.response)) response = value.response;
    }
    const text = errorFrame(format, {
      ...(options.style ? { style: options.style } : {}),
      ...(options.message !== undefined ? { message: options.message } : {}),
      sequence: numbers.length > 0 ? Math.max(...numbers) + 1 : 0,
      ...(response ? { response } : {}),
    });
    work.units.push({ frame: true, pieces: [{ text, delayMs: 0, frame: null }], origin: null });
    work.restructured = true;
  });
}

/** Drops frame `frame` (0-based): the event never arrived. */
export function drop(frame: number): Fault {
  const call = `drop(${String(frame)})`;
  count(frame, 'the frame to drop (0-based)', 'drop(frame)');
  return fault(call, `drops frame ${frame}`, (work) => remove(work, frameAt(work, frame, call)));
}

/** Sends frame `frame` twice in a row: a retry or a relay replayed it. */
export function duplicate(frame: number): Fault {
  const call = `duplicate(${String(frame)})`;
  count(frame, 'the frame to send twice (0-based)', 'duplicate(frame)');
  return fault(call, `sends frame ${frame} twice`, (work) => {
    notCut(work, call);
    const unit = frameAt(work, frame, call);
    terminate(unit, work.framing);
    work.units.splice(work.units.indexOf(unit) + 1, 0, copyUnit(unit));
    work.restructured = true;
  });
}

/** Sends frames `first` and `second` in each other's place: events out of order. */
export function swap(first: number, second: number): Fault {
  const call = `swap(${String(first)}, ${String(second)})`;
  count(first, 'the first frame (0-based)', 'swap(first, second)');
  count(second, 'the second frame (0-based)', 'swap(first, second)');
  if (first === second) throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: swap(first, second) takes two different frames; it received ${first} twice.`);
  return fault(call, `sends frames ${first} and ${second} in each other's place`, (work) => {
    notCut(work, call);
    const a = frameAt(work, first, call);
    const b = frameAt(work, second, call);
    terminate(a, work.framing);
    terminate(b, work.framing);
    const i = work.units.indexOf(a);
    const j = work.units.indexOf(b);
    work.units[i] = b;
    work.units[j] = a;
    work.restructured = true;
  });
}

/** Takes away what ends a finished answer: `[DONE]`, `message_stop`, the terminal `response.*` event, Gemini's `finishReason`s, Behavior's `response.completed`. */
export function dropEnd(): Fault {
  return fault('dropEnd()', 'takes away the frame that ends a finished answer', (work) => {
    const format = formatOf(work, 'dropEnd()');
    const rule = formatModule(format).endRule;
    const ends = frameUnits(work).filter((unit) => !unit.cut && rule.ends(fieldsOf(unitText(unit), work.framing)));
    if (ends.length === 0) throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: dropEnd() cannot apply: the stream has no frame that ends a finished ${format} answer.`);
    for (const unit of ends) {
      const kept = rule.withoutEnd(fieldsOf(unitText(unit), work.framing));
      if (kept === null) remove(work, unit);
      else setText(unit, withData(unitText(unit), kept, work.framing));
    }
    work.restructured = true;
  });
}

/** Drops the first frame: `message_start`, `response.created`, `response.started`, or the first chunk. */
export function dropStart(): Fault {
  return fault('dropStart()', 'drops the first frame', (work) => remove(work, frameAt(work, 0, 'dropStart()')));
}
