import { explainError } from '../errors/explain.js';
import type { FindingList } from '../findings.js';
import type { TimedFrame } from '../frame-table.js';
import type {
  Assembly,
  Choice,
  Deadlines,
  FinishClass,
  FinishReasonTable,
  FormatName,
  Outcome,
  Timing,
  Verdict,
} from '../model.js';

export const DEFAULT_DEADLINES: Required<Deadlines> = { firstContentMs: 20_000, idleMs: 30_000, totalMs: 300_000 };

export interface JudgeInput {
  format: FormatName | null;
  assembly: Assembly;
  /** The frames with an arrival time, in order. */
  timed: readonly TimedFrame[];
  findings: FindingList;
  finishReasons: FinishReasonTable | null;
  /** The decoder stopped at the size bound, or the last frame was cut. */
  truncated: boolean;
  deadlines?: Deadlines;
}

export interface Judgement {
  verdict: Verdict;
  outcome: Outcome;
  choices: Choice[];
  timing: Timing;
}

/** Turns an assembly into a verdict and an outcome, with finish meanings and stall deadlines. */
export function judge(input: JudgeInput): Judgement {
  const { assembly, findings } = input;
  const choices = assembly.choices.map((choice) => ({
    ...choice,
    finishMeaning: meaningOf(input.finishReasons, choice.finishReason),
  }));
  const verdict = verdictOf(assembly, input.truncated);
  if (assembly.error != null) explainErrorEvents(findings, assembly.error, input.format);
  const timing = timingOf(input.timed);
  const stalled = checkDeadlines(input.timed, timing, { ...DEFAULT_DEADLINES, ...input.deadlines }, findings);
  const outcome = outcomeOf({ stalled, assembly, verdict, finishClass: finishClassOf(input, choices) });
  return { verdict, outcome, choices, timing };
}

function verdictOf(assembly: Assembly, truncated: boolean): Verdict {
  if (truncated || !assembly.ended || assembly.error != null) return 'did not finish';
  if (assembly.missingPiece) return 'not the whole stream';
  return 'complete';
}

function outcomeOf(state: { stalled: boolean; assembly: Assembly; verdict: Verdict; finishClass: FinishClass }): Outcome {
  if (state.stalled) return 'stalled';
  if (state.assembly.error != null) return 'error_event';
  if (state.verdict === 'did not finish') return 'dropped';
  return state.finishClass;
}

function finishClassOf(input: JudgeInput, choices: readonly Choice[]): FinishClass {
  const classes = new Set<FinishClass>();
  if (input.assembly.finishClass) classes.add(input.assembly.finishClass);
  for (const choice of choices) {
    if (choice.finishReason === null || input.finishReasons === null) continue;
    const entry = input.finishReasons.reasons[choice.finishReason];
    if (entry) classes.add(entry.class);
  }
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
  for (const finding of findings.listed) if (finding.code === 'error event') finding.message = `${finding.message} What it means: ${summary}`;
}

export function meaningOf(table: FinishReasonTable | null, reason: string | null): string | null {
  if (reason === null) return null;
  const entry = table?.reasons[reason];
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

function stall(findings: FindingList, frame: TimedFrame, message: string): void {
  findings.add('stalled', `${message} Find what held the stream (a slow first token, a buffering proxy, a provider that stopped sending).`, frame.line, 1, frame.index);
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

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
