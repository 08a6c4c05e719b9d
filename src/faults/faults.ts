// Faults: frame-aware transforms of a stream script. Each keeps every byte it does not touch; applyFaults() states
// the library's reading of the result.
import { DEFAULT_DEADLINES, formatModule, type Deadlines, type FormatName, type Reconstruction } from '../core/index.js';
import { seededRandom } from '../fixtures/stream-of.js';
import { describeValue } from './checks.js';
import { errorFrame, type ErrorStyle } from './error-frames.js';
import { expectedOf } from './expected.js';
import { fieldsOf, isRecord } from './frame-text.js';
import type { StreamScript } from './script.js';
import { readScript, scriptOf, type ScriptSource } from './script-of.js';
import { frameUnits, piecesOf, unitText, workOf, type Unit, type Work } from './work.js';

/** A way a stream breaks. Pass faults to `applyFaults()`, or call `apply()` on a stream. */
export interface Fault {
  /** How it was made: `drop(3)`, `pace({"tokensPerSec":20})`. */
  readonly name: string;
  /** What it does to the stream, in a few words. */
  readonly description: string;
  /** `applyFaults(source, this)`. */
  apply(source: ScriptSource): StreamScript;
}

interface Context {
  progressOf(unit: Unit): boolean;
}

type Transform = (work: Work, context: Context) => void;

/** Where a fault keeps its transform: a registered symbol, so faults made by another copy of this module apply too. */
const TRANSFORM = Symbol.for('sse-reconstruct.fault');

function fault(name: string, description: string, transform: Transform): Fault {
  const made: Fault = { name, description, apply: (source) => applyFaults(source, made) };
  Object.defineProperty(made, TRANSFORM, { value: transform });
  // Shown by name in test output and in fast-check's counterexamples.
  const show = () => name;
  Object.defineProperty(made, 'toString', { value: show });
  Object.defineProperty(made, Symbol.for('fast-check/toStringMethod'), { value: show });
  return Object.freeze(made);
}

function transformOf(value: unknown): Transform | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const transform = (value as Record<symbol, unknown>)[TRANSFORM];
  return typeof transform === 'function' ? (transform as Transform) : undefined;
}

/**
 * For arbitraries: a fault whose frame positions are shares (0 to 1) of the stream it meets, made by `make` once the
 * frame count is known; one that cannot apply to that stream leaves it unchanged.
 */
export function relativeFault(name: string, make: (frameLengths: number[]) => Fault): Fault {
  return fault(name, `${name}, placed by the stream's length`, (work, context) => {
    try {
      transformOf(make(frameUnits(work).map((unit) => unitText(unit).length)))!(work, context);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  });
}

/**
 * Applies faults in order to a stream (a string, bytes, a timestamped capture, a fixture or a script) and returns the
 * script they make, with `expected` the library's own reading of it (at its pace, under the deadlines its stalls set).
 */
export function applyFaults(source: ScriptSource, ...faults: Fault[]): StreamScript {
  const { work, deadlines } = faultedWork(source, faults);
  const script = { format: work.format, pieces: piecesOf(work), end: work.end };
  return { ...script, expected: expectedOf(script, deadlines) };
}

/** What faults made of a source: the source's script, reading and work, the faulted work, and the deadlines to read it with. */
export interface FaultedWork {
  script: StreamScript;
  reading: Reconstruction;
  sourceWork: Work;
  work: Work;
  deadlines: Deadlines | undefined;
}

/** The faults applied to a source's work (for `applyFaults()`, and for the tests' independent reading of the result). */
export function faultedWork(source: ScriptSource, faults: readonly Fault[]): FaultedWork {
  const script = scriptOf(source);
  faults.forEach((entry, index) => {
    if (transformOf(entry) === undefined) {
      throw new TypeError(`sse-reconstruct: applyFaults(source, ...faults) takes faults made by this module (drop(2), truncateAfter(5), …); argument ${index + 1} is ${describeValue(entry)}.`);
    }
  });
  const reading = readScript(script);
  const work = workOf(script);
  const context: Context = { progressOf: (unit) => unit.origin !== null && reading.frames[unit.origin]?.progress === true };
  for (const entry of faults) transformOf(entry)!(work, context);
  const stall = work.smallestStallMs;
  const previous = script.expected.deadlines;
  const deadlines = stall === null ? previous : stallDeadlines(stall, previous);
  return { script, reading, sourceWork: workOf(script), work, deadlines };
}

/** Deadlines just below a stall, so reading with them sees it. */
function stallDeadlines(stallMs: number, previous: StreamScript['expected']['deadlines']) {
  const below = Number.isFinite(stallMs) ? Math.max(1, stallMs - 1) : DEFAULT_DEADLINES.idleMs;
  return {
    firstContentMs: Math.min(below, previous?.firstContentMs ?? Infinity),
    idleMs: Math.min(below, previous?.idleMs ?? Infinity),
    totalMs: previous?.totalMs ?? DEFAULT_DEADLINES.totalMs,
  };
}

// ── argument checks ─────────────────────────────────────────────────────────────────────────────────────

function count(value: unknown, what: string, call: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError(`sse-reconstruct: ${call} takes ${what} as a whole number (0 or more); it received ${describeValue(value)}.`);
  }
  return value;
}

function milliseconds(value: unknown, what: string, call: string, forever = false): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0 || (!forever && !Number.isFinite(value))) {
    throw new TypeError(`sse-reconstruct: ${call} takes ${what} in milliseconds, a number of 0 or more${forever ? ' (Infinity for forever)' : ''}; it received ${describeValue(value)}.`);
  }
  return value;
}

function frameAt(work: Work, index: number, call: string): Unit {
  const frames = frameUnits(work);
  const unit = frames[index];
  if (unit === undefined) {
    throw new TypeError(`sse-reconstruct: ${call} cannot apply: the stream has ${frames.length} frame${frames.length === 1 ? '' : 's'}${frames.length > 0 ? ` (0 to ${frames.length - 1})` : ''}, so it has no frame ${index}.`);
  }
  return unit;
}

function formatOf(work: Work, call: string): FormatName {
  if (work.format === null) {
    throw new TypeError(`sse-reconstruct: ${call} needs the stream's format, which its frames do not tell: make the script with scriptOf(stream, { format }).`);
  }
  return work.format;
}

function notCut(work: Work, call: string): void {
  const cut = frameUnits(work).findIndex((unit) => unit.cut);
  if (cut !== -1) throw new TypeError(`sse-reconstruct: ${call} cannot apply after the stream was cut inside frame ${cut}: apply it before cutInside().`);
}

// ── editing units ───────────────────────────────────────────────────────────────────────────────────────

function setText(unit: Unit, text: string): void {
  const first = unit.pieces[0];
  unit.pieces = [{ text, delayMs: first?.delayMs ?? 0, frame: first?.frame ?? null }];
}

function copyUnit(unit: Unit): Unit {
  return { ...unit, pieces: unit.pieces.map((piece, i) => ({ ...piece, delayMs: i === 0 ? 0 : piece.delayMs })) };
}

/** Gives a frame the blank line it lacks (the stream's last may have none) before it moves where others follow it. */
function terminate(unit: Unit): void {
  const text = unitText(unit);
  const last = unit.pieces[unit.pieces.length - 1];
  if (last === undefined || BREAK.test(text.replace(BREAK, ''))) return;
  const eol = lineBreakOf(text);
  last.text += BREAK.test(text) ? eol : eol + eol;
}

function remove(work: Work, unit: Unit): void {
  work.units.splice(work.units.indexOf(unit), 1);
  work.restructured = true;
}

const LINES = /[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g;
const BREAK = /(?:\r\n|\r|\n)$/;

function linesOf(text: string): string[] {
  return text.match(LINES) ?? [];
}

function lineBreakOf(text: string): string {
  return /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
}

/** The frame with its data lines replaced by one line of `value` as JSON; its other lines are kept. */
function withData(text: string, value: unknown): string {
  const eol = lineBreakOf(text);
  let written = false;
  const lines = linesOf(text).flatMap((line) => {
    if (!/^data(?::|$)/.test(line.replace(BREAK, ''))) return [line];
    if (written) return [];
    written = true;
    return [`data: ${JSON.stringify(value)}${BREAK.exec(line)?.[0] ?? eol}`];
  });
  return lines.join('');
}

function jsonOf(unit: Unit): Record<string, unknown> | null {
  const value = fieldsOf(unitText(unit)).json;
  return isRecord(value) ? value : null;
}

// ── structure ───────────────────────────────────────────────────────────────────────────────────────────

export interface CutOptions {
  /** End with a connection reset (the server destroys the socket) instead of a clean close. */
  reset?: boolean;
}

function endOf(options: CutOptions, call: string): Work['end'] {
  if (options === null || typeof options !== 'object' || (options.reset !== undefined && typeof options.reset !== 'boolean')) {
    throw new TypeError(`sse-reconstruct: ${call} takes options such as { reset: true }, or none; it received ${describeValue(options)}.`);
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
      throw new TypeError(`sse-reconstruct: ${call} cannot apply: the stream has ${all.length} frames; pass 1 to ${Math.max(1, all.length - 1)} to cut some off.`);
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
      throw new TypeError(`sse-reconstruct: ${call} cannot apply: frame ${frame} has ${text.length} characters; pass 1 to ${text.length - 1} to cut inside it.`);
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

export interface AppendErrorOptions {
  /** Chat Completions: `'data'` (a `{"error": …}` frame, default) or `'event'` (`event: error`). Responses: `'error'` (default) or `'response.failed'`. */
  style?: ErrorStyle;
  /** The error's message. */
  message?: string;
}

/** Ends the stream with the format's own error frame (OpenAI `{"error": …}`, Anthropic `overloaded_error`, Gemini `UNAVAILABLE`, Responses `error`). */
export function appendError(options: AppendErrorOptions = {}): Fault {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`sse-reconstruct: appendError() takes options such as { style: 'event', message: 'Overloaded' }, or nothing; it received ${describeValue(options)}.`);
  }
  if (options.message !== undefined && typeof options.message !== 'string') {
    throw new TypeError(`sse-reconstruct: appendError()'s message is a string; it received ${describeValue(options.message)}.`);
  }
  const call = `appendError(${options.style || options.message ? JSON.stringify(options) : ''})`;
  return fault(call, 'ends the stream with the format\'s error frame', (work) => {
    const format = formatOf(work, call);
    notCut(work, call);
    const styles = formatModule(format).errorStyles;
    if (options.style !== undefined && !styles.includes(options.style)) {
      throw new TypeError(`sse-reconstruct: ${call}: a ${format} stream's error style is ${styles.length > 0 ? `one of ${styles.map((s) => `'${s}'`).join(', ')}` : 'not chosen (it has one error shape): leave style out'}.`);
    }
    const frames = frameUnits(work);
    const last = frames[frames.length - 1];
    if (last && !/(?:\r\n|\r|\n)$/.test(unitText(last).replace(/(?:\r\n|\r|\n)$/, ''))) {
      throw new TypeError(`sse-reconstruct: ${call} cannot apply after the last frame lost its blank line: apply it before stripFinalBlankLine().`);
    }
    let response: Record<string, unknown> | undefined;
    const numbers = frames.map((unit) => jsonOf(unit)?.sequence_number).filter((n): n is number => typeof n === 'number');
    for (const unit of frames) {
      const value = jsonOf(unit);
      if (isRecord(value?.response)) response = value.response;
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
    terminate(unit);
    work.units.splice(work.units.indexOf(unit) + 1, 0, copyUnit(unit));
    work.restructured = true;
  });
}

/** Sends frames `first` and `second` in each other's place: events out of order. */
export function swap(first: number, second: number): Fault {
  const call = `swap(${String(first)}, ${String(second)})`;
  count(first, 'the first frame (0-based)', 'swap(first, second)');
  count(second, 'the second frame (0-based)', 'swap(first, second)');
  if (first === second) throw new TypeError(`sse-reconstruct: swap(first, second) takes two different frames; it received ${first} twice.`);
  return fault(call, `sends frames ${first} and ${second} in each other's place`, (work) => {
    notCut(work, call);
    const a = frameAt(work, first, call);
    const b = frameAt(work, second, call);
    terminate(a);
    terminate(b);
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
    const ends = frameUnits(work).filter((unit) => !unit.cut && rule.ends(fieldsOf(unitText(unit))));
    if (ends.length === 0) throw new TypeError(`sse-reconstruct: dropEnd() cannot apply: the stream has no frame that ends a finished ${format} answer.`);
    for (const unit of ends) {
      const kept = rule.withoutEnd(fieldsOf(unitText(unit)));
      if (kept === null) remove(work, unit);
      else setText(unit, withData(unitText(unit), kept));
    }
    work.restructured = true;
  });
}

/** Drops the first frame: `message_start`, `response.created`, `response.started`, or the first chunk. */
export function dropStart(): Fault {
  return fault('dropStart()', 'drops the first frame', (work) => remove(work, frameAt(work, 0, 'dropStart()')));
}

// ── framing ─────────────────────────────────────────────────────────────────────────────────────────────

/** Ends every line with `\r\n`. */
export function toCRLF(): Fault {
  return fault('toCRLF()', 'ends every line with \\r\\n', (work) => {
    let pendingCR = false;
    for (const unit of work.units) {
      for (const piece of unit.pieces) {
        let text = piece.text;
        if (pendingCR && text.startsWith('\n')) text = text.slice(1);
        pendingCR = text.endsWith('\r');
        piece.text = text.replace(/\r\n|\r|\n/g, '\r\n');
      }
    }
  });
}

/** Starts the stream with a byte-order mark (U+FEFF). */
export function addBOM(): Fault {
  return fault('addBOM()', 'starts the stream with a byte-order mark', (work) => {
    const text = work.units.map(unitText).join('');
    if (text === '') throw new TypeError('sse-reconstruct: addBOM() cannot apply to an empty stream.');
    if (text.startsWith('\uFEFF')) throw new TypeError('sse-reconstruct: addBOM() cannot apply: the stream already starts with a byte-order mark.');
    // Text of its own before the first frame, so it stays at the start whatever later faults do to frames.
    work.units.unshift({ frame: false, pieces: [{ text: '\uFEFF', delayMs: 0, frame: null }], origin: null });
  });
}

/** Takes away the blank line after the last frame (and any blank lines after it). */
export function stripFinalBlankLine(): Fault {
  return fault('stripFinalBlankLine()', 'takes away the blank line after the last frame', (work) => {
    notCut(work, 'stripFinalBlankLine()');
    const frames = frameUnits(work);
    const last = frames[frames.length - 1];
    if (last === undefined) throw new TypeError('sse-reconstruct: stripFinalBlankLine() cannot apply to a stream with no frame.');
    const after = work.units.slice(work.units.indexOf(last) + 1);
    if (after.some((unit) => unitText(unit).replace(/\r\n|\r|\n/g, '') !== '')) {
      throw new TypeError('sse-reconstruct: stripFinalBlankLine() cannot apply: text other than blank lines follows the last frame.');
    }
    const text = unitText(last);
    const stripped = text.replace(BREAK, '');
    if (!BREAK.test(stripped)) throw new TypeError('sse-reconstruct: stripFinalBlankLine() cannot apply: the last frame has no blank line after it already.');
    work.units.splice(work.units.indexOf(last) + 1);
    trimEnd(last, text.length - stripped.length);
  });
}

function trimEnd(unit: Unit, characters: number): void {
  let left = characters;
  for (let i = unit.pieces.length - 1; i >= 0 && left > 0; i -= 1) {
    const piece = unit.pieces[i]!;
    const take = Math.min(left, piece.text.length);
    piece.text = piece.text.slice(0, piece.text.length - take);
    left -= take;
  }
}

/** Takes away the blank line between frame `frame` and the next, so their data lines join into one frame. */
export function joinDataLines(frame: number): Fault {
  const call = `joinDataLines(${String(frame)})`;
  count(frame, 'the first of the two frames to join (0-based)', 'joinDataLines(frame)');
  return fault(call, `joins frame ${frame} and the next into one`, (work) => {
    notCut(work, call);
    const unit = frameAt(work, frame, call);
    const next = frameUnits(work)[frame + 1];
    if (next === undefined) throw new TypeError(`sse-reconstruct: ${call} cannot apply: frame ${frame} is the last; there is no next frame to join it with.`);
    const between = work.units.slice(work.units.indexOf(unit) + 1, work.units.indexOf(next));
    if (between.some((gap) => unitText(gap).replace(/\r\n|\r|\n/g, '') !== '')) {
      throw new TypeError(`sse-reconstruct: ${call} cannot apply: comments stand between frames ${frame} and ${frame + 1}.`);
    }
    trimEnd(unit, unitText(unit).length - unitText(unit).replace(BREAK, '').length);
    unit.pieces.push(...next.pieces);
    unit.origin = null;
    work.units.splice(work.units.indexOf(unit) + 1, between.length + 1);
    work.restructured = true;
  });
}

/** Names frame `frame`'s event `name` (its `event:` line changed, or added). */
export function renameEvent(frame: number, name: string): Fault {
  const call = `renameEvent(${String(frame)}, ${JSON.stringify(name)})`;
  count(frame, 'the frame to rename (0-based)', 'renameEvent(frame, name)');
  if (typeof name !== 'string' || name === '' || /[\r\n]/.test(name)) {
    throw new TypeError(`sse-reconstruct: renameEvent(frame, name) takes the new event name as a non-empty string on one line; it received ${describeValue(name)}.`);
  }
  return fault(call, `names frame ${frame}'s event ${JSON.stringify(name)}`, (work) => {
    const unit = frameAt(work, frame, call);
    const text = unitText(unit);
    const lines = linesOf(text);
    const eol = lineBreakOf(text);
    const named = lines.some((line) => /^event(?::|$)/.test(line));
    const renamed = named
      ? lines.map((line) => (/^event(?::|$)/.test(line) ? `event: ${name}${BREAK.exec(line)?.[0] ?? eol}` : line))
      : [`event: ${name}${eol}`, ...lines];
    setText(unit, renamed.join(''));
  });
}

/** Takes `index` off the tool-call fragments of a Chat Completions frame (the first frame with any, by default). */
export function removeIndex(frame?: number): Fault {
  const call = `removeIndex(${frame === undefined ? '' : String(frame)})`;
  if (frame !== undefined) count(frame, 'the frame whose tool-call fragments lose their index (0-based)', 'removeIndex(frame)');
  return fault(call, `takes the index off the tool-call fragments of ${frame === undefined ? 'the first frame with any' : `frame ${frame}`}`, (work) => {
    if (formatOf(work, call) !== 'chat-completions') throw new TypeError(`sse-reconstruct: ${call} applies to Chat Completions streams, whose tool-call fragments carry an index; this one is ${work.format}.`);
    const frames = frameUnits(work);
    const unit = frame === undefined ? frames.find((candidate) => indexedFragments(jsonOf(candidate))) : frameAt(work, frame, call);
    if (unit === undefined || !indexedFragments(jsonOf(unit))) {
      throw new TypeError(`sse-reconstruct: ${call} cannot apply: ${frame === undefined ? 'no frame' : `frame ${frame}`} carries a tool-call fragment with an index.`);
    }
    const value = structuredClone(jsonOf(unit)!);
    for (const choice of value.choices as unknown[]) {
      if (!isRecord(choice) || !isRecord(choice.delta) || !Array.isArray(choice.delta.tool_calls)) continue;
      for (const fragment of choice.delta.tool_calls) if (isRecord(fragment)) delete fragment.index;
    }
    setText(unit, withData(unitText(unit), value));
  });
}

function indexedFragments(value: Record<string, unknown> | null): boolean {
  if (!value || !Array.isArray(value.choices)) return false;
  return value.choices.some(
    (choice) => isRecord(choice) && isRecord(choice.delta) && Array.isArray(choice.delta.tool_calls) && choice.delta.tool_calls.some((f) => isRecord(f) && 'index' in f),
  );
}

// ── timing ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Stops sending for `ms` after the first `after` frames (0: before the first, as the server's `stall: { afterFrames }`
 * counts). Infinity stops the stream there: what comes after is never written and the connection hangs; after the last
 * frame, a finite stall hangs the connection that long before it closes. `expected.deadlines` are set below the stall,
 * so a reader with them reports `stalled`: read whole (`readScript()`), the frames all count; a live reader is
 * cancelled at the deadline (`expected.live`).
 */
export function stall(after: number, ms: number): Fault {
  const call = `stall(${String(after)}, ${String(ms)})`;
  count(after, 'how many frames go before the stall', 'stall(after, ms)');
  milliseconds(ms, 'how long it stalls', 'stall(after, ms)', true);
  if (ms === 0) throw new TypeError('sse-reconstruct: stall(after, ms) takes a stall longer than 0 ms.');
  return fault(call, `stops sending for ${Number.isFinite(ms) ? `${ms} ms` : 'ever'} after ${after} frames`, (work) => {
    const frames = frameUnits(work);
    if (after > frames.length) {
      throw new TypeError(`sse-reconstruct: ${call} cannot apply: the stream has ${frames.length} frames; pass 0 to ${frames.length} (the stall comes after that many).`);
    }
    // The units written before the stall: everything up to the `after`-th frame (none for 0).
    const before = after === 0 ? 0 : work.units.indexOf(frames[after - 1]!) + 1;
    const next = work.units[before];
    if (!Number.isFinite(ms)) {
      work.units.splice(before);
      work.end = { kind: 'stall', ms };
      work.restructured = true;
    } else if (next === undefined) work.end = { kind: 'stall', ms };
    else next.pieces[0]!.delayMs += ms;
    work.smallestStallMs = Math.min(work.smallestStallMs ?? Infinity, ms);
    work.paced = true;
  });
}

/**
 * Holds frame `frame` back by `ms` before sending it. The wait counts from the start of reading like every limit: past
 * the default deadlines (20 s to the first content, 30 s between content) it is a stall, and `expected.live` says
 * what a live reader, cancelled there, reads.
 */
export function delay(frame: number, ms: number): Fault {
  const call = `delay(${String(frame)}, ${String(ms)})`;
  count(frame, 'the frame to hold back (0-based)', 'delay(frame, ms)');
  milliseconds(ms, 'how long to hold it', 'delay(frame, ms)');
  return fault(call, `holds frame ${frame} back by ${ms} ms`, (work) => {
    frameAt(work, frame, call).pieces[0]!.delayMs += ms;
    work.paced = true;
  });
}

export interface PaceOptions {
  /** Milliseconds before the first frame that carries content (default 0). */
  ttftMs?: number;
  /** Content frames per second after the first (each counts as a token; default: no wait). */
  tokensPerSec?: number;
  /** 0 to 1: each wait varies by up to this share, drawn from `seed` (default 0). */
  jitter?: number;
  /** Seed for the jitter (default 0): the same seed gives the same pace. */
  seed?: number;
}

/**
 * Paces the stream like a model writing: a wait before the first content, then `tokensPerSec`, with seeded jitter.
 * It replaces the script's delays (a recorded pace, earlier delays and stalls): apply `stall()` and `delay()` after it.
 */
export function pace(options: PaceOptions): Fault {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`sse-reconstruct: pace() takes options such as { ttftMs: 400, tokensPerSec: 30, jitter: 0.2, seed: 1 }; it received ${describeValue(options)}.`);
  }
  const ttft = milliseconds(options.ttftMs ?? 0, 'ttftMs', 'pace({ ttftMs })');
  const tps = options.tokensPerSec;
  if (tps !== undefined && !(typeof tps === 'number' && tps > 0 && Number.isFinite(tps))) {
    throw new TypeError(`sse-reconstruct: pace({ tokensPerSec }) takes a number above 0; it received ${describeValue(tps)}.`);
  }
  const jitter = options.jitter ?? 0;
  if (typeof jitter !== 'number' || !(jitter >= 0 && jitter <= 1)) {
    throw new TypeError(`sse-reconstruct: pace({ jitter }) takes a share from 0 to 1; it received ${describeValue(jitter)}.`);
  }
  const seed = options.seed ?? 0;
  if (!Number.isInteger(seed)) throw new TypeError(`sse-reconstruct: pace({ seed }) takes a whole number; it received ${describeValue(seed)}.`);
  const shown = JSON.stringify(Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)));
  return fault(`pace(${shown})`, `paces the stream: ${ttft} ms to the first content${tps ? `, then ${tps} content frames a second` : ''}`, (work, context) => {
    const random = seededRandom(seed);
    const vary = (ms: number) => Math.round(ms * (1 + jitter * (2 * random() - 1)) * 1000) / 1000;
    let seen = false;
    for (const unit of work.units) {
      for (const piece of unit.pieces) piece.delayMs = 0;
      if (!unit.frame || !context.progressOf(unit) || unit.pieces.length === 0) continue;
      unit.pieces[0]!.delayMs = seen ? (tps ? vary(1000 / tps) : 0) : vary(ttft);
      seen = true;
    }
    work.paced = true;
  });
}

