import { createDecoder, type DecoderSummary, type FrameEnding } from '../decode/decoder.js';
import { describeArgument as describe } from '../words.js';
import type { Frame } from '../decode/frame.js';
import { readPayload } from '../decode/payload.js';
import { matchStamp } from '../decode/timestamps.js';
import { FindingList } from '../findings.js';
import { type StreamText, toChunks } from '../input/chunks.js';
import { commentOffsets, LineIndex } from './lines.js';
import type { InspectedEvent, Inspection, InspectionTiming, InspectOptions, NotDispatched } from './model.js';
import { joinAtPath, type JsonEvent } from './path.js';
import { explainError } from '../errors/explain.js';
import { joinedLinesNote, notJsonMessage, toProblem } from './problems.js';
import { SseReconstructError } from '../library-errors.js';

export type { EventPayload, InspectedEvent, Inspection, InspectionProblem, InspectionStats, InspectionTiming, InspectOptions, NotDispatched, NotDispatchedReason } from './model.js';
export { reassemble, valueAtPath, type Reassembly } from './path.js';

/**
 * Shows any `text/event-stream` as a spec client dispatches it, LLM or not: every event with its type, id, data and
 * line, the blocks that dispatch nothing and why, the problems with line, column and a caret snippet, the
 * inspector's counts, and (with `path`) the text joined from each event's JSON. Never throws on bad input.
 */
export function inspect(input: StreamText, options: InspectOptions = {}): Inspection {
  const session = createInspection(options);
  for (const chunk of toChunks(input, 'inspect')) session.push(chunk);
  return session.end();
}

/** The incremental inspector: push chunks as they arrive, then `end()` for the inspection. */
export interface InspectionSession {
  /**
   * Feeds the next piece of the stream: text, or bytes (UTF-8, split anywhere). `arrivedMs`: when it arrived (live
   * streams), in ms on any monotonic clock; events then get `elapsedMs` from the first arrival.
   */
  push(chunk: string | Uint8Array, arrivedMs?: number): void;
  /** Whether reading stopped at `maxHeldChars` (`too large`): nothing pushed after it is read, so a caller may stop. */
  stopped(): boolean;
  end(): Inspection;
}

/** A frame as the decoder handed it over, with what its marks said (the marks object is reused). */
interface Block {
  frame: Frame;
  ending: FrameEnding;
  hasData: boolean;
  bare: boolean;
  column: number;
  dataLine: number;
  dataColumn: number;
  /** When the chunk that ended it arrived, for a live stream. */
  arrivedMs: number | undefined;
}

/** The incremental form of `inspect()`: push chunks as they arrive, then `end()`. */
export function createInspection(options: InspectOptions = {}): InspectionSession {
  checkOptions(options);
  const findings = new FindingList();
  const parts: string[] = [];
  const blocks: Block[] = [];
  let arrivedMs: number | undefined;
  let firstArrivedMs: number | undefined;
  const decoder = createDecoder(
    {
      onFrame(frame, ending, hasData, marks) {
        blocks.push({ frame, ending, hasData, bare: marks.bare, column: marks.column, dataLine: marks.dataLine, dataColumn: marks.dataColumn, arrivedMs });
      },
      onText(text) {
        if (text.length > 0) parts.push(text);
      },
      // A spec client holds a frame of any size: the inspector bounds what it holds only when asked.
      maxHeldChars: options.maxHeldChars ?? Infinity,
      // A spec client reads a stamp as part of its line: they are taken off only when asked.
      timestamps: options.timestamps === true,
    },
    findings,
  );
  let result: Inspection | null = null;
  return {
    push(chunk, arrived) {
      if (result !== null) throw new SseReconstructError('ERR_SSE_STATE', 'sse-reconstruct: push() was called after end(); create a new inspection for a new stream.');
      if (arrived !== undefined) {
        arrivedMs = arrived;
        firstArrivedMs ??= arrived;
      }
      decoder.push(chunk);
    },
    stopped: () => findings.has('too large'),
    end() {
      if (result === null) {
        result = build(decoder.end(), blocks, findings, new LineIndex(parts.join('')), options.path, firstArrivedMs);
        // The inspection holds what it needs; the session keeps neither the frames nor the text.
        blocks.length = 0;
        parts.length = 0;
      }
      return result;
    },
  };
}

function checkOptions(options: InspectOptions): void {
  if (typeof options !== 'object' || options === null) throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: inspect() takes an options object ({ path?, maxHeldChars?, timestamps? }); received ${describe(options)}.`);
  if (options.timestamps !== undefined && typeof options.timestamps !== 'boolean') {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: inspect()'s timestamps is true (take off the capture timestamps that start every non-empty line) or false; received ${describe(options.timestamps)}.`);
  }
  if (options.path !== undefined && typeof options.path !== 'string') {
    throw new SseReconstructError('ERR_SSE_OPTION', `sse-reconstruct: inspect()'s path is a dotted path such as "choices.0.delta.content"; received ${describe(options.path)}.`);
  }
}

function build(summary: DecoderSummary, blocks: readonly Block[], findings: FindingList, lines: LineIndex, path: string | undefined, firstArrivedMs: number | undefined): Inspection {
  const events: InspectedEvent[] = [];
  const values: JsonEvent[] = [];
  const notDispatched: NotDispatched[] = [];
  const eventOfFrame = new Map<number, number>();
  const frameOfEvent: number[] = [];
  for (const block of blocks) {
    if (!block.hasData || block.bare) {
      notDispatched.push(notDispatchedOf(block, lines, summary.timestamped));
      continue;
    }
    const jsonBefore = values.length;
    const event = eventOf(block, events.length, values);
    // A live stream's events count from its first chunk; a capture's come from its timestamps.
    if (!summary.timestamped && block.arrivedMs !== undefined && firstArrivedMs !== undefined) event.elapsedMs = block.arrivedMs - firstArrivedMs;
    eventOfFrame.set(block.frame.index, event.index);
    frameOfEvent.push(block.frame.index);
    events.push(event);
    const message = notJsonMessage(event);
    if (message !== null) findings.add('not json', message, event.dataLine, event.dataColumn, block.frame.index);
    if (values.length > jsonBefore) reportCarriedError(event, values[jsonBefore]?.value, block, findings);
    if (!event.dispatched) reportUndispatched(block, event, lines, findings);
  }
  reportStream(events, frameOfEvent, summary, findings);
  // Own findings join the decoder's in one list: the first few of each code are listed, all are counted.
  const problems = findings.sorted().map((f) => {
    const block = f.frame === undefined ? undefined : blocks[f.frame];
    return toProblem(f, f.line > 0 ? lineOf(lines, f.line, block) : undefined, f.frame === undefined ? undefined : eventOfFrame.get(f.frame));
  });
  const reassembly = path === undefined || path === '' ? null : joinAtPath(values, events.length, path);
  const inspection: Inspection = {
    events,
    notDispatched,
    problems,
    problemCounts: { ...findings.counts },
    stats: {
      events: events.length,
      comments: summary.lines.comments + commentsInside(blocks, lines, summary.timestamped) - (!summary.stopped && endsInComment(lines.text, summary.timestamped) ? 1 : 0),
      json: values.length,
      notJson: events.filter((event) => event.payload === 'not json').length,
      eventTypes: [...new Set(events.filter((event) => event.dispatched).map((event) => event.event))],
      lastEventId: summary.lastEventId === '' ? null : summary.lastEventId,
      reassembledChars: reassembly === null ? null : reassembly.text.length,
    },
    reassembly,
    lines: summary.lines,
    endsWithNewline: endsWithNewline(lines.text),
    timestamped: summary.timestamped,
    timing: timingOf(events),
    stopped: summary.stopped,
  };
  if (summary.retry !== undefined) inspection.retry = summary.retry;
  return inspection;
}

/** A line's text, scanned from the start of the block it is in when there is one (no index of every line before). */
function lineOf(lines: LineIndex, line: number, block: Block | undefined): string | undefined {
  return block !== undefined && line >= block.frame.line ? lines.lineNear(line, block.frame.line, block.frame.start) : lines.line(line);
}

/** The event of a block with data; a JSON data's value goes to `values` (parsed once, for the path too). */
function eventOf(block: Block, index: number, values: JsonEvent[]): InspectedEvent {
  const { frame } = block;
  const read = readPayload(frame.data);
  if (read.kind === 'json') values.push({ index, value: read.value });
  const event: InspectedEvent = {
    index,
    event: frame.event,
    id: frame.lastEventId,
    data: frame.data,
    line: frame.line,
    endLine: frame.endLine,
    start: frame.start,
    end: frame.end,
    dataLine: block.dataLine,
    dataColumn: block.dataColumn,
    payload: read.kind === 'json' ? 'json' : read.kind === 'done' ? 'done' : looksLikeJson(frame.data) ? 'not json' : 'text',
    dispatched: block.ending === 'blank',
  };
  if (frame.retry !== undefined) event.retry = frame.retry;
  if (frame.time !== undefined) event.time = frame.time;
  if (frame.elapsedMs !== undefined) event.elapsedMs = frame.elapsedMs;
  const note = joinedLinesNote(event);
  if (note !== null) event.note = note;
  return event;
}

/** Data that tries to be JSON (and, not parsing, is `not json` rather than `text`). */
function looksLikeJson(data: string): boolean {
  const first = data.trimStart().charCodeAt(0);
  return first === 123 /* { */ || first === 91 /* [ */ || first === 34 /* " */;
}

function reportUndispatched(block: Block, event: InspectedEvent, lines: LineIndex, findings: FindingList): void {
  const tail = endsWithNewline(lines.text) ? '' : ' The text does not even end with a line terminator.';
  findings.add(
    'not dispatched',
    `Event ${event.index} (line ${event.line}) is still buffered when the stream ends: no blank line follows it, so a spec client discards it and it never fires.${tail} A server that writes its last chunk and closes without the blank line loses the end of every response this way, and only where the connection closes promptly. Write a blank line after the last event.`,
    event.line,
    block.column,
    block.frame.index,
  );
}

/**
 * An event that carries an error, by the conventions LLM APIs share (`event: error`, a JSON `type` of `error` or
 * `response.failed`, a top-level `error` object): what it means, from the error table.
 */
function reportCarriedError(event: InspectedEvent, value: unknown, block: Block, findings: FindingList): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  const typed = record.type === 'error' || record.type === 'response.failed';
  const nested = typeof record.error === 'object' && record.error !== null;
  if (event.event !== 'error' && !typed && !nested) return;
  const { summary } = explainError(value);
  findings.add(
    'error event',
    `Event ${event.index} (\`${event.event}\`) carries an error: ${summary} In an LLM stream it ends the answer, so what came before it is partial.`,
    event.dataLine,
    event.dataColumn,
    block.frame.index,
  );
}

function notDispatchedOf(block: Block, lines: LineIndex, timestamped: boolean): NotDispatched {
  const { frame } = block;
  const base = { line: frame.line, endLine: frame.endLine, start: frame.start, end: frame.end };
  if (block.bare) return { ...base, reason: 'not framed', why: 'a JSON document written without `data:` lines: every line is an unknown field, so a spec client ignores them all' };
  const fields = new Set<string>();
  for (let line = frame.line; line <= frame.endLine; line += 1) {
    const field = fieldOf(lines.lineNear(line, frame.line, frame.start) ?? '', timestamped);
    if (field !== null) fields.add(field);
  }
  return { ...base, reason: 'no data', why: noDataWhy(fields, frame) };
}

/** The field name of a line (its capture timestamp taken off, in a stamped capture); null for comments and blank lines. */
function fieldOf(text: string, timestamped: boolean): string | null {
  const stamp = timestamped ? matchStamp(text) : null;
  const line = stamp === null ? text : text.slice(stamp.length);
  if (line === '' || line.charCodeAt(0) === 58) return null;
  const colon = line.indexOf(':');
  return colon === -1 ? line : line.slice(0, colon);
}

function noDataWhy(fields: ReadonlySet<string>, frame: Frame): string {
  if (fields.has('event')) return `\`event: ${frame.event}\` with no \`data:\` line: nothing is dispatched for it`;
  const known = [...fields].filter((field) => field === 'id' || field === 'retry');
  const unknown = [...fields].filter((field) => field !== 'id' && field !== 'retry');
  if (unknown.length > 0) return `only lines a spec client ignores (${unknown.slice(0, 3).map((f) => `\`${f}\``).join(', ')}): no field it reads`;
  if (known.length === 2) return 'only sets the last event ID and the reconnection delay (legal; no event)';
  if (known[0] === 'id') return 'only sets the last event ID (legal; no event)';
  return 'only sets the reconnection delay (legal; no event)';
}

function reportStream(events: readonly InspectedEvent[], frameOfEvent: readonly number[], summary: DecoderSummary, findings: FindingList): void {
  const done = events.filter((event) => event.payload === 'done');
  const first = done[0];
  if (first !== undefined) {
    const which = done.length === 1 ? `Event ${first.index} carries` : `${done.length} events carry \`[DONE]\`, the first being event ${first.index}; it carries`;
    const after = events.length - 1 - first.index;
    const later = after > 0 ? ` ${after} event${after === 1 ? ' comes' : 's come'} after it, which a client that stops at \`[DONE]\` never reads.` : '';
    const message = `${which} \`[DONE]\`: a convention of LLM APIs, not part of the event-stream specification. A spec client dispatches it as an ordinary message whose data is the six characters \`[DONE]\`, so a handler has to check for it before parsing the data as JSON.${later}`;
    findings.add('done sentinel', message, first.dataLine, first.dataColumn, frameOfEvent[first.index]);
  }
  if (events.length === 0 && !summary.stopped) {
    findings.add('empty', 'No event would be dispatched: no `data:` line is followed by a blank line. Paste the body of a text/event-stream response, not its headers.', 0, 0);
  }
}

/** Comment lines inside blocks (the decoder counts only those between them). */
function commentsInside(blocks: readonly Block[], lines: LineIndex, timestamped: boolean): number {
  if (timestamped) return stampedCommentsInside(blocks, lines);
  const offsets = commentOffsets(lines.text);
  let count = 0;
  let next = 0;
  for (const { frame } of blocks) {
    while (next < offsets.length && (offsets[next] as number) < frame.start) next += 1;
    while (next < offsets.length && (offsets[next] as number) < frame.end) {
      count += 1;
      next += 1;
    }
  }
  return count;
}

/** The same for a timestamped capture, whose comment lines start with their stamp: read line by line. */
function stampedCommentsInside(blocks: readonly Block[], lines: LineIndex): number {
  let count = 0;
  for (const { frame } of blocks) {
    // The line that ends a block is blank, or (at the end of the input) may be a comment itself.
    for (let line = frame.line + 1; line <= frame.endLine; line += 1) {
      const value = lines.lineNear(line, frame.line, frame.start) ?? '';
      const stamp = matchStamp(value);
      if ((stamp === null ? value : value.slice(stamp.length)).charCodeAt(0) === 58) count += 1;
    }
  }
  return count;
}

/** Whether the text ends in a comment line with no ending: counted by the line tally, never read by a spec client. */
function endsInComment(text: string, timestamped: boolean): boolean {
  if (text.length === 0 || endsWithNewline(text)) return false;
  const last = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
  const stamp = timestamped ? matchStamp(last) : null;
  const field = stamp === null ? last : last.slice(stamp.length);
  // A BOM at the very start is not part of the line.
  return field.charCodeAt(field.charCodeAt(0) === 0xfeff && last.length === text.length ? 1 : 0) === 58;
}

function endsWithNewline(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last === 10 || last === 13;
}

function timingOf(events: readonly InspectedEvent[]): InspectionTiming | null {
  const timed = events.filter((event) => event.elapsedMs !== undefined);
  const first = timed[0];
  if (first === undefined) return null;
  let longestGapMs = 0;
  let longestGapBefore: number | null = null;
  for (let i = 1; i < timed.length; i += 1) {
    const gap = (timed[i]?.elapsedMs ?? 0) - (timed[i - 1]?.elapsedMs ?? 0);
    if (longestGapBefore === null || gap > longestGapMs) {
      longestGapMs = gap;
      longestGapBefore = timed[i]?.index ?? null;
    }
  }
  return { firstEventMs: first.elapsedMs ?? 0, totalMs: timed[timed.length - 1]?.elapsedMs ?? 0, longestGapMs, longestGapBefore };
}
