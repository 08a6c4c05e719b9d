// Faults on how frames are written: line ends, a byte-order mark, blank lines, event names, tool-call indexes.
import { describeArgument, FORMAT_MODULES, formatModule } from '../core/index.js';
import { fault, type Fault } from './fault.js';
import { BREAK, count, formatOf, frameAt, jsonOf, lineBreakOf, linesOf, notCut, setText, withData } from './fault-edits.js';
import { frameUnits, unitText, type Unit, type Work } from './work.js';
import { SseReconstructError } from '../core/index.js';

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
    if (text === '') throw new SseReconstructError('ERR_SSE_FAULT', 'sse-reconstruct: addBOM() cannot apply to an empty stream.');
    if (text.startsWith('\uFEFF')) throw new SseReconstructError('ERR_SSE_FAULT', 'sse-reconstruct: addBOM() cannot apply: the stream already starts with a byte-order mark.');
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
    if (last === undefined) throw new SseReconstructError('ERR_SSE_FAULT', 'sse-reconstruct: stripFinalBlankLine() cannot apply to a stream with no frame.');
    const after = work.units.slice(work.units.indexOf(last) + 1);
    if (after.some((unit) => unitText(unit).replace(/\r\n|\r|\n/g, '') !== '')) {
      throw new SseReconstructError('ERR_SSE_FAULT', 'sse-reconstruct: stripFinalBlankLine() cannot apply: text other than blank lines follows the last frame.');
    }
    const text = unitText(last);
    // An NDJSON line's end is its one line break: that is what goes.
    const stripped = text.replace(BREAK, '');
    if (work.framing !== 'sse' ? stripped === text : !BREAK.test(stripped)) throw new SseReconstructError('ERR_SSE_FAULT', 'sse-reconstruct: stripFinalBlankLine() cannot apply: the last frame has no blank line after it already.');
    work.units.splice(work.units.indexOf(last) + 1);
    trimEnd(last, text.length - stripped.length);
  });
}

/** Takes `characters` off the end of a unit's text. */
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
    sseOnly(work, call);
    notCut(work, call);
    const unit = frameAt(work, frame, call);
    const next = frameUnits(work)[frame + 1];
    if (next === undefined) throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} cannot apply: frame ${frame} is the last; there is no next frame to join it with.`);
    const between = work.units.slice(work.units.indexOf(unit) + 1, work.units.indexOf(next));
    if (between.some((gap) => unitText(gap).replace(/\r\n|\r|\n/g, '') !== '')) {
      throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} cannot apply: comments stand between frames ${frame} and ${frame + 1}.`);
    }
    trimEnd(unit, unitText(unit).length - unitText(unit).replace(BREAK, '').length);
    unit.pieces.push(...next.pieces);
    unit.origin = null;
    work.units.splice(work.units.indexOf(unit) + 1, between.length + 1);
    work.restructured = true;
  });
}

/** Throws for a stream whose framing has no field lines (NDJSON): the fault edits SSE lines. */
function sseOnly(work: Work, call: string): void {
  if (work.framing !== 'sse') throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} edits server-sent event lines; this ${work.format ?? ''} stream is ${work.framing}, whose frames have none.`);
}

/** Names frame `frame`'s event `name` (its `event:` line changed, or added). */
export function renameEvent(frame: number, name: string): Fault {
  const call = `renameEvent(${String(frame)}, ${JSON.stringify(name)})`;
  count(frame, 'the frame to rename (0-based)', 'renameEvent(frame, name)');
  if (typeof name !== 'string' || name === '' || /[\r\n]/.test(name)) {
    throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: renameEvent(frame, name) takes the new event name as a non-empty string on one line; it received ${describeArgument(name)}.`);
  }
  return fault(call, `names frame ${frame}'s event ${JSON.stringify(name)}`, (work) => {
    sseOnly(work, call);
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

/** Takes `index` off the tool-call fragments of a frame (the first frame with any, by default), in a format whose fragments carry one. */
export function removeIndex(frame?: number): Fault {
  const call = `removeIndex(${frame === undefined ? '' : String(frame)})`;
  if (frame !== undefined) count(frame, 'the frame whose tool-call fragments lose their index (0-based)', 'removeIndex(frame)');
  return fault(call, `takes the index off the tool-call fragments of ${frame === undefined ? 'the first frame with any' : `frame ${frame}`}`, (work) => {
    const rule = formatModule(formatOf(work, call)).fragmentIndex;
    if (rule === undefined) {
      const indexed = FORMAT_MODULES.filter((module) => module.fragmentIndex !== undefined).map((module) => module.title);
      throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} applies to ${indexed.join(', ')} streams, whose tool-call fragments carry an index; this one is ${work.format}.`);
    }
    const carries = (unit: Unit): boolean => {
      const value = jsonOf(unit, work.framing);
      return value !== null && rule.carries(value);
    };
    const unit = frame === undefined ? frameUnits(work).find(carries) : frameAt(work, frame, call);
    if (unit === undefined || !carries(unit)) {
      throw new SseReconstructError('ERR_SSE_FAULT', `sse-reconstruct: ${call} cannot apply: ${frame === undefined ? 'no frame' : `frame ${frame}`} carries a tool-call fragment with an index.`);
    }
    const value = structuredClone(jsonOf(unit, work.framing)!);
    rule.remove(value);
    setText(unit, withData(unitText(unit), value, work.framing));
  });
}
