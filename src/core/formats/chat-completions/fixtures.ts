// The Chat Completions fixtures: the non-streamed responses they stand for, in the format's own shape; src/fixtures
// writes each one's documented stream with the module's synthesize().
import { FIXTURE_STORY as STORY, type FixtureSpec, type FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

const chatBase = { id: 'chatcmpl-fixture', object: 'chat.completion', created: 1764500000, model: 'gpt-4o-mini' };

function chat(message: Json, finish: string, usage?: Json): Json {
  return { ...chatBase, choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: null, ...message }, logprobs: null, finish_reason: finish }], ...(usage ? { usage } : {}) };
}

function chatCall(index: number, name: string, args: object): Json {
  return { id: `call_${index + 1}`, type: 'function', function: { name, arguments: JSON.stringify(args) } };
}

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A plain answer, ending `stop`', response: chat({ content: 'The capital of France is Paris.' }, 'stop') },
  {
    kind: 'tool-call',
    title: 'One tool call, ending `tool_calls`',
    response: chat({ tool_calls: [chatCall(0, 'get_weather', { city: 'Paris', unit: 'celsius' })] }, 'tool_calls'),
  },
  {
    kind: 'parallel-tool-calls',
    title: 'Two tool calls in one turn, told apart by `index`',
    response: chat({ tool_calls: [chatCall(0, 'get_weather', { city: 'Paris' }), chatCall(1, 'get_weather', { city: 'Tokyo' })] }, 'tool_calls'),
  },
  {
    kind: 'reasoning',
    title: 'Reasoning in `reasoning_content` (DeepSeek, xAI, Qwen) before the answer',
    response: chat({ content: 'It is 42.', reasoning_content: 'The user asks for the answer; recall it.' }, 'stop'),
  },
  { kind: 'refusal', title: 'A refusal in `delta.refusal`', response: chat({ refusal: "I can't help with that." }, 'stop') },
  { kind: 'content-filter', title: 'Output withheld: `finish_reason: content_filter`', response: chat({ content: 'Here is how' }, 'content_filter'), outcome: 'filtered' },
  {
    kind: 'usage',
    title: 'The usage chunk (`stream_options.include_usage`) before `[DONE]`',
    response: chat({ content: 'Hello there!' }, 'stop', { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 }),
  },
  { kind: 'length-limit', title: 'Cut at the token limit: `finish_reason: length`', response: chat({ content: STORY }, 'length'), outcome: 'length_limit' },
  {
    kind: 'error-mid-stream',
    title: 'A `{"error": …}` frame after three chunks, no `[DONE]`',
    response: { ...chatBase, choices: [{ index: 0, message: { role: 'assistant', content: 'Once upon a time, in a l', refusal: null }, logprobs: null, finish_reason: null }] },
    endsInError: { response: chat({ content: STORY }, 'length'), keep: 3 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['error event'],
  },
];

/** Its fixtures, and the findings a fixture that names none is read with. */
export const fixtures: FormatFixtures = { specs, findings: [] };
