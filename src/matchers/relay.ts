// What toRelay and toMatchNonStreamed share: the comparison's options, and the message that lists each difference
// with where it is on both sides, then the other side's stream and findings.
import { bySeverity, findingLines, plural } from './message.js';
import type { MatcherContext } from './context.js';
import type { Outcome } from './message.js';
import type { Received } from './input.js';
import type { AnswerComparisonOptions } from './types.js';
import type { AnswerPlace, CompareOptions, Comparison, Difference } from '../core/index.js';

/** The most differences a message lists; the rest are counted. */
export const DIFFERENCES_SHOWN = 8;
/** The most characters of one side's value a difference line shows. */
const VALUE_CHARS = 80;

/** The compare options the matcher's options ask for (its own `format` is read apart). */
export function compareOptionsOf(options: AnswerComparisonOptions | undefined): CompareOptions {
  const chosen: CompareOptions = {};
  if (options?.ignore !== undefined) chosen.ignore = [...options.ignore];
  if (options?.usage !== undefined) chosen.usage = options.usage;
  if (options?.ids !== undefined) chosen.ids = options.ids;
  return chosen;
}

/** How the two sides are named in a message: `upstream`/`downstream`, or `the non-streamed response`/`the stream`. */
export interface SideNames {
  /** The other side (the argument): "the upstream", "the non-streamed response". */
  other: string;
  /** Its label in the lists: "upstream", "response". */
  otherLabel: string;
  /** The received side: "the downstream", "the stream". */
  received: string;
  receivedLabel: string;
  /** False when the other side's places are not the user's (a response read through its synthesized stream). */
  otherPlaced?: boolean;
}

/** The outcome of comparing the received stream (downstream) with the other side. */
export function comparisonOutcome(context: MatcherContext, comparison: Comparison, other: Received, names: SideNames): Outcome {
  // A response read through its synthesized stream has no findings of its own to show: only what it was read as.
  const otherBlock = names.otherPlaced === false ? `${context.utils.DIM_COLOR(`${capital(names.otherLabel)}:`)} read as ${other.format ?? 'no format'}: ${other.summary}` : sideLines(context, other, names.otherLabel);
  const failure = [
    `Expected ${names.received} to carry the answer of ${names.other}; ${comparison.summary}.`,
    differenceLines(context, comparison.differences, names).join('\n'),
    otherBlock,
  ].join('\n\n');
  const notFailure = [`Expected ${names.received} not to carry the answer of ${names.other}; it carries the same answer.`, otherBlock].join('\n\n');
  return { pass: comparison.same, failure, notFailure, streamLabel: `${capital(names.receivedLabel)}:` };
}

/** Each difference: code and severity at its path, the words, then the value and place on each side. */
export function differenceLines(context: MatcherContext, differences: readonly Difference[], names: SideNames): string[] {
  const dim = context.utils.DIM_COLOR;
  if (differences.length === 0) return [`${dim('Differences:')} none`];
  const width = Math.max(names.otherLabel.length, names.receivedLabel.length) + 1;
  const lines = [dim(`Differences (${names.otherLabel} → ${names.receivedLabel}):`)];
  differences.slice(0, DIFFERENCES_SHOWN).forEach((difference, position) => {
    lines.push(`  ${position + 1}. ${difference.code} (${difference.severity}) at ${difference.path}: ${difference.message}`);
    const otherPlace = names.otherPlaced === false ? '' : `${placeText(difference.upstream.at)}  `;
    lines.push(`     ${dim(`${names.otherLabel}:`.padEnd(width))} ${otherPlace}${context.utils.EXPECTED_COLOR(valueText(difference.upstream.value))}`);
    lines.push(`     ${dim(`${names.receivedLabel}:`.padEnd(width))} ${placeText(difference.downstream.at)}  ${context.utils.RECEIVED_COLOR(valueText(difference.downstream.value))}`);
  });
  const left = differences.length - DIFFERENCES_SHOWN;
  if (left > 0) lines.push(`  …and ${plural(left, 'more difference')}`);
  return lines;
}

/** Where a part of an answer is in its stream: `frame #3 at 7:1`, or a dash when the comparison could not place it. */
export function placeText(at: AnswerPlace | null): string {
  return at === null ? '(no frame)' : `frame #${at.frame} at ${at.line}:${at.column}`;
}

/** One side's value in a few characters: strings quoted and cut, nothing as `(none)`. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return value === '' ? '""' : '(none)';
  let text: string;
  try {
    text = JSON.stringify(value, withoutSources) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}… (${text.length} chars)` : text;
}

/** The other side's summary and findings, as the why shows the received side's. */
function sideLines(context: MatcherContext, side: Received, label: string): string {
  const dim = context.utils.DIM_COLOR;
  const findings = findingLines(context, side, bySeverity(side.findings)).map((line, index) => (index === 0 ? line.replace('Findings:', `${capital(label)} findings:`) : line));
  return [`${dim(`${capital(label)}:`)} ${side.summary}`, ...findings].join('\n');
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A finish's `source` (where its class was read) says nothing about this stream: left out of the value shown. */
function withoutSources(key: string, value: unknown): unknown {
  return key === 'source' ? undefined : value;
}
