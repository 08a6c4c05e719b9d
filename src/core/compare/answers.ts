// Two answers compared: the failure first (the worst difference is a failed upstream relayed as a whole answer), then
// each choice by index, then usage; ignored paths are left out.
import type { Answer, AnswerChoice } from '../answer/types.js';
import { isPlainObject } from '../object-kinds.js';
import { compareChoice } from './choice.js';
import { makeDifference } from './difference.js';
import { checkCompareOptions, isIgnored } from './options.js';
import { choicePlaces, placeOfFrame, withLines, type ComparePlaces } from './places.js';
import { summarize } from './summary.js';
import type { CompareOptions, Comparison, Difference } from './types.js';
import { compareUsage } from './usage.js';

/**
 * Compares two answers (from `answerOf`, or JSON of one): what the downstream says differently than the upstream,
 * each difference with a path, both values and, when `places` are given, where it is in each stream.
 */
export function compareAnswers(upstream: Answer, downstream: Answer, options: CompareOptions = {}, places: ComparePlaces = {}): Comparison {
  checkAnswer(upstream, 'upstream');
  checkAnswer(downstream, 'downstream');
  checkCompareOptions(options, 'compareAnswers');
  const found = [...compareFailure(upstream, downstream, places), ...compareChoices(upstream, downstream, options, places)];
  // A failed upstream's counts are partial (Anthropic sends the output count at the end): nothing to carry.
  if (!failed(upstream)) found.push(...compareUsage(upstream.usage, downstream.usage, options.usage ?? 'consistent', places));
  const ignore = options.ignore ?? [];
  const differences = found.filter((difference) => !isIgnored(difference.path, ignore));
  withLines(differences, places);
  return { same: differences.length === 0, differences, upstream, downstream, summary: summarize(differences) };
}

function checkAnswer(answer: unknown, side: string): asserts answer is Answer {
  if (!isPlainObject(answer) || !Array.isArray(answer.choices) || typeof answer.whole !== 'boolean') {
    throw new TypeError(`compareAnswers: pass the ${side} answer as answerOf(reconstruction) gives it (an object with choices and whole)`);
  }
}

/** The outcomes of a stream that failed at its end. */
const FAILED_OUTCOMES: ReadonlySet<string> = new Set(['stalled', 'dropped', 'error_event']);

/**
 * Whether a side failed at its end: an error, a cut, a stall, a drop. A side that ends but lacks a piece from before
 * (`not the whole stream`) did not fail: the differences in its content say what is missing.
 */
export function failed(answer: Answer): boolean {
  return answer.verdict === 'did not finish' || FAILED_OUTCOMES.has(answer.outcome);
}

/** Upstream failed and downstream looks whole (hidden), or the two fail differently (changed). */
function compareFailure(up: Answer, down: Answer, places: ComparePlaces): Difference[] {
  const upAt = placeOfFrame(places.upstream, places.upstream?.places.error ?? places.upstream?.places.last);
  const downAt = placeOfFrame(places.downstream, places.downstream?.places.error ?? places.downstream?.places.last);
  const side = (answer: Answer, at: typeof upAt) => ({ value: { whole: answer.whole, verdict: answer.verdict, outcome: answer.outcome, error: answer.error }, at });
  const state = (answer: Answer) => `${answer.verdict}, ${answer.outcome}${answer.error?.type ? ` (${answer.error.type})` : ''}`;
  if (failed(up) && !failed(down)) {
    const message = `upstream failed (${state(up)}) and downstream looks whole (${state(down)}): a client takes the partial answer for a complete one`;
    return [makeDifference('failure hidden', 'whole', message, side(up, upAt), side(down, downAt))];
  }
  if (!failed(up) && failed(down)) {
    return [makeDifference('failure changed', 'whole', `upstream ended and downstream failed (${state(down)})`, side(up, upAt), side(down, downAt))];
  }
  const upRetry = up.error?.retry ?? null;
  const downRetry = down.error?.retry ?? null;
  if (failed(up) && upRetry !== null && upRetry !== 'unknown' && downRetry !== upRetry) {
    const message = `upstream's error says ${JSON.stringify(upRetry)} for retrying, downstream's ${JSON.stringify(downRetry ?? 'nothing')}`;
    return [makeDifference('failure changed', 'error.retry', message, side(up, upAt), side(down, downAt))];
  }
  return [];
}

/** Each choice index of either side: lost, added, or compared part by part. */
function compareChoices(up: Answer, down: Answer, options: CompareOptions, places: ComparePlaces): Difference[] {
  const downByIndex = new Map(down.choices.map((choice) => [choice.index, choice]));
  const upIndexes = new Set(up.choices.map((choice) => choice.index));
  const context = { places, ids: options.ids === true, upstreamFailed: failed(up), downstreamFormat: down.format };
  const differences: Difference[] = [];
  for (const choice of up.choices) {
    const other = downByIndex.get(choice.index);
    if (other === undefined) differences.push(choiceMissing('choice lost', choice, 'upstream', places));
    else differences.push(...compareChoice(choice, other, context));
  }
  for (const choice of down.choices) if (!upIndexes.has(choice.index)) differences.push(choiceMissing('choice added', choice, 'downstream', places));
  return differences;
}

function choiceMissing(code: 'choice lost' | 'choice added', choice: AnswerChoice, side: 'upstream' | 'downstream', places: ComparePlaces): Difference {
  const first = choicePlaces(places[side], choice.index)?.text[0]?.frame ?? choicePlaces(places[side], choice.index)?.finish;
  const present = { value: choice, at: placeOfFrame(places[side], first) };
  const absent = { value: null, at: null };
  const message = code === 'choice lost' ? `upstream's choice ${choice.index} is missing downstream` : `downstream has a choice ${choice.index} upstream did not send`;
  return makeDifference(code, `choices[${choice.index}]`, message, side === 'upstream' ? present : absent, side === 'upstream' ? absent : present);
}
