// The Responses fixtures: the non-streamed responses they stand for, in the format's own shape; src/fixtures
// writes each one's documented stream with the module's synthesize().
import { FIXTURE_STORY as STORY, type FixtureSpec, type FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

const responsesUsage = { input_tokens: 12, output_tokens: 9, total_tokens: 21 };

function responsesOf(output: Json[], extra: Json = {}): Json {
  return { id: 'resp_fixture', object: 'response', created_at: 1764500000, status: 'completed', model: 'gpt-4.1-mini', output, usage: responsesUsage, ...extra };
}

function message(id: string, parts: Json[]): Json {
  return { id, type: 'message', status: 'completed', role: 'assistant', content: parts };
}

function outputText(text: string): Json {
  return { type: 'output_text', text, annotations: [] };
}

function functionCall(id: string, callId: string, name: string, args: object): Json {
  return { id, type: 'function_call', status: 'completed', call_id: callId, name, arguments: JSON.stringify(args) };
}

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A plain answer, ending `response.completed`', response: responsesOf([message('msg_1', [outputText('The capital of France is Paris.')])]) },
  { kind: 'tool-call', title: 'One `function_call` item', response: responsesOf([functionCall('fc_1', 'call_1', 'get_weather', { city: 'Paris', unit: 'celsius' })]) },
  {
    kind: 'parallel-tool-calls',
    title: 'Two `function_call` items in one response',
    response: responsesOf([functionCall('fc_1', 'call_1', 'get_weather', { city: 'Paris' }), functionCall('fc_2', 'call_2', 'get_weather', { city: 'Tokyo' })]),
  },
  {
    kind: 'reasoning',
    title: 'A reasoning item with a summary, then the answer',
    response: responsesOf([
      { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Recall the well-known answer.' }] },
      message('msg_1', [outputText('It is 42.')]),
    ]),
  },
  { kind: 'refusal', title: 'A `refusal` content part', response: responsesOf([message('msg_1', [{ type: 'refusal', refusal: "I can't help with that." }])]) },
  {
    kind: 'usage',
    title: 'Usage with token details on the completed response',
    response: responsesOf([message('msg_1', [outputText('Hello there!')])], {
      usage: { input_tokens: 9, input_tokens_details: { cached_tokens: 0 }, output_tokens: 3, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 12 },
    }),
  },
  {
    kind: 'content-filter',
    title: 'Withheld by the content filter: `response.incomplete`, reason `content_filter`',
    response: responsesOf([{ ...message('msg_1', [outputText('Here is how')]), status: 'incomplete' }], { status: 'incomplete', incomplete_details: { reason: 'content_filter' } }),
    outcome: 'filtered',
    findings: ['incomplete'],
  },
  {
    kind: 'length-limit',
    title: 'Cut at `max_output_tokens`: `response.incomplete`',
    response: responsesOf([{ ...message('msg_1', [outputText(STORY)]), status: 'incomplete' }], {
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
    }),
    outcome: 'length_limit',
    findings: ['incomplete'],
  },
  {
    kind: 'error-mid-stream',
    title: 'An `error` event inside the message, no terminal `response.*` event',
    response: {
      id: 'resp_fixture',
      object: 'response',
      created_at: 1764500000,
      status: 'in_progress',
      model: 'gpt-4.1-mini',
      output: [{ id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [{ type: 'output_text', text: 'Once upon a time, in a l', annotations: [] }] }],
      usage: null,
    },
    endsInError: { response: responsesOf([message('msg_1', [outputText(STORY)])]), keep: 6 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['block open', 'error event'],
  },
];

/** Its fixtures, and the findings a fixture that names none is read with. */
export const fixtures: FormatFixtures = { specs, findings: [] };
