// The Anthropic Messages fixtures: the non-streamed responses they stand for, in the format's own shape; src/fixtures
// writes each one's documented stream with the module's synthesize().
import { FIXTURE_STORY as STORY, type FixtureSpec, type FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

function messageOf(content: Json[], stop: string, usage: Json = { input_tokens: 12, output_tokens: 9 }): Json {
  return { id: 'msg_fixture', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content, stop_reason: stop, stop_sequence: null, usage };
}

function toolUse(id: string, name: string, input: object): Json {
  return { type: 'tool_use', id, name, input };
}

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A plain answer, ending `end_turn`', response: messageOf([{ type: 'text', text: 'The capital of France is Paris.' }], 'end_turn') },
  { kind: 'tool-call', title: 'One `tool_use` block, its input in `input_json_delta` pieces', response: messageOf([toolUse('toolu_1', 'get_weather', { city: 'Paris', unit: 'celsius' })], 'tool_use') },
  {
    kind: 'parallel-tool-calls',
    title: 'Text, then two `tool_use` blocks',
    response: messageOf(
      [{ type: 'text', text: 'Checking both cities.' }, toolUse('toolu_1', 'get_weather', { city: 'Paris' }), toolUse('toolu_2', 'get_weather', { city: 'Tokyo' })],
      'tool_use',
    ),
  },
  {
    kind: 'reasoning',
    title: 'A `thinking` block with its signature, then the answer',
    response: messageOf([{ type: 'thinking', thinking: 'Recall the well-known answer.', signature: 'c2lnbmF0dXJl' }, { type: 'text', text: 'It is 42.' }], 'end_turn'),
  },
  { kind: 'refusal', title: 'Stopped by the safety classifiers: `stop_reason: refusal`', response: messageOf([{ type: 'text', text: 'I' }], 'refusal'), outcome: 'filtered' },
  {
    kind: 'usage',
    title: 'Usage with cache counts, split between `message_start` and `message_delta`',
    response: messageOf([{ type: 'text', text: 'Hello there!' }], 'end_turn', { input_tokens: 9, cache_creation_input_tokens: 0, cache_read_input_tokens: 4, output_tokens: 3 }),
  },
  { kind: 'length-limit', title: 'Cut at `max_tokens`', response: messageOf([{ type: 'text', text: STORY }], 'max_tokens'), outcome: 'length_limit' },
  {
    kind: 'error-mid-stream',
    title: 'An `overloaded_error` event inside a text block',
    response: {
      type: 'message',
      role: 'assistant',
      id: 'msg_fixture',
      model: 'claude-sonnet-4-5',
      stop_reason: null,
      stop_sequence: null,
      content: [{ type: 'text', text: 'Once upon a time, in a l' }],
      usage: { input_tokens: 12, output_tokens: 1 },
    },
    endsInError: { response: messageOf([{ type: 'text', text: STORY }], 'end_turn'), keep: 5 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['block open', 'error event'],
  },
];

/** Its fixtures, and the findings a fixture that names none is read with. */
export const fixtures: FormatFixtures = { specs, findings: [] };
