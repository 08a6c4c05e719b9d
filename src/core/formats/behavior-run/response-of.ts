// A `behavior.run` object that holds a format-neutral answer: how a relay writes an answer it read from another format
// as a Behavior Run. A run carries text, the tools it ran as steps, and three usage counts; nothing else of an answer.
import type { Answer } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';

/** The run holding `answer`'s first choice: its text, its tool calls as completed steps; `base` (a run) lends id, behavior, version, created. */
export function behaviorRunResponseOf(answer: Answer, base?: unknown): Json {
  const top = isObject(base) ? base : {};
  const choice = answer.choices[0];
  const failed = choice?.finish.class === 'error';
  const usage = answer.usage;
  return {
    object: 'behavior.run',
    id: top.id ?? 'run_relay',
    behavior: top.behavior ?? 'relay',
    version: top.version ?? 1,
    created: top.created ?? 0,
    status: failed ? 'failed' : 'completed',
    output_text: choice?.text ?? '',
    // Its steps are tools the run itself ran: a call for the client to run has no place in a run.
    steps: (choice?.toolCalls ?? []).filter((call) => call.kind === 'server').map((call, n) => ({ step: n + 1, tool: call.name, status: 'completed', input: call.input ?? {} })),
    usage: usage && !failed ? { inputTokens: usage.input ?? 0, outputTokens: usage.output ?? 0, totalTokens: usage.total ?? (usage.input ?? 0) + (usage.output ?? 0) } : null,
    error: failed ? { message: answer.error?.message ?? 'The behavior run failed.', code: answer.error?.type ?? 'server_error' } : null,
  };
}
