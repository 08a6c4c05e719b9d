// The UI message stream fixtures: the messages they stand for (a UIMessage with the `finish` part's reason beside
// its parts); src/fixtures writes each one's documented stream with the module's synthesize().
import { FIXTURE_STORY, type FixtureSpec, type FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

function message(parts: Json[], finishReason: string | null): Json {
  return { id: 'msg_fixture', role: 'assistant', parts: [{ type: 'step-start' }, ...parts], finishReason };
}

const text = (value: string): Json => ({ type: 'text', text: value, state: 'done' });
const weather = (id: string, city: string): Json => ({ type: 'tool-get_weather', toolCallId: id, state: 'input-available', input: { city } });

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A plain answer, ending `stop`', response: message([text('The capital of France is Paris.')], 'stop') },
  { kind: 'tool-call', title: 'One tool call, input streamed then available', response: message([weather('call_1', 'Paris')], 'tool-calls') },
  {
    kind: 'parallel-tool-calls',
    title: 'Two tool calls in one step',
    response: message([weather('call_1', 'Paris'), weather('call_2', 'Tokyo')], 'tool-calls'),
  },
  {
    kind: 'reasoning',
    title: 'Reasoning parts before the answer',
    response: message([{ type: 'reasoning', text: 'The user wants the sum: 2 + 2 is 4.', state: 'done' }, text('2 + 2 = 4.')], 'stop'),
  },
  {
    kind: 'tool-failed',
    title: 'A tool the server ran, then a second step that answers',
    response: {
      id: 'msg_fixture',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'tool-get_weather', toolCallId: 'call_1', state: 'output-error', input: { city: 'Atlantis' }, errorText: 'No such city.' },
        { type: 'step-start' },
        text('I could not find the weather for Atlantis.'),
      ],
      finishReason: 'stop',
    },
    findings: ['tool failed'],
  },
  { kind: 'length-limit', title: 'Cut at the token limit: `length`', response: message([text(FIXTURE_STORY)], 'length'), outcome: 'length_limit' },
  { kind: 'content-filter', title: 'Stopped by a filter: `content-filter`', response: message([text('I can help with')], 'content-filter'), outcome: 'filtered' },
  {
    kind: 'error-mid-stream',
    title: 'An `error` part after the first text, and no `finish`',
    response: { id: 'msg_fixture', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Once upon a ', state: 'streaming' }], finishReason: null },
    endsInError: { response: message([text(FIXTURE_STORY)], 'stop'), keep: 4 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['error event'],
  },
];

/** Its fixtures, and the findings a fixture that names none is read with. */
export const fixtures: FormatFixtures = { specs, findings: [] };
