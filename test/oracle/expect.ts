// The independent check of the faults: what a faulted script must read as, from the oracle's reading of its frames,
// the framing rules, the pace, and whatever the source reading held that no rule covers, from the frames that still
// carry it. The property tests check that the library's reading agrees.
import { DEFAULT_DEADLINES, formatModule, type FramingName, type Deadlines, type FindingCode, type FinishOutcome, type Outcome, type Reconstruction, type Verdict } from '../../src/core/index.js';
import { EMPTY_TURN_TOKENS } from '../../src/core/judge/usage.js';
import { fieldsOf as readFields, type FrameFields } from '../../src/faults/frame-text.js';
import { endIndexOf, oracleReading, outsideRules, verdictOf } from './oracle.js';
import { faultedWork, type Fault, type FaultedWork } from '../../src/faults/faults.js';
import type { ScriptSource } from '../../src/faults/script-of.js';
import { Memo } from './memo.js';
import { codesByFrame, frameUnits, unitText, type Unit, type Work } from '../../src/faults/work.js';

/**
 * What the oracle says a script must read as. `exact`: `findings` is the whole set of codes (else codes that must be
 * among them); `live`: a live reader's reading where it differs (codes it must have at least); `unstated`: why part
 * of it is carried over from the source's reading rather than stated (the stream holds what the rules do not cover).
 */
export interface OracleReading {
  verdict: Verdict;
  outcome: Outcome;
  findings: FindingCode[];
  exact: boolean;
  deadlines?: Deadlines;
  live?: { verdict: Verdict; outcome: Outcome; findings: FindingCode[] };
  unstated?: string;
}

/** The oracle's reading of `faults` applied to an unfaulted `source`: what `applyFaults(source, ...faults)` must read as. */
export function oracleExpectation(source: ScriptSource, faults: readonly Fault[] = []): OracleReading {
  return oracleOfWork(faultedWork(source, faults));
}

/** The oracle's reading of what `faultedWork()` made: for a caller that also turns the same work into its script. */
export function oracleOfWork(made: FaultedWork): OracleReading {
  const texts = new Map<number, string>();
  for (const unit of made.sourceWork.units) if (unit.origin !== null) texts.set(unit.origin, unitText(unit));
  const { verdict, outcome, findings, deadlines } = made.script.expected;
  const expected: OracleReading = { verdict, outcome, findings: [...findings], exact: true, ...(deadlines ? { deadlines } : {}) };
  return expectationOf({ work: made.sourceWork, reading: made.reading, expected, texts }, made.work, made.deadlines);
}

/**
 * A frame text's fields, read once per text: the oracle reads the same frame texts many times over (before and after
 * the faults, for the end, for the rules' cover, run after run on one source). Nothing here changes the fields it reads.
 */
const fieldsByFraming = new Map<FramingName, Memo<FrameFields>>();

function fieldsOf(text: string, framing: FramingName): FrameFields {
  let known = fieldsByFraming.get(framing);
  if (known === undefined) fieldsByFraming.set(framing, (known = new Memo<FrameFields>(20_000)));
  return known.get(text, () => readFields(text, framing));
}

/** Codes the oracle states for the frames it reads. */
const ORACLE_CODES = new Set<FindingCode>([
  'after end', 'no end', 'error event', 'not json', 'comment as data', 'tool call no index', 'tool call incomplete', 'arguments not json', 'no finish reason',
  'no start', 'block restarted', 'block unstarted', 'block open', 'sequence gap', 'done mismatch', 'incomplete', 'prompt blocked', 'tool failed',
  'event mismatch', 'empty', 'delta mismatch', 'signature missing', 'identity changed', 'tool call id changed', 'finish mismatch', 'choice no index',
]);
/** Codes the framing rules state from the text. */
const FRAMING_CODES = new Set<FindingCode>(['bom', 'crlf', 'unterminated', 'not dispatched', 'cut', 'stalled']);

export interface Analysis {
  verdict: Verdict;
  outcome: Outcome;
  codes: Set<FindingCode>;
  stalled: boolean;
}

/** What the rules say of a work's frames and text, before anything carried over from a source reading. */
export function analyse(work: Work, progressOf: (unit: Unit) => boolean, deadlines: Required<Deadlines>): Analysis {
  return analyseStalled(work, deadlineWalk(work, progressOf, deadlines, false).passedAt !== null);
}

/**
 * The rules over a work's frames and text, `stalled` given: by the offline clock, or by a live read's cut. `live`: read
 * as a live reader does, where a last frame no blank line ends is never dispatched (`not dispatched`, not finished).
 */
function analyseStalled(work: Work, stalled: boolean, live = false): Analysis {
  const codes = new Set<FindingCode>();
  const frames = frameUnits(work);
  const text = work.units.map(unitText).join('');
  if (text.startsWith('\uFEFF')) codes.add('bom');
  // An NDJSON reader takes CRLF line ends as they are (JSON.parse ignores the CR): only SSE names them.
  if (work.framing === 'sse' && /\r\n/.test(text) && !/\r(?!\n)|(?<!\r)\n/.test(text)) codes.add('crlf');
  const last = frames[frames.length - 1];
  let truncated = false;
  const read = frames.map((unit) => fieldsOf(unitText(unit), work.framing));
  if (last !== undefined && !terminated(unitText(last), work.framing)) {
    const fields = read[read.length - 1]!;
    if (fields.data === null) {
      if (unitText(last).split(/\r\n|\n|\r/).some((line) => line !== '' && !line.startsWith(':'))) codes.add('ignored line');
    } else if (fields.json === undefined && !fields.done) {
      codes.add('cut');
      truncated = true;
      read.pop();
    } else if (live) {
      codes.add('not dispatched');
      truncated = true;
    } else codes.add('unterminated');
  }
  const oracle = work.format ? oracleReading(work.format, read) : null;
  for (const code of oracle?.codes ?? []) codes.add(code);
  const verdict = oracle ? verdictOf(oracle, truncated) : 'did not finish';
  if (stalled) codes.add('stalled');
  const finishClass: FinishOutcome = oracle?.finishClass ?? 'ok';
  const outcome: Outcome = stalled ? 'stalled' : oracle?.error ? 'error_event' : verdict === 'did not finish' ? 'dropped' : finishClass;
  return { verdict, outcome, codes, stalled };
}

function terminated(text: string, framing: FramingName): boolean {
  // An NDJSON line is ended by its own line break.
  if (framing !== 'sse') return /\n$/.test(text);
  return /(?:\r\n|\r|\n)$/.test(text.replace(/(?:\r\n|\r|\n)$/, ''));
}

/** Where the deadlines stop a script: the moment one passed (null: none did), and how many pieces had come by then. */
interface DeadlineWalk {
  passedAt: number | null;
  arrivedPieces: number;
}

/**
 * The library's arrival clock over the script's pace: each piece arrives when the delays summed up to it say, a
 * frame when its last piece does. Every limit counts from the start of reading, before the first piece's delay (as
 * `readScript()` and a live read count them); `firstByteMs` holds only for a live read (`live`). A deadline passed
 * before a piece arrives is a stall; a hang at the end is one when it outlasts the deadline that runs then.
 */
export function deadlineWalk(work: Work, progressOf: (unit: Unit) => boolean, deadlines: Required<Deadlines>, live: boolean): DeadlineWalk {
  const origin = 0;
  let firstByte: number | null = null;
  let lastContent: number | null = null;
  let at = 0;
  let arrived = 0;
  const next = (from: number) => {
    let deadline = from + deadlines.totalMs;
    if (live && firstByte === null) deadline = Math.min(deadline, from + deadlines.firstByteMs);
    return Math.min(deadline, lastContent === null ? from + deadlines.firstContentMs : lastContent + deadlines.idleMs);
  };
  for (const unit of work.units) {
    for (const [i, piece] of unit.pieces.entries()) {
      at += piece.delayMs;
      const deadline = next(origin);
      if (at > deadline) return { passedAt: deadline, arrivedPieces: arrived };
      if (piece.text !== '') firstByte ??= at;
      arrived += 1;
      if (i === unit.pieces.length - 1 && unit.frame && progressOf(unit)) lastContent = at;
    }
  }
  const deadline = next(origin);
  const endsAt = work.end.kind === 'stall' ? at + work.end.ms : work.end.kind === 'reset' ? at + (work.end.afterMs ?? 0) : at;
  return { passedAt: endsAt > deadline ? deadline : null, arrivedPieces: arrived };
}

/** The pieces a live read had before it was cut: the first `count`. */
function arrivedPart(work: Work, count: number): Work {
  const units: Unit[] = [];
  let left = count;
  for (const unit of work.units) {
    if (left <= 0) break;
    const pieces = unit.pieces.slice(0, left);
    left -= unit.pieces.length;
    units.push({ ...unit, pieces });
  }
  return { ...work, units, end: { kind: 'stall', ms: Infinity } };
}

/**
 * What a live reader with these deadlines reads, where a deadline cancels its read before the script has all come:
 * the pieces that arrived by then, stalled. Null when the live read sees the whole script.
 */
function liveReading(work: Work, progressOf: (unit: Unit) => boolean, deadlines: Required<Deadlines>): Analysis | null {
  const walk = deadlineWalk(work, progressOf, deadlines, true);
  const total = work.units.reduce((sum, unit) => sum + unit.pieces.length, 0);
  if (walk.passedAt === null || walk.arrivedPieces >= total) return null;
  return analyseStalled(arrivedPart(work, walk.arrivedPieces), true, true);
}

export interface Source {
  work: Work;
  reading: Reconstruction;
  expected: OracleReading;
  texts: Map<number, string>;
}

/** The expectation of a faulted work, from its source. */
export function expectationOf(source: Source, work: Work, deadlines: Deadlines | undefined): OracleReading {
  const progress = (unit: Unit) => unit.origin !== null && source.reading.frames[unit.origin]?.progress === true && !unit.cut;
  const full = { ...DEFAULT_DEADLINES, ...deadlines };
  const before = analyse(source.work, progress, { ...DEFAULT_DEADLINES, ...source.expected.deadlines });
  const after = analyse(work, progress, full);
  const { perFrame, whole } = codesByFrame(source.reading);
  let exact = source.expected.exact;
  const findings = new Set<FindingCode>(after.codes);
  const carried = (code: FindingCode) => !ORACLE_CODES.has(code) && !FRAMING_CODES.has(code);
  // `usage without content` is judged only of a stream that finished without an error (src/core/judge/usage.ts).
  const judgedUsage = after.verdict !== 'did not finish';
  for (const code of source.expected.findings) if (carried(code) && whole.has(code) && (judgedUsage || code !== 'usage without content')) findings.add(code);
  // Frames after the end are not read: what they raised in the source is not raised again.
  const frames = frameUnits(work);
  const end = work.format ? endIndexOf(work.format, frames.map((unit) => fieldsOf(unitText(unit), work.framing))) : null;
  const unread = new Set(end === null ? [] : frames.slice(end + 1));
  for (const unit of work.units) {
    if (unit.origin === null || unread.has(unit)) continue;
    const codes = [...(perFrame.get(unit.origin) ?? [])].filter(carried);
    if (codes.length === 0) continue;
    // A frame about an item whose start a fault removed is read as unstarted, not as an event left unassembled.
    if (after.codes.has('block unstarted') && codes.includes('not assembled')) {
      exact = false;
      continue;
    }
    if (unitText(unit) === source.texts.get(unit.origin)) for (const code of codes) findings.add(code);
    else exact = false;
  }
  // When a fault takes every frame of content, or leaves content unassembled, the usage may still count it (`usage
  // without content`, raised for a stream that finished): the rules here do not read usage, so they then say only
  // what must be there.
  const unassembled = ['block unstarted', 'tool call incomplete', 'not json', 'comment as data'].some((code) => after.codes.has(code as FindingCode));
  if (after.verdict !== 'did not finish' && countsOutput(source, work) && (unassembled || lostAllContent(source, work))) exact = false;
  const result: OracleReading = { verdict: after.verdict, outcome: after.outcome, findings: [...findings].sort(), exact };
  if (deadlines) result.deadlines = deadlines;
  const live = liveReading(work, progress, full) ?? (after.codes.has('unterminated') ? analyseStalled(work, after.stalled, true) : null);
  if (live !== null) result.live = { verdict: live.verdict, outcome: live.outcome, findings: [...live.codes].sort() };
  const unstated = (source.work.format && outsideRules(source.work.format, frameUnits(source.work).map((unit) => fieldsOf(unitText(unit), source.work.framing)))) || disagreement(before, source.expected);
  if (unstated !== null) {
    result.unstated = unstated;
    result.exact = false;
  }
  return result;
}

/** True when the source's usage counts more output than an empty turn has, and the source raised no `usage without content`. */
function countsOutput(source: Source, work: Work): boolean {
  const count = work.format ? formatModule(work.format).output : undefined;
  const usage = source.reading.usage;
  if (count === undefined || usage === null || source.reading.findingCounts['usage without content'] !== undefined) return false;
  return (count.visibleTokens(usage) ?? 0) > EMPTY_TURN_TOKENS;
}

/** True when the source carried content and no frame that carried it reaches the work with the same data. */
function lostAllContent(source: Source, work: Work): boolean {
  const carriers = new Set<number>();
  source.reading.frames.forEach((frame, index) => {
    if (frame.progress) carriers.add(index);
  });
  if (carriers.size === 0) return false;
  // A carrier the fault moved after the end is not read: its content is lost too.
  const frames = frameUnits(work);
  const end = work.format ? endIndexOf(work.format, frames.map((unit) => fieldsOf(unitText(unit), work.framing))) : null;
  const unread = new Set(end === null ? [] : frames.slice(end + 1));
  return !work.units.some((unit) => {
    if (unit.origin === null || !carriers.has(unit.origin) || unit.cut || unread.has(unit)) return false;
    const text = source.texts.get(unit.origin);
    return text !== undefined && fieldsOf(unitText(unit), work.framing).data === fieldsOf(text, work.framing).data;
  });
}

/** Where the rules read the source otherwise than the library did, or null when they agree. */
function disagreement(rules: Analysis, reading: OracleReading): string | null {
  if (rules.verdict !== reading.verdict || rules.outcome !== reading.outcome) {
    return `the source reads as ${reading.verdict}/${reading.outcome}, which the rules of its format here do not give (${rules.verdict}/${rules.outcome})`;
  }
  const stated = reading.findings.filter((code) => ORACLE_CODES.has(code) || FRAMING_CODES.has(code));
  const missing = stated.filter((code) => !rules.codes.has(code));
  const extra = [...rules.codes].filter((code) => !reading.findings.includes(code) && code !== 'ignored line');
  if (missing.length > 0 || extra.length > 0) return `the rules read the source's findings otherwise (${[...missing.map((c) => `-${c}`), ...extra.map((c) => `+${c}`)].join(', ')})`;
  return null;
}

/** The reading the rules state for a stream that no fault touched: for generated streams. */
export function statedReading(work: Work): OracleReading {
  const rules = analyse(work, () => false, DEFAULT_DEADLINES);
  return { verdict: rules.verdict, outcome: rules.outcome, findings: [...rules.codes].sort(), exact: true };
}
