// One cell of the relay matrix: an upstream in one format, the stream a correct translation into another format
// sends, and that stream with one translation defect; what compareStreams says of each. Shared by the matrix test and
// its property.
import type { Answer, AnswerChoice, AnswerToolCall, AnswerUsage } from '../../../src/core/answer/types.js';
import { compareAnswers } from '../../../src/core/compare/index.js';
import { answerOf, compareStreams, reconstruct, type Comparison, type FormatModule } from '../../../src/core/index.js';
import { appendError, scriptOf, streamOfAnswer, truncateAfter } from '../../../src/faults/index.js';
import { faultedText, sourceRead } from '../../../src/faults/faults.js';
import type { TranslationDefect } from '../../../src/faults/translation-defects.js';
import { Memo } from '../../oracle/memo.js';

/** What the cell came to: the defect caught (exactly its differences), or not applicable and why. */
export type CellResult =
  | { status: 'caught'; codes: string[] }
  | { status: 'n/a'; reason: string }
  | { status: 'missed'; why: string };

export function choiceOf(parts: Partial<AnswerChoice>): AnswerChoice {
  return {
    index: 0,
    text: '',
    reasoning: '',
    signatures: [],
    encryptedReasoning: [],
    refusal: '',
    toolCalls: [],
    citations: [],
    finish: { class: 'stop', reason: null, source: null },
    ...parts,
  };
}

export function answerWith(choice: Partial<AnswerChoice>, usage: AnswerUsage | null = USAGE): Answer {
  return { format: null, choices: [choiceOf(choice)], usage, error: null, whole: true, verdict: 'complete', outcome: 'ok' };
}

const USAGE: AnswerUsage = { input: 13, output: 7, total: 20, cacheRead: 4, cacheWrite: null, reasoning: null };

export function callOf(id: string, name: string, input: Record<string, unknown>): AnswerToolCall {
  return { id, name, kind: 'function', arguments: JSON.stringify(input), input };
}

/** An answer a defect is shown on, and what it holds that the defect changes (for the reason a cell is n/a). */
export interface BaseAnswer {
  answer: Answer;
  what: string;
}

/** The answers each defect is shown on, in the order tried: ones that have what the defect changes. */
export function baseAnswersFor(defect: TranslationDefect): BaseAnswer[] {
  if (/ToolCall|ToolArguments/.test(defect.name)) {
    const calls = [callOf('call_1', 'get_weather', { city: 'Paris' }), callOf('call_2', 'get_weather', { city: 'Tokyo' })];
    // Calls the client runs, ending the turn for them; or tools the provider ran itself (a Behavior Run's steps).
    return [
      { answer: answerWith({ text: 'Checking both.', toolCalls: calls, finish: { class: 'tool_use', reason: null, source: null } }), what: 'tool calls the client runs' },
      { answer: answerWith({ text: 'Checking both.', toolCalls: calls.map((call) => ({ ...call, kind: 'server' as const })) }), what: 'tools the provider ran itself' },
    ];
  }
  return [{ answer: baseAnswerFor(defect), what: defect.changes }];
}

/** The first answer a defect is shown on. */
export function baseAnswerFor(defect: TranslationDefect): Answer {
  const name = defect.name;
  if (/ToolCall|ToolArguments/.test(name)) return baseAnswersFor(defect)[0]!.answer;
  if (/Reasoning|Signature/.test(name)) return answerWith({ text: 'It is 42.', reasoning: 'Recall the answer.', signatures: ['c2lnbmF0dXJl'] });
  if (/refusal/.test(name)) return answerWith({ text: 'I', finish: { class: 'refusal', reason: null, source: null } });
  return answerWith({ text: 'Order 6666 ships today.' });
}

/** The stream `module` sends for `answer`; a failed answer's stream is cut halfway and ends in the format's error frame. */
export function streamOf(module: FormatModule, answer: Answer, fails = false): string {
  const whole = module.synthesize(module.responseOf(answer), { pieceSize: 2 });
  if (!fails) return whole;
  const frames = reconstruct(whole).frames.length;
  // The text applyFaults(whole, …) writes (scriptText of its script), without reading what it made.
  return faultedText(sourceRead(scriptOf(whole)), [truncateAfter(Math.max(1, Math.floor(frames / 2))), appendError()]);
}

/** What a correct relay into `down` sends for the upstream answer: the same answer, failing where upstream failed. */
export function correctDownstream(down: FormatModule, upstream: Answer): string {
  return streamOfAnswer(down.name, upstream, { pieceSize: 2 });
}

/**
 * Remembered results: the cells of one format pair whose defects are shown on the same answer go through the same
 * streams, readings and clean comparison (only the defect applied at the end differs), so each is worked out once.
 * Every value is only read by the cells. Bounded, for the property that meets many answers.
 */
const answers = new Memo<Answer>();
const streams = new Memo<string>();
const comparisons = new Memo<Promise<Comparison>>();
/** Each answer object's key (answers read here are shared, so their keys are too). */
const answerKeys = new WeakMap<Answer, string>();

function keyOf(answer: Answer): string {
  let key = answerKeys.get(answer);
  if (key === undefined) answerKeys.set(answer, (key = JSON.stringify(answer)));
  return key;
}

/** The answer a stream reads as. */
const read = (stream: string): Answer => answers.get(stream, () => answerOf(reconstruct(stream)));
const upstreamOf = (module: FormatModule, answer: Answer, fails: boolean): string => streams.get(`${module.name}\u0000${fails}\u0000${keyOf(answer)}`, () => streamOf(module, answer, fails));
const translated = (down: FormatModule, answer: Answer): string => streams.get(`${down.name}\u0000relay\u0000${keyOf(answer)}`, () => correctDownstream(down, answer));
const compared = (upstream: string, downstream: string): Promise<Comparison> => comparisons.get(`${upstream}\u0000${downstream}`, () => compareStreams(upstream, downstream));

/**
 * Runs one cell. The upstream is `up`'s stream of `base` (cut and ended in an error for hideUpstreamError); the
 * answer the pair can carry is what is left of it after a trip through `down` and back (a Behavior Run keeps no
 * reasoning, Chat Completions no refusal finish); the correct downstream is `down`'s stream of that answer.
 */
export async function runCell(up: FormatModule, down: FormatModule, defect: TranslationDefect, bases: Answer | BaseAnswer[] = baseAnswersFor(defect)): Promise<CellResult> {
  const reasons: string[] = [];
  for (const base of Array.isArray(bases) ? bases : [{ answer: bases, what: defect.changes }]) {
    const result = await runCellOn(up, down, defect, base.answer, base.what);
    if (result.status !== 'n/a') return result;
    reasons.push(result.reason);
  }
  return { status: 'n/a', reason: reasons.join('; ') };
}

async function runCellOn(up: FormatModule, down: FormatModule, defect: TranslationDefect, base: Answer, what: string): Promise<CellResult> {
  const fails = defect.name.startsWith('hideUpstreamError');
  const first = read(upstreamOf(up, base, fails));
  if (!defect.appliesTo(first)) return { status: 'n/a', reason: `${up.title} cannot carry ${what}` };
  const through = read(translated(down, first));
  if (!defect.appliesTo(through)) return { status: 'n/a', reason: `${down.title} cannot carry ${what}` };
  const upstream = translated(up, through);
  const upAnswer = read(upstream);
  if (!defect.appliesTo(upAnswer)) return { status: 'n/a', reason: `${up.title} and ${down.title} cannot both carry ${what}` };
  const downstream = translated(down, upAnswer);
  const clean = await compared(upstream, downstream);
  const retryOnly = clean.differences.length === 1 && clean.differences[0]?.path === 'error.retry' && clean.downstream.error?.retry === 'unknown';
  if (retryOnly) return { status: 'n/a', reason: `${down.title} cannot carry the retry advice of upstream's error` };
  // Two formats that say a thing differently (Gemini's SAFETY and Anthropic's refusal) never settle on one answer.
  const finishOnly = clean.differences.length > 0 && clean.differences.every((found) => found.code === 'finish changed');
  if (finishOnly || (!clean.same && !compareAnswers(upAnswer, read(translated(up, clean.downstream))).same)) {
    return { status: 'n/a', reason: `${up.title} and ${down.title} say it differently: ${clean.differences.map((found) => found.message).join('; ')}` };
  }
  if (!clean.same) return { status: 'missed', why: `the correct translation differs: ${clean.differences.map((found) => found.message).join('; ')}` };
  const broken = defect.apply(downstream, { pieceSize: 2 });
  const comparison = await compareStreams(upstream, broken);
  const codes = comparison.differences.map((found) => found.code);
  const expected = defect.differences(upAnswer);
  if (JSON.stringify([...codes].sort()) !== JSON.stringify([...expected].sort())) {
    return { status: 'missed', why: `expected ${expected.join(', ')}; compareStreams reported ${codes.join(', ') || 'nothing'}: ${comparison.differences.map((found) => found.message).join('; ')}` };
  }
  // Placed on both sides; where the downstream lost the part altogether (a dropped call, no usage), compareStreams
  // places it upstream only: there is no frame of it downstream.
  const lost = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  const unplaced = comparison.differences.filter((found) => found.upstream.at === null || (found.downstream.at === null && !lost(found.downstream.value)));
  if (unplaced.length > 0) return { status: 'missed', why: `${unplaced.map((found) => `${found.code} (upstream at ${JSON.stringify(found.upstream.at)}, downstream at ${JSON.stringify(found.downstream.at)})`).join(', ')} not placed on both sides` };
  return { status: 'caught', codes };
}
