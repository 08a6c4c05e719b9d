import { openDecoder } from '../decode/decoder.js';
import { FINDINGS, FindingList, type Finding } from '../findings.js';
import type { Stall } from '../input/arrival-clock.js';
import type { Chunk } from '../input/chunks.js';
import { readEach } from '../input/live-read.js';
import { STREAM_OPTION_RULES, withConfiguredDeadlines } from '../input/stream-options.js';
import { isLiveStream, type StreamInput, type LiveStream, type LiveStreamFacts } from '../input/stream.js';
import type { Deadlines } from '../model.js';
import { checkOptionTable, HELD_CHARS, RECONSTRUCT_OPTION_RULES, type OptionRules } from '../options.js';
import { createInspection, inspect, type InspectionSession } from './index.js';
import type { Inspection, InspectOptions } from './model.js';
import { toProblem } from './problems.js';

/** Options of `inspectStream()`: those of `inspect()`, plus how a live stream is read (deadlines, signal, bounds). */
export interface InspectStreamOptions extends InspectOptions {
  /** `performance.now()` taken when the request was sent: `timing.firstByteMs` and the deadlines count from it. */
  startedAt?: number;
  /** Ends the read when it aborts, as a deadline does: the body is cancelled and a `stalled` problem says so. */
  signal?: AbortSignal;
  /**
   * Stop a stream that hangs, as `reconstructStream()` does (the same defaults, and `configure()`'s in a test
   * runner); every chunk counts as progress, since the inspector knows no format's content.
   */
  deadlines?: Deadlines;
  /**
   * The most characters inspected and held as events (default 1,048,576; Infinity for all): past it, at the next
   * blank line, the rest is read and counted (`counted`), not held, so an endless stream holds bounded memory.
   */
  maxInspectedChars?: number;
}

/** An inspection of a live stream, with what was read and how (status, content type, a read error); null for text. */
export interface StreamInspection extends Inspection {
  /** The HTTP facts of a `Response` (status, content type, headers, request id) and a read error. */
  source: Omit<LiveStreamFacts, 'text'> | null;
  /** What ended the read before the stream ended: the deadline that passed, or `signal`; null otherwise. */
  stoppedBy: keyof Deadlines | 'signal' | null;
  /** Past `maxInspectedChars`: the characters and events read and counted, not held; null when all was held. */
  counted: { chars: number; events: number } | null;
}

/** The default of `maxInspectedChars`: as much as the frames table of a reconstruction keeps of its input. */
const INSPECTED_CHARS = 1024 * 1024;

const INSPECT_STREAM_RULES: OptionRules = {
  path: { expects: 'a dotted path such as "choices.0.delta.content"', accepts: (value) => typeof value === 'string' },
  maxHeldChars: HELD_CHARS,
  deadlines: RECONSTRUCT_OPTION_RULES.deadlines as OptionRules[string],
  maxInspectedChars: HELD_CHARS,
  ...STREAM_OPTION_RULES,
};

/**
 * `inspect()` for a live stream: a fetch `Response` (or a promise of one), a `ReadableStream` or an async iterable,
 * read as it arrives, so every event gets its arrival time and `timing` its first byte, first event and longest gap.
 * Text and bytes are inspected as `inspect()` does. The stream is consumed: pass `response.clone()` to read it again.
 */
export async function inspectStream(input: StreamInput, options: InspectStreamOptions = {}): Promise<StreamInspection> {
  checkOptionTable(options, INSPECT_STREAM_RULES, { where: 'inspectStream', example: "{ path: 'choices.0.delta.content' }" });
  const { startedAt, signal, deadlines, maxInspectedChars, ...rest } = options;
  if (!isLiveStream(input)) return Object.assign(inspect(input, rest), { source: null, stoppedBy: null, counted: null });
  const held = new BoundedInspection(createInspection(rest), maxInspectedChars ?? INSPECTED_CHARS, rest.maxHeldChars);
  let first: number | undefined;
  const read = await readEach(input as LiveStream, { signal, startedAt, deadlines: withConfiguredDeadlines(deadlines) }, (chunk, arrivedMs) => {
    first ??= arrivedMs;
    held.push(chunk, arrivedMs);
  });
  const result: StreamInspection = Object.assign(held.end(), { source: read.facts, stoppedBy: read.stall?.cause ?? null, counted: held.counted() });
  if (result.timing !== null) result.timing.firstByteMs = first === undefined ? null : first - read.startedAt;
  if (read.stall !== null) addStall(result, read.stall);
  return result;
}

/** The stall as a problem of the inspection: what cut the read, and that what came by then is shown. */
function addStall(result: Inspection, stall: Stall): void {
  const limit = `${Math.round(stall.limitMs ?? 0)} ms`;
  const what: Record<Stall['cause'], string> = {
    firstByteMs: `No byte arrived within ${limit} of the moment reading began (deadline firstByteMs).`,
    firstContentMs: `Nothing arrived within ${limit} of the moment reading began (deadline firstContentMs; every chunk counts here).`,
    idleMs: `Nothing arrived for ${limit} after the last chunk (deadline idleMs).`,
    totalMs: `The stream was still open ${limit} after reading began (deadline totalMs).`,
    signal: `The signal ended the read ${Math.round(stall.atMs)} ms after reading began: ${stall.reason ?? 'aborted'}.`,
  };
  const message = `${what[stall.cause]} The read was cancelled there (the reader and the body); the events read by then are shown.`;
  const finding: Finding = { code: 'stalled', severity: FINDINGS.stalled.severity, message, line: 0, column: 0 };
  result.problems.push(toProblem(finding, undefined));
  result.problemCounts.stalled = (result.problemCounts.stalled ?? 0) + 1;
}

/** Blank lines: two line endings in a row (a `\r` followed by `\n` is one ending). */
const BLANK_LINE = /(?:\r\n|\n|\r(?!\n))(?:\r\n|\n|\r(?!\n))/g;

/**
 * An inspection that holds at most about `budget` characters: the stream goes into it up to the first blank line
 * past the budget (so its last event is whole), and the rest into a decoder that only counts events.
 */
class BoundedInspection {
  private held = 0;
  private tail = '';
  private readonly text = new TextDecoder('utf-8', { ignoreBOM: true });
  private counter: { push(text: string): void; end(): unknown } | null = null;
  private countedChars = 0;
  private countedEvents = 0;

  constructor(
    private readonly session: InspectionSession,
    private readonly budget: number,
    private readonly maxHeldChars: number | undefined,
  ) {}

  push(chunk: Chunk, arrivedMs: number): void {
    if (this.counter !== null) return this.count(this.decode(chunk));
    if (this.held + chunk.length < this.budget) {
      this.session.push(chunk, arrivedMs);
      this.held += chunk.length;
      const last = typeof chunk === 'string' ? chunk.charCodeAt(chunk.length - 1) : chunk[chunk.length - 1];
      this.tail = last === 10 || last === 13 ? String.fromCharCode(last) : '';
      return;
    }
    const text = this.decode(chunk);
    BLANK_LINE.lastIndex = Math.max(0, this.budget - this.held) + this.tail.length;
    const found = BLANK_LINE.exec(this.tail + text);
    const cut = found === null ? -1 : found.index + found[0].length - this.tail.length;
    const kept = cut < 0 ? text : text.slice(0, cut);
    this.session.push(kept, arrivedMs);
    this.held += kept.length;
    this.tail = kept.slice(-1);
    if (cut < 0) return;
    this.counter = openDecoder({ onFrame: (_frame, _ending, hasData) => void (hasData && (this.countedEvents += 1)), ...(this.maxHeldChars !== undefined ? { maxHeldChars: this.maxHeldChars } : {}) }, new FindingList());
    this.count(text.slice(cut));
  }

  end(): Inspection {
    this.counter?.end();
    return this.session.end();
  }

  counted(): { chars: number; events: number } | null {
    return this.counter === null ? null : { chars: this.countedChars, events: this.countedEvents };
  }

  private count(text: string): void {
    this.countedChars += text.length;
    this.counter?.push(text);
  }

  private decode(chunk: Chunk): string {
    return typeof chunk === 'string' ? chunk : this.text.decode(chunk, { stream: true });
  }
}
