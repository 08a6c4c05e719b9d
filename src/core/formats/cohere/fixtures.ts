// The Cohere v2 fixtures: the non-streamed responses they stand for, in the format's own shape; src/fixtures writes
// each one's documented stream with the module's synthesize().
import { FIXTURE_STORY as STORY, type FixtureSpec, type FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

/** Both usage pairs, as real streams carry them: billed units far below the tokens the model read. */
function usage(input: number, output: number, billedInput = 4): Json {
  return { billed_units: { input_tokens: billedInput, output_tokens: output }, tokens: { input_tokens: input, output_tokens: output } };
}

function responseOf(message: Json, reason: string, counts: Json = usage(70, 9)): Json {
  return { id: 'c0a8e3c1-fixture', finish_reason: reason, message: { role: 'assistant', ...message }, usage: counts };
}

const text = (value: string): Json => ({ type: 'text', text: value });

function call(id: string, name: string, args: object): Json {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(args) } };
}

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A plain answer, ending `COMPLETE`', response: responseOf({ content: [text('The capital of France is Paris.')] }, 'COMPLETE') },
  {
    kind: 'tool-call',
    title: 'A tool plan, then one tool call, its arguments in `tool-call-delta` pieces',
    response: responseOf({ tool_plan: 'I will look up the weather in Paris.', tool_calls: [call('get_weather_1', 'get_weather', { city: 'Paris', unit: 'celsius' })] }, 'TOOL_CALL', usage(906, 41, 23)),
  },
  {
    kind: 'parallel-tool-calls',
    title: 'A tool plan, then two tool calls',
    response: responseOf(
      { tool_plan: 'I will check both cities.', tool_calls: [call('get_weather_1', 'get_weather', { city: 'Paris' }), call('get_weather_2', 'get_weather', { city: 'Tokyo' })] },
      'TOOL_CALL',
      usage(910, 52, 25),
    ),
  },
  {
    kind: 'reasoning',
    title: 'A `thinking` content block, then the answer',
    response: responseOf({ content: [{ type: 'thinking', thinking: 'Recall the well-known answer.' }, text('It is 42.')] }, 'COMPLETE'),
  },
  {
    kind: 'usage',
    title: 'Both usage pairs and `cached_tokens`: the counts come from `tokens`, not `billed_units`',
    response: responseOf({ content: [text('Hello there!')] }, 'COMPLETE', { ...usage(500, 3, 263), cached_tokens: 480 }),
  },
  { kind: 'length-limit', title: 'Cut at `max_tokens`: `MAX_TOKENS`', response: responseOf({ content: [text(STORY)] }, 'MAX_TOKENS'), outcome: 'length_limit' },
  {
    kind: 'error-mid-stream',
    title: 'A `message-end` with `finish_reason: "ERROR"` inside a text block',
    response: { id: 'c0a8e3c1-fixture', finish_reason: 'ERROR', message: { role: 'assistant', content: [text('Once upon a time, in a l')] }, usage: {} },
    endsInError: { response: responseOf({ content: [text(STORY)] }, 'COMPLETE'), keep: 4 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['block open', 'error event'],
  },
];

/** Its fixtures, and the findings a fixture that names none is read with. */
export const fixtures: FormatFixtures = { specs, findings: [] };
