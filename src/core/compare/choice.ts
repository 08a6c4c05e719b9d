// One choice of each side compared, part by part.
import type { AnswerChoice, FinishClass } from '../answer/types.js';
import { FORMAT_MODULES } from '../formats/registry.js';
import type { FormatName } from '../formats/registry.js';
import { makeDifference } from './difference.js';
import { choicePlaces, placeOfFrame, type ComparePlaces } from './places.js';
import { compareText } from './text.js';
import { compareToolCalls, sameValue } from './tools.js';
import type { Difference } from './types.js';

/** What a choice comparison needs to know beyond the choices. */
export interface ChoiceContext {
  places: ComparePlaces;
  ids: boolean;
  /** Upstream failed: its finish says nothing a relay must carry. */
  upstreamFailed: boolean;
  /** Downstream's format: a finish it has no reason for is carried by its nearest one. */
  downstreamFormat: FormatName | null;
}

/** The class a format says a finish with when it has no reason of the finish's own class (Chat Completions has no refusal). */
const NEAREST: Partial<Record<FinishClass, FinishClass>> = { refusal: 'content_filter' };

/** True when `format`'s finish reasons have one of class `finish`. */
function canSay(format: FormatName | null, finish: FinishClass): boolean {
  const module = FORMAT_MODULES.find((candidate) => candidate.name === format);
  return module === undefined || Object.values(module.finishReasons.reasons).some((entry) => entry.finish === finish);
}

/** The differences between two choices of the same index. */
export function compareChoice(up: AnswerChoice, down: AnswerChoice, context: ChoiceContext): Difference[] {
  const { places } = context;
  const index = up.index;
  const differences: Difference[] = [];
  for (const part of ['text', 'reasoning', 'refusal'] as const) {
    const difference = compareText(part, index, up[part], down[part], places);
    if (difference !== null) differences.push(difference);
  }
  differences.push(...compareSignatures(up, down, context));
  differences.push(...compareToolCalls(index, up.toolCalls, down.toolCalls, places, context.ids));
  if (!sameValue(citationKeys(up), citationKeys(down))) {
    const message = `upstream cites ${sources(up.citations.length)}, downstream ${sources(down.citations.length)}${up.citations.length === down.citations.length ? ' (other sources or spans)' : ''}`;
    differences.push(makeDifference('citations changed', `choices[${index}].citations`, message, { value: up.citations, at: null }, { value: down.citations, at: null }));
  }
  const finish = compareFinish(up, down, context);
  if (finish !== null) differences.push(finish);
  return differences;
}

function sources(count: number): string {
  return count === 1 ? '1 source' : `${count} sources`;
}

/** Citations as formats can all say them: the address, title and span (the type's name is each format's own). */
function citationKeys(choice: AnswerChoice): unknown[] {
  return choice.citations.map(({ url, title, start, end }) => ({ url: url ?? null, title: title ?? null, start: start ?? null, end: end ?? null }));
}

/** Signatures and encrypted reasoning upstream sent that downstream does not carry (downstream may carry more). */
function compareSignatures(up: AnswerChoice, down: AnswerChoice, context: ChoiceContext): Difference[] {
  const differences: Difference[] = [];
  const upAt = placeOfFrame(context.places.upstream, choicePlaces(context.places.upstream, up.index)?.reasoning[0]?.frame);
  const downAt = placeOfFrame(context.places.downstream, choicePlaces(context.places.downstream, up.index)?.reasoning[0]?.frame);
  for (const field of ['signatures', 'encryptedReasoning'] as const) {
    const kept = new Set(down[field]);
    up[field].forEach((value, i) => {
      if (kept.has(value)) return;
      const what = field === 'signatures' ? 'reasoning signature' : 'encrypted reasoning';
      const message = `upstream's ${what} ${i + 1} of ${up[field].length} is missing downstream${down[field].length > 0 ? ` (downstream has ${down[field].length}, none equal)` : ''}`;
      differences.push(makeDifference('signature dropped', `choices[${up.index}].${field}[${i}]`, message, { value: value, at: upAt }, { value: down[field][i] ?? null, at: downAt }));
    });
  }
  return differences;
}

/** The finish classes compared (reasons are each format's words; the class is what a client acts on). */
function compareFinish(up: AnswerChoice, down: AnswerChoice, context: ChoiceContext): Difference | null {
  if (up.finish.class === down.finish.class) return null;
  if (NEAREST[up.finish.class] === down.finish.class && !canSay(context.downstreamFormat, up.finish.class)) return null;
  if (context.upstreamFailed && (up.finish.class === 'error' || up.finish.class === 'unknown')) return null;
  const place = (side: 'upstream' | 'downstream') => placeOfFrame(context.places[side], choicePlaces(context.places[side], up.index)?.finish);
  const said = (choice: AnswerChoice) => `${choice.finish.class}${choice.finish.reason === null ? ' (no reason)' : ` (${JSON.stringify(choice.finish.reason)})`}`;
  const message = `upstream finished with ${said(up)}, downstream with ${said(down)}`;
  return makeDifference('finish changed', `choices[${up.index}].finish`, message, { value: up.finish, at: place('upstream') }, { value: down.finish, at: place('downstream') });
}
