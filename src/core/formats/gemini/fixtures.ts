// The Gemini fixtures: the non-streamed responses they stand for, in the format's own shape; src/fixtures
// writes each one's documented stream with the module's synthesize().
import { FIXTURE_STORY as STORY, type FixtureSpec, type FormatFixtures } from '../format-parts.js';

type Json = Record<string, unknown>;

const geminiUsage = { promptTokenCount: 12, candidatesTokenCount: 9, totalTokenCount: 21 };

function geminiOf(parts: Json[], finish: string, extra: Json = {}): Json {
  return { candidates: [{ content: { parts, role: 'model' }, finishReason: finish, index: 0 }], usageMetadata: geminiUsage, modelVersion: 'gemini-2.5-flash', ...extra };
}

const specs: FixtureSpec[] = [
  { kind: 'text', title: 'A plain answer, ending `finishReason: STOP`', response: geminiOf([{ text: 'The capital of France is Paris.' }], 'STOP') },
  { kind: 'tool-call', title: 'One `functionCall` part', response: geminiOf([{ functionCall: { name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } } }], 'STOP') },
  {
    kind: 'parallel-tool-calls',
    title: 'Two `functionCall` parts',
    response: geminiOf([{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }, { functionCall: { name: 'get_weather', args: { city: 'Tokyo' } } }], 'STOP'),
  },
  { kind: 'reasoning', title: 'A `thought: true` part before the answer', response: geminiOf([{ text: 'Recall the well-known answer.', thought: true }, { text: 'It is 42.' }], 'STOP') },
  { kind: 'content-filter', title: 'Stopped for safety: `finishReason: SAFETY`', response: geminiOf([{ text: 'Here is how' }], 'SAFETY'), outcome: 'filtered' },
  {
    kind: 'usage',
    title: '`usageMetadata` with thinking and cached counts',
    response: geminiOf([{ text: 'Hello there!' }], 'STOP', {
      usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 3, thoughtsTokenCount: 5, cachedContentTokenCount: 4, totalTokenCount: 17 },
    }),
  },
  { kind: 'length-limit', title: 'Cut at the limit: `finishReason: MAX_TOKENS`', response: geminiOf([{ text: STORY }], 'MAX_TOKENS'), outcome: 'length_limit' },
  {
    kind: 'error-mid-stream',
    title: 'An `UNAVAILABLE` error frame after two chunks, no `finishReason`',
    response: { candidates: [{ content: { parts: [{ text: 'Once upon a time, in a l' }], role: 'model' }, index: 0 }], modelVersion: 'gemini-2.5-flash' },
    endsInError: { response: geminiOf([{ text: STORY }], 'STOP'), keep: 2 },
    verdict: 'did not finish',
    outcome: 'error_event',
    findings: ['crlf', 'error event'],
  },
  {
    kind: 'prompt-blocked',
    title: 'The prompt blocked: `promptFeedback.blockReason`, no candidates',
    response: { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 }, modelVersion: 'gemini-2.5-flash' },
    outcome: 'filtered',
    findings: ['crlf', 'prompt blocked'],
  },
];

/** Its fixtures, and the findings a fixture that names none is read with (Gemini frames end in `\r\n\r\n`, which the `crlf` finding notes). */
export const fixtures: FormatFixtures = { specs, findings: ['crlf'] };
