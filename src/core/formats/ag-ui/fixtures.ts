// The AG-UI fixtures: the run response objects (response.ts) they stand for; src/fixtures writes each one's
// documented stream with the module's synthesize(). AG-UI has no token-limit or filter ending, so no such fixture.
import { FIXTURE_STORY, type FixtureSpec, type FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

const USER = { id: 'user_1', role: 'user', content: 'What is the weather in Paris?' };

function run(messages: Json[], extra: Json = {}): Json {
  return { threadId: 'thread_fixture', runId: 'run_fixture', status: 'finished', messages: [USER, ...messages], ...extra };
}

function call(id: string, name: string, args: Json): Json {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(args) } };
}

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A run that writes one assistant message', response: run([{ id: 'msg_1', role: 'assistant', content: 'It is sunny in Paris today.' }]) },
  {
    kind: 'tool-call',
    title: 'A frontend tool call left for the application (the run ends waiting for its result)',
    response: run([{ id: 'msg_1', role: 'assistant', content: 'Let me check.', toolCalls: [call('call_1', 'get_weather', { city: 'Paris' })] }]),
  },
  {
    kind: 'parallel-tool-calls',
    title: 'Two tool calls on one assistant message',
    response: run([{ id: 'msg_1', role: 'assistant', toolCalls: [call('call_1', 'get_weather', { city: 'Paris' }), call('call_2', 'get_weather', { city: 'Tokyo' })] }]),
  },
  {
    kind: 'reasoning',
    title: 'A reasoning message before the answer',
    response: run([
      { id: 'reasoning_1', role: 'reasoning', content: 'The user wants the weather; I know it.' },
      { id: 'msg_1', role: 'assistant', content: 'It is sunny in Paris today.' },
    ]),
  },
  {
    kind: 'usage',
    title: 'A backend tool the agent ran, its result, the answer, the state and the usage on RUN_FINISHED',
    response: run(
      [
        { id: 'msg_1', role: 'assistant', toolCalls: [call('call_1', 'get_weather', { city: 'Paris' })] },
        { id: 'result_1', role: 'tool', toolCallId: 'call_1', content: '{"sky":"clear","celsius":21}' },
        { id: 'msg_2', role: 'assistant', content: 'It is 21 °C and clear in Paris.' },
      ],
      { state: { city: 'Paris' }, usage: [{ provider: 'openai', model: 'gpt-4o', inputTokens: 40, outputTokens: 18, totalTokens: 58 }] },
    ),
  },
  {
    kind: 'error-mid-stream',
    title: 'RUN_ERROR after the first text (the open message is left open: the run failed)',
    response: run([{ id: 'msg_1', role: 'assistant', content: FIXTURE_STORY.slice(0, 12) }], { status: 'error', error: { message: 'The agent run failed.' } }),
    endsInError: { response: run([{ id: 'msg_1', role: 'assistant', content: FIXTURE_STORY }]), keep: 3 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['error event'],
  },
];

/** Its fixtures, and the findings a fixture that names none is read with. */
export const fixtures: FormatFixtures = { specs, findings: [] };
