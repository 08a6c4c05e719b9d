import type { ToolCall } from '../core/index.js';
import type { MatcherCheck } from './define.js';
import { plural } from './message.js';
import { isAsymmetric, isPlainObject } from './paths.js';
import { allToolCalls, listCalls, shown } from './tool-calls.js';
import type { ExpectedToolCall } from './types.js';

type Args = [calls: readonly ExpectedToolCall[]];

/** The tool calls of all choices, in order, are exactly these (each compared on the fields it names). */
export const toHaveToolCalls: MatcherCheck<Args> = {
  name: 'toHaveToolCalls',
  hint: () => ({ expected: 'calls' }),
  validate([calls]) {
    if (!Array.isArray(calls)) throw new TypeError("The expected tool calls must be an array: ['get_weather'] or [{ name: 'get_weather', input: { city: 'Paris' } }].");
    calls.forEach((call: unknown, index) => {
      const ok = typeof call === 'string' || (isPlainObject(call) && (typeof call.name === 'string' || isAsymmetric(call.name)));
      if (!ok) throw new TypeError(`Expected tool call ${index} must be a name or an object with a name, such as { name: 'get_weather', input: {…} }.`);
    });
  },
  evaluate(context, received, [calls]) {
    const expected = calls.map((call) => (typeof call === 'string' ? { name: call } : call));
    const actualCalls = allToolCalls(received);
    const actual = actualCalls.map((call, index) => projected(call, expected[index]));
    const pass = context.equals(actual, expected, [...(context.customTesters ?? []), context.utils.iterableEquality]);
    return {
      pass,
      failure: `Expected ${plural(expected.length, 'tool call')}: ${expected.map((call) => nameOf(call.name)).join(', ') || 'none'}; ${listCalls(actualCalls)}.`,
      notFailure: `Expected tool calls other than these; ${listCalls(actualCalls)}.`,
      diff: { expected, actual },
    };
  },
};

/** The call with only the fields the expected one names, so unnamed fields do not fail the comparison. */
function projected(call: ToolCall, wanted: Exclude<ExpectedToolCall, string> | undefined): Record<string, unknown> {
  const full = { ...shown(call), id: call.id };
  if (wanted === undefined) return shown(call);
  const out: Record<string, unknown> = { name: full.name };
  if ('input' in wanted) out.input = full.input;
  if ('id' in wanted) out.id = full.id;
  return out;
}

function nameOf(name: unknown): string {
  return typeof name === 'string' ? name : 'a name the matcher accepts';
}
