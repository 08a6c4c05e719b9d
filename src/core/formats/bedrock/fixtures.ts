// The Bedrock ConverseStream fixtures: the Converse responses they stand for; src/fixtures writes each one's stream
// with the module's synthesize().
import { FIXTURE_STORY as STORY, type FixtureSpec, type FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

const USAGE = { inputTokens: 12, outputTokens: 9, totalTokens: 21 };

function converse(content: Json[], stopReason: string | null, usage: Json = USAGE): Json {
  return { output: { message: { role: 'assistant', content } }, stopReason, usage, metrics: { latencyMs: 412 } };
}

const toolUse = (toolUseId: string, name: string, input: object): Json => ({ toolUse: { toolUseId, name, input } });

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A plain answer, ending `end_turn`', response: converse([{ text: 'The capital of France is Paris.' }], 'end_turn') },
  { kind: 'tool-call', title: 'One `toolUse` block, its input in `toolUse.input` pieces', response: converse([toolUse('tooluse_1', 'get_weather', { city: 'Paris', unit: 'celsius' })], 'tool_use') },
  {
    kind: 'parallel-tool-calls',
    title: 'Text, then two `toolUse` blocks',
    response: converse([{ text: 'Checking both cities.' }, toolUse('tooluse_1', 'get_weather', { city: 'Paris' }), toolUse('tooluse_2', 'get_weather', { city: 'Tokyo' })], 'tool_use'),
  },
  {
    kind: 'reasoning',
    title: '`reasoningContent` text and its signature, then the answer',
    response: converse([{ reasoningContent: { reasoningText: { text: 'Recall the well-known answer.', signature: 'c2lnbmF0dXJl' } } }, { text: 'It is 42.' }], 'end_turn'),
  },
  {
    kind: 'content-filter',
    title: 'A guardrail intervened: `guardrail_intervened`',
    response: converse([{ text: 'Sorry, the model cannot answer this question.' }], 'guardrail_intervened'),
    outcome: 'filtered',
  },
  {
    kind: 'usage',
    title: 'Usage with prompt-cache counts in `metadata`',
    response: converse([{ text: 'Hello there!' }], 'end_turn', { inputTokens: 9, outputTokens: 3, totalTokens: 16, cacheReadInputTokens: 4, cacheWriteInputTokens: 0 }),
  },
  { kind: 'length-limit', title: 'Cut at `max_tokens`', response: converse([{ text: STORY }], 'max_tokens'), outcome: 'length_limit' },
  {
    kind: 'error-mid-stream',
    title: 'A `modelStreamErrorException` inside a text block',
    response: { output: { message: { role: 'assistant', content: [{ text: 'Once upon a time, in a l' }] } }, stopReason: null },
    endsInError: { response: converse([{ text: STORY }], 'end_turn'), keep: 3 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['error event'],
  },
];

/** Its fixtures, and the findings a fixture that names none is read with. */
export const fixtures: FormatFixtures = { specs, findings: [] };
