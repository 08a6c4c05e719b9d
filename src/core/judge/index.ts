import { explainError } from '../errors/explain.js';
import { FindingList } from '../findings.js';
import { ownEntry } from '../own-copy.js';
import { plural } from '../words.js';
import type { TimedFrame } from '../pipeline/frame-table.js';
import type { ArrivalClock, LastFrame, Stall } from '../input/arrival-clock.js';
import type { FrameTimes } from '../pipeline/frame-times.js';
import type {
  Assembly,
  Choice,
  Deadlines,
  FinishOutcome,
  FinishReasonTable,
  FormatName,
  Outcome,
  Timing,
  Verdict,
} from '../model.js';

/** The seed's watchdog: 20 s to the first content (and to the first byte), 30 s between content, 300 s in all. */
export const DEFAULT_DEADLINES: Required<Deadlines> = { firstByteMs: 20_000, firstContentMs: 20_000, idleMs: 30_000, totalMs: 300_000 };

/** The deadlines that hold for these options: the defaults, with the ones given. */
export function deadlinesOf(options: { deadlines?: Deadlines }): Required<Deadlines> {
  return { ...DEFAULT_DEADLINES, ...options.deadlines };
}

export interface JudgeInput {
  format: FormatName | null;
  assembly: Assembly;
  /** The frames with an arrival time, in order. */
  timed: readonly TimedFrame[];
  findings: FindingList;
  finishReasons: FinishReasonTable | null;
  /**
   * The class of a finish reason outside `finishReasons` (the formats know the other formats' tables), given what the
   * format itself says of the ending; `error_event` when not given. Never `ok`.
   */
  classOutsideTable?: (reason: string, formatSays?: FinishOutcome) => FinishOutcome;
  /** The decoder stopped at the size bound, or the last frame was cut. */
  truncated: boolean;
  deadlines?: Deadlines;
  /** A stream timed as it arrived (live, or pushed with arrival times): what the judge reads of its times. */
  live?: LiveTimes | null;
}

/**
 * The times of a stream timed as it arrived, as the stages before the judge hand them forward: the reader's arrival
 * clock (ended: its origin, first byte, end and the deadline it passed) and the pipeline's content times.
 */
export interface LiveTimes {
  arrival: Readonly<Pick<ArrivalClock, 'origin' | 'live' | 'now' | 'endedAt' | 'firstByteAt' | 'bytes' | 'stall' | 'awaitingHeaders' | 'headersStatus'>>;
  content: Readonly<Pick<FrameTimes, 'firstContentAt' | 'lastContentAt' | 'maxContentGap'>>;
}

export interface Judgement {
  verdict: Verdict;
  outcome: Outcome;
  choices: Choice[];
  timing: Timing;
  /** The findings given, with what the judge adds (a stall, what an error means): a new list. */
  findings: FindingList;
}

/**
 * Turns an assembly into a verdict and an outcome, with finish meanings and stall deadlines. Returns a new judgement
 * and changes nothing it was given.
 */
export function judge(input: JudgeInput): Judgement {
  const { assembly } = input;
  const findings = copyOf(input.findings);
  const choices = assembly.choices.map((choice) => ({
    ...choice,
    finishMeaning: meaningOf(input.finishReasons, choice.finishReason),
  }));
  const verdict = verdictOf(assembly, input.truncated);
  if (assembly.error != null) explainErrorEvents(findings, assembly.error, input.format);
  const live = input.live ?? null;
  let timing: Timing;
  let stalled: boolean;
  if (live !== null) {
    timing = liveTimingOf(live);
    stalled = reportStall(live.arrival, assembly.ended, findings);
  } else {
    timing = timingOf(input.timed);
    stalled = checkDeadlines(input.timed, timing, { ...DEFAULT_DEADLINES, ...input.deadlines }, findings);
  }
  const outcome = outcomeOf({ stalled, assembly, verdict, finishClass: finishClassOf(input, choices) });
  return { verdict, outcome, choices, timing, findings };
}

/** A list of the same findings, to add to without touching the one given. */
function copyOf(findings: FindingList): FindingList {
  const copy = new FindingList();
  copy.listed.push(...findings.listed);
  Object.assign(copy.counts, findings.counts);
  return copy;
}

function verdictOf(assembly: Assembly, truncated: boolean): Verdict {
  if (truncated || !assembly.ended || assembly.error != null) return 'did not finish';
  if (assembly.missingPiece) return 'not the whole stream';
  return 'complete';
}

function outcomeOf(state: { stalled: boolean; assembly: Assembly; verdict: Verdict; finishClass: FinishOutcome }): Outcome {
  if (state.stalled) return 'stalled';
  if (state.assembly.error != null) return 'error_event';
  if (state.verdict === 'did not finish') return 'dropped';
  return state.finishClass;
}

function finishClassOf(input: JudgeInput, choices: readonly Choice[]): FinishOutcome {
  const classes = new Set<FinishOutcome>();
  if (input.assembly.finishClass) classes.add(input.assembly.finishClass);
  for (const choice of choices) {
    if (choice.finishReason === null || input.finishReasons === null) continue;
    const entry = ownEntry(input.finishReasons.reasons, choice.finishReason);
    // A reason outside the format's set is never ok (its finding, `unknown finish reason`, says why).
    classes.add(entry ? entry.class : (input.classOutsideTable?.(choice.finishReason, input.assembly.finishClass) ?? 'error_event'));
  }
  if (classes.has('error_event')) return 'error_event';
  if (classes.has('length_limit')) return 'length_limit';
  if (classes.has('filtered')) return 'filtered';
  return 'ok';
}

/** Adds what the error means, whether to retry and what to change to the `error event` findings. */
function explainErrorEvents(findings: FindingList, error: unknown, format: FormatName | null): void {
  const explained = explainError(error, format);
  // An error the table does not know, with no HTTP status, has nothing to add.
  if (explained.provider === null && explained.http === null) return;
  const { summary } = explained;
  // New findings in the judge's own list: the ones given are not changed.
  findings.listed.forEach((finding, at) => {
    if (finding.code === 'error event') findings.listed[at] = { ...finding, message: `${finding.message} What it means: ${summary}` };
  });
}

export function meaningOf(table: FinishReasonTable | null, reason: string | null): string | null {
  if (reason === null) return null;
  const entry = table ? ownEntry(table.reasons, reason) : undefined;
  if (entry) return entry.meaning;
  return `Not a finish reason this library knows for this format (${JSON.stringify(reason)}); check the provider's current documentation.`;
}

function timingOf(timed: readonly TimedFrame[]): Timing {
  if (timed.length === 0) return { firstContentMs: null, maxIdleMs: null, totalMs: null };
  const first = timed[0]?.elapsedMs ?? 0;
  const last = timed[timed.length - 1]?.elapsedMs ?? first;
  const content = timed.filter((frame) => frame.progress).map((frame) => frame.elapsedMs ?? 0);
  let maxIdle = 0;
  for (let i = 1; i < content.length; i += 1) maxIdle = Math.max(maxIdle, (content[i] ?? 0) - (content[i - 1] ?? 0));
  if (content.length > 0) maxIdle = Math.max(maxIdle, last - (content[content.length - 1] ?? last));
  return {
    firstContentMs: content.length > 0 ? (content[0] ?? 0) - first : null,
    maxIdleMs: content.length > 0 ? maxIdle : null,
    totalMs: last - first,
  };
}

/** Raises `stalled` where a timed stream went past a deadline; true when it did. */
function checkDeadlines(
  timed: readonly TimedFrame[],
  timing: Timing,
  deadlines: Required<Deadlines>,
  findings: FindingList,
): boolean {
  if (timed.length === 0) return false;
  const origin = timed[0]?.elapsedMs ?? 0;
  let previous: TimedFrame | null = null;
  for (const frame of timed) {
    const at = (frame.elapsedMs ?? 0) - origin;
    if (at > deadlines.totalMs) {
      stall(findings, frame, `Frame ${frame.index} arrived ${seconds(at)} after the first, past the ${seconds(deadlines.totalMs)} deadline for the whole stream.`);
      return true;
    }
    if (!frame.progress) continue;
    const since = previous === null ? at : at - ((previous.elapsedMs ?? 0) - origin);
    const limit = previous === null ? deadlines.firstContentMs : deadlines.idleMs;
    if (since > limit) {
      const what = previous === null ? 'The first content' : `Content`;
      const after = previous === null ? 'the first frame' : `the content of frame ${previous.index}`;
      stall(findings, frame, `${what} (frame ${frame.index}) came ${seconds(since)} after ${after}, past the ${seconds(limit)} deadline.`);
      return true;
    }
    previous = frame;
  }
  const last = timed[timed.length - 1];
  if (previous !== null && last !== undefined && last !== previous) {
    // Content stopped, and the stream went on (or was cut) only after the idle deadline had passed.
    const quiet = (last.elapsedMs ?? 0) - (previous.elapsedMs ?? 0);
    if (quiet > deadlines.idleMs) {
      stall(findings, last, `After the content of frame ${previous.index}, nothing but frame ${last.index} came, ${seconds(quiet)} later, past the ${seconds(deadlines.idleMs)} deadline between content.`);
      return true;
    }
  }
  if (previous === null && timing.totalMs !== null && timing.totalMs > deadlines.firstContentMs) {
    if (last) stall(findings, last, `No content arrived in ${seconds(timing.totalMs)}, past the ${seconds(deadlines.firstContentMs)} deadline for the first content.`);
    return true;
  }
  return false;
}

/** A live stream's timing, every limit measured from the start of reading (or the caller's `startedAt`). */
function liveTimingOf({ arrival: clock, content }: LiveTimes): Timing {
  const origin = clock.origin;
  const ended = clock.endedAt ?? clock.now;
  const since = (at: number | null) => (at === null ? null : at - origin);
  const timing: Timing = {
    firstContentMs: since(content.firstContentAt),
    maxIdleMs: content.lastContentAt === null ? null : Math.max(content.maxContentGap, ended - content.lastContentAt),
    totalMs: ended - origin,
  };
  if (clock.live) timing.firstByteMs = since(clock.firstByteAt);
  return timing;
}

/**
 * Raises `stalled` for the deadline a live stream passed (or the signal that ended it); true when there is one.
 * `terminalSeen`: the assembly saw the frame that ends the stream.
 */
function reportStall(clock: LiveTimes['arrival'], terminalSeen: boolean, findings: FindingList): boolean {
  const stall = clock.stall;
  if (stall === null) return false;
  const parts = [stallWhat(stall, clock)];
  const nothing = nothingCame(stall, clock);
  if (stall.lastFrame !== null) parts.push(`The last frame was ${frameName(stall.lastFrame)}.`);
  else if (clock.bytes > 0) parts.push(`${plural(clock.bytes, 'byte')} came, but no whole frame (a comment or a frame cut short).`);
  else if (nothing !== null) parts.push(nothing);
  if (clock.live && terminalSeen) parts.push('The frame that ends the stream had come, but the body was never closed: a client that reads to the end of the body hangs here.');
  if (clock.awaitingHeaders) parts.push('The wait was given up there; a response that comes later is cancelled.');
  else if (clock.live) parts.push(stall.cause === 'signal' ? 'The read was cancelled (the reader and the body).' : 'The read was cancelled there (the reader and the body).');
  parts.push('Find what held the stream (a slow first token, a buffering proxy, a provider that stopped sending).');
  const at = stall.lastFrame;
  findings.add('stalled', parts.join(' '), at?.line ?? 0, at === null ? 0 : 1, at?.index);
  return true;
}

/** What a stall with no byte says of the response: whether its headers came (null: said already). */
function nothingCame(stall: Stall, clock: LiveTimes['arrival']): string | null {
  const firstByte = stall.cause === 'firstByteMs';
  if (clock.awaitingHeaders) return firstByte ? null : 'No response came: not even the status line and headers.';
  if (clock.headersStatus !== null) return firstByte ? null : `The response headers came (status ${clock.headersStatus}), but not one byte of the body.`;
  return 'Not one byte came.';
}

function stallWhat(stall: Stall, clock: LiveTimes['arrival']): string {
  const from = clock.live ? 'reading began' : 'the first chunk';
  const limit = stall.limitMs === null ? '' : duration(stall.limitMs);
  switch (stall.cause) {
    case 'firstByteMs':
      if (clock.awaitingHeaders) return `No response came within ${limit} of the moment ${from} (deadline firstByteMs): not even the status line and headers.`;
      if (clock.headersStatus !== null) return `The response headers came (status ${clock.headersStatus}), but no byte of the body arrived within ${limit} of the moment ${from} (deadline firstByteMs).`;
      return `No byte arrived within ${limit} of the moment ${from} (deadline firstByteMs).`;
    case 'firstContentMs':
      return `No content arrived within ${limit} of the moment ${from} (deadline firstContentMs); pings, comments and frames without content do not count.`;
    case 'idleMs':
      return `No content came for ${duration(stall.waitedMs)} after ${stall.lastContent === null ? 'the last content' : frameName(stall.lastContent)}, past the idleMs deadline (${limit} between content); pings, comments and frames without content do not count.`;
    case 'totalMs':
      return `The stream was still open ${limit} after ${from} (deadline totalMs).`;
    case 'signal':
      return `The signal ended the read ${duration(stall.atMs)} after ${from}: ${stall.reason ?? 'aborted'}.`;
  }
}

function frameName(frame: LastFrame): string {
  return `frame ${frame.index} (${frame.type}, line ${frame.line}, ${duration(frame.atMs)} in)`;
}

function stall(findings: FindingList, frame: TimedFrame, message: string): void {
  findings.add('stalled', `${message} Find what held the stream (a slow first token, a buffering proxy, a provider that stopped sending).`, frame.line, 1, frame.index);
}

/** Milliseconds under a second, else seconds to a tenth. */
function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** The summary line: format, verdict, outcome, what the answer holds, how many findings. */
export function summaryLine(parts: {
  format: FormatName | null;
  verdict: Verdict;
  outcome: Outcome;
  choices: readonly Choice[];
  findingTotal: number;
}): string {
  const toolCalls = parts.choices.reduce((sum, choice) => sum + choice.toolCalls.length, 0);
  const chars = parts.choices.reduce((sum, choice) => sum + choice.text.length, 0);
  const pieces = [
    parts.format ?? 'no format',
    parts.verdict,
    parts.outcome,
    plural(parts.choices.length, 'choice'),
    `${chars} chars of text`,
    plural(toolCalls, 'tool call'),
    plural(parts.findingTotal, 'finding'),
  ];
  return pieces.join(' · ');
}
