// The Ollama fixtures: the `/api/chat` responses (stream: false) they stand for; src/fixtures writes each one's
// documented stream with the module's synthesize().
import { FIXTURE_STORY as STORY, type FixtureSpec, type FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

const metrics = { total_duration: 912345678, load_duration: 12345678, prompt_eval_count: 26, prompt_eval_duration: 123456789, eval_count: 9, eval_duration: 765432100 };

function chatOf(message: Json, reason: string, extra: Json = {}): Json {
  return { model: 'llama3.2', created_at: '2026-12-02T04:00:00.000000Z', message: { role: 'assistant', content: '', ...message }, done: true, done_reason: reason, ...metrics, ...extra };
}

const call = (index: number, city: string) => ({ function: { index, name: 'get_weather', arguments: { city } } });

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A plain answer, ending `done_reason: stop`', response: chatOf({ content: 'The capital of France is Paris.' }, 'stop') },
  { kind: 'tool-call', title: 'One whole `tool_calls` entry, arguments an object', response: chatOf({ tool_calls: [call(0, 'Paris')] }, 'stop') },
  { kind: 'parallel-tool-calls', title: 'Two tool calls, each in its own chunk, `function.index` 0 and 1', response: chatOf({ tool_calls: [call(0, 'Paris'), call(1, 'Tokyo')] }, 'stop') },
  { kind: 'reasoning', title: '`message.thinking` before the answer', response: chatOf({ thinking: 'Recall the well-known answer.', content: 'It is 42.' }, 'stop') },
  { kind: 'usage', title: 'The counts and durations of the `done` chunk', response: chatOf({ content: 'Hello there!' }, 'stop', { prompt_eval_count: 9, eval_count: 3 }) },
  { kind: 'length-limit', title: 'Cut at `num_predict`: `done_reason: length`', response: chatOf({ content: STORY }, 'length'), outcome: 'length_limit' },
  {
    kind: 'error-mid-stream',
    title: 'An `{"error": …}` line after two chunks, no `done`',
    response: { model: 'llama3.2', created_at: '2026-12-02T04:00:00.000000Z', message: { role: 'assistant', content: 'Once upon a time, in a l' }, done: false },
    endsInError: { response: chatOf({ content: STORY }, 'stop'), keep: 2 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['error event'],
  },
];

export const fixtures: FormatFixtures = { specs, findings: [] };
