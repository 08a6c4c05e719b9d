// The Behavior Run fixtures: the non-streamed responses they stand for, in the format's own shape; src/fixtures
// writes each one's documented stream with the module's synthesize().
import type { FixtureSpec, FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

function run(outputText: string, steps: Json[], extra: Json = {}): Json {
  return {
    object: 'behavior.run',
    id: 'run_fixture',
    behavior: 'refund-helper',
    version: 7,
    created: 1764500000,
    status: 'completed',
    output_text: outputText,
    steps,
    usage: { inputTokens: 12, outputTokens: 9, totalTokens: 21 },
    error: null,
    ...extra,
  };
}

const lookup = { step: 1, tool: 'lookup_order', status: 'completed', input: { order: 'A-1001' }, output: { status: 'shipped' } };

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A run that only writes text', response: run('Your order has shipped.', []) },
  { kind: 'tool-call', title: 'A run with one completed tool step', response: run('Let me check: your order has shipped.', [lookup]) },
  {
    kind: 'tool-failed',
    title: 'A tool step that fails and a retry that succeeds (the run goes on)',
    response: run('Let me check: your order has shipped.', [
      { step: 1, tool: 'lookup_order', status: 'failed', input: { order: 'A-1001' }, error: { message: 'orders service timed out', code: 'timeout' } },
      { ...lookup, step: 2 },
    ]),
    findings: ['tool failed'],
  },
  { kind: 'usage', title: 'The three usage counts on `response.completed`', response: run('Hello there!', [], { usage: { inputTokens: 9, outputTokens: 3, totalTokens: 12 } }) },
  {
    kind: 'error-mid-stream',
    title: 'An `error` event after the first text, ending the run',
    response: run('Your order h', [], { status: 'failed', usage: null, error: { message: 'The behavior run failed.', code: 'server_error' } }),
    endsInError: { response: run('Your order has shipped.', []), keep: 2 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['error event'],
  },
];

/** Its fixtures, and the findings a fixture that names none is read with. */
export const fixtures: FormatFixtures = { specs, findings: [] };
