import type { ToolCall } from '../core/index.js';
import type { MatcherContext } from './context.js';
import type { MatcherCheck } from './define.js';
import { quote } from './message.js';
import { allToolCalls, callText, listCalls, shown } from './tool-calls.js';

type Args = [name: string, input?: unknown];

/** Some choice has a tool call of this name, and with this input when one is given. */
export const toHaveToolCall: MatcherCheck<Args> = {
  name: 'toHaveToolCall',
  hint: (args) => (args.length > 1 ? { expected: 'name', secondArgument: 'input' } : { expected: 'name' }),
  validate([name]) {
    if (typeof name !== 'string' || name.length === 0) throw new TypeError(`The tool name must be a non-empty string; it is ${quote(name)}.`);
  },
  evaluate(context, received, args) {
    const [name, input] = args;
    const withInput = args.length > 1;
    const calls = allToolCalls(received);
    const named = calls.filter((call) => call.name === name);
    const found = named.filter((call) => !withInput || inputFits(context, call, input));
    const what = withInput ? `a tool call ${name} with the expected input` : `a tool call ${name}`;
    const single = named.length === 1 && named[0] ? named[0] : null;
    return {
      pass: found.length > 0,
      failure: `Expected ${what}; ${listCalls(calls)}.`,
      notFailure: `Expected no tool call ${name}${withInput ? ' with that input' : ''}; found ${found.length}: ${found.map(callText).join(', ')}.`,
      ...(withInput && single ? { diff: { expected: { name, input }, actual: shown(single) } } : {}),
    };
  },
};

/** Compares with the parsed arguments; a string is compared with the raw arguments too. */
function inputFits(context: MatcherContext, call: ToolCall, input: unknown): boolean {
  if ('input' in call && context.equals(call.input, input, context.customTesters)) return true;
  return typeof input === 'string' && call.arguments === input;
}
