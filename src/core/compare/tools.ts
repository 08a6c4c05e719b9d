// The tool calls of a choice compared: matched by position when both sides have as many, else by name in order, so a
// lost call reads as lost and not as every later call renamed.
import type { AnswerToolCall } from '../answer/types.js';
import { makeDifference } from './difference.js';
import { choicePlaces, placeOfFrame, type ComparePlaces } from './places.js';
import type { Difference } from './types.js';
import { alignTexts } from './text-align.js';
import { describeShape } from './text.js';

/** The differences between two choices' tool calls; `ids`: compare the calls' ids too. */
export function compareToolCalls(choice: number, up: AnswerToolCall[], down: AnswerToolCall[], places: ComparePlaces, ids: boolean): Difference[] {
  const at = (side: 'upstream' | 'downstream', call: number) => placeOfFrame(places[side], choicePlaces(places[side], choice)?.toolCalls[call]);
  const path = (call: number) => `choices[${choice}].toolCalls[${call}]`;
  const differences: Difference[] = [];
  const { pairs, lost, added } = matchCalls(up, down);
  for (const [u, d] of pairs) differences.push(...compareCall(path(u), up[u] as AnswerToolCall, down[d] as AnswerToolCall, at('upstream', u), at('downstream', d), ids));
  for (const u of lost) {
    const call = up[u] as AnswerToolCall;
    differences.push(makeDifference('tool call lost', path(u), `upstream's tool call ${u} (${call.name}) is missing downstream`, { value: call, at: at('upstream', u) }, { value: null, at: null }));
  }
  for (const d of added) {
    const call = down[d] as AnswerToolCall;
    differences.push(makeDifference('tool call added', path(d), `downstream has a tool call upstream did not make: ${d} (${call.name})`, { value: null, at: null }, { value: call, at: at('downstream', d) }));
  }
  return differences;
}

interface CallMatch {
  pairs: [number, number][];
  lost: number[];
  added: number[];
}

/** Pairs calls by position when the counts agree; else each upstream call with the next downstream call of its name. */
function matchCalls(up: AnswerToolCall[], down: AnswerToolCall[]): CallMatch {
  if (up.length === down.length) return { pairs: up.map((_, i) => [i, i]), lost: [], added: [] };
  const pairs: [number, number][] = [];
  const lost: number[] = [];
  let next = 0;
  up.forEach((call, u) => {
    let d = next;
    while (d < down.length && down[d]?.name !== call.name) d += 1;
    if (d === down.length) lost.push(u);
    else {
      pairs.push([u, d]);
      next = d + 1;
    }
  });
  const paired = new Set(pairs.map(([, d]) => d));
  return { pairs, lost, added: down.map((_, d) => d).filter((d) => !paired.has(d)) };
}

function compareCall(path: string, up: AnswerToolCall, down: AnswerToolCall, upAt: ReturnType<typeof placeOfFrame>, downAt: ReturnType<typeof placeOfFrame>, ids: boolean): Difference[] {
  const differences: Difference[] = [];
  if (up.name !== down.name) {
    differences.push(makeDifference('tool call renamed', `${path}.name`, `upstream called ${JSON.stringify(up.name)}, downstream ${JSON.stringify(down.name)}`, { value: up.name, at: upAt }, { value: down.name, at: downAt }));
  }
  if (!sameArguments(up, down)) {
    const shape = alignTexts(up.arguments, down.arguments);
    const words = shape === null ? 'they parse to other values' : describeShape(shape, up.arguments, down.arguments, 'arguments');
    const message = `the arguments of ${JSON.stringify(up.name)} differ: ${words}`;
    differences.push(makeDifference('tool arguments changed', `${path}.arguments`, message, { value: up.arguments, at: upAt }, { value: down.arguments, at: downAt }));
  }
  if (ids && up.id !== down.id) {
    differences.push(makeDifference('tool call id changed', `${path}.id`, `upstream's call id is ${JSON.stringify(up.id)}, downstream's ${JSON.stringify(down.id)}`, { value: up.id, at: upAt }, { value: down.id, at: downAt }));
  }
  return differences;
}

/** Equal text, or equal parsed input (a relay may re-serialise the JSON: spacing and key order do not count). */
function sameArguments(up: AnswerToolCall, down: AnswerToolCall): boolean {
  if (up.arguments === down.arguments) return true;
  if (up.input === undefined || down.input === undefined) return false;
  return sameValue(up.input, down.input);
}

/** Deep equality of JSON values, objects compared by their keys whatever the order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameValue((a as Record<string, unknown>)[key], bRecord[key]));
}
