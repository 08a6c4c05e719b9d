// The AI SDK profile over Gemini against ai@6.0.325 with @ai-sdk/google@3.0.141 itself: every Gemini fixture, each
// under the standard faults, every recorded stream and the hand-made streams (mistakes of Gemini gateways) go to the
// real `streamText()` (the provider's fetch answers with the body) and to the profile; they must agree on how the
// awaits end, the text, the tool calls and the finish reason.
import { describe, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/index.js';
import { expectAgreement } from './ai-sdk-real.js';
import { endingBodies, fixtureBodies, handBodies, recordedBodies, type NamedBody } from './bodies.js';

const profile: ClientProfile = FORMAT_MODULES.find((module) => module.name === 'gemini')!.clients!.find((candidate) => candidate.client === 'ai-sdk')!;

const frame = (value: object) => `data: ${JSON.stringify(value)}\n\n`;
const parts = (list: object[], finishReason?: string | null, extra: object = {}) => frame({ candidates: [{ content: { role: 'model', parts: list }, finishReason, ...extra }] });
const text = (value: string, finishReason?: string) => parts([{ text: value }], finishReason);
const call = (functionCall: object, finishReason?: string) => parts([{ functionCall }], finishReason);
const error = (value: object) => frame({ error: value });
const HAND = {
  'no finishReason: the stream just stops': text('Hi') + text(' there'),
  'finishReason in a chunk of its own': text('Hi') + frame({ candidates: [{ finishReason: 'STOP' }] }),
  'text after the finishReason': text('Hi', 'STOP') + text(' more'),
  'an unknown finishReason': text('Hi', 'END_TURN'),
  'finishReason null': text('Hi', null as unknown as string),
  'MALFORMED_FUNCTION_CALL': frame({ candidates: [{ finishReason: 'MALFORMED_FUNCTION_CALL' }] }),
  'an error object with code, message and status': text('Hi') + error({ code: 500, message: 'boom', status: 'INTERNAL' }),
  'an error object without status': text('Hi') + error({ code: 500, message: 'boom' }),
  'an error object before any output': error({ code: 429, message: 'slow down', status: 'RESOURCE_EXHAUSTED' }) + text('Hi', 'STOP'),
  'an error object, then a finishReason': text('Hi') + error({ code: null, message: 'boom', status: 'INTERNAL' }) + frame({ candidates: [{ finishReason: 'STOP' }] }),
  'a prompt blocked, then text': frame({ promptFeedback: { blockReason: 'SAFETY' } }) + text('Hi', 'STOP'),
  'an unspecified block reason': frame({ promptFeedback: { blockReason: 'BLOCK_REASON_UNSPECIFIED' } }) + text('Hi', 'STOP'),
  'only usage, no candidates': frame({ usageMetadata: { promptTokenCount: 3 } }),
  'an empty candidates list': frame({ candidates: [] }) + text('Hi', 'STOP'),
  'a usage count written as a string': text('Hi') + frame({ candidates: [{ content: { parts: [{ text: ' lost' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: '3' } }),
  'a thought, then text': parts([{ text: 'hmm', thought: true }, { text: 'Hi' }]) + text(' there', 'STOP'),
  'text, a thought, then text': text('A') + parts([{ text: 'hmm', thought: true }]) + text('B', 'STOP'),
  'text beside a function call in one part': parts([{ text: 'lost?', functionCall: { name: 'f', args: { x: 1 } } }], 'STOP'),
  'a function call without args': call({ name: 'f' }, 'STOP'),
  'a function call whose args are a string': call({ name: 'f', args: '{"x":1}' }, 'STOP'),
  'a function call with an id': call({ id: 'call-1', name: 'f', args: { x: 1 } }, 'STOP'),
  'a function call, then STOP in a later chunk': call({ name: 'f', args: {} }) + frame({ candidates: [{ finishReason: 'STOP' }] }),
  'STOP, then a function call': text('Hi', 'STOP') + call({ name: 'f', args: {} }),
  'a streamed call never finished': call({ name: 'f', willContinue: true }) + call({ partialArgs: [{ jsonPath: '$.x', stringValue: 'ab', willContinue: true }] }, 'STOP'),
  'a streamed call finished by an empty functionCall': call({ name: 'f', willContinue: true }) + call({ partialArgs: [{ jsonPath: '$.x', numberValue: 1 }], willContinue: true }) + call({}, 'STOP'),
  'a streamed call with nested paths and nulls': call({ name: 'f', partialArgs: [{ jsonPath: '$.a.b[1]', boolValue: true }, { jsonPath: '$.n', nullValue: null }, { jsonPath: '$.s', stringValue: 'x' }, { jsonPath: '$.s', stringValue: 'y' }, { jsonPath: '$.list[]' }] }, 'STOP'),
  'partialArgs with no call open': call({ partialArgs: [{ jsonPath: '$.x', numberValue: 1 }] }) + text('Hi', 'STOP'),
  'two candidates, text only in the second': frame({ candidates: [{ content: { parts: [] } }, { content: { parts: [{ text: 'B' }] } }] }) + text('A', 'STOP'),
  'a null candidate': frame({ candidates: [null] }) + text('Hi', 'STOP'),
  'content without parts': frame({ candidates: [{ content: { role: 'model' }, finishReason: 'STOP' }] }),
  'inline data between texts': text('A') + parts([{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }]) + text('B', 'STOP'),
  'executable code': parts([{ executableCode: { language: 'PYTHON', code: 'print(1)' } }, { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1' } }]) + text('1', 'STOP'),
  'a server tool call': parts([{ toolCall: { toolType: 'GOOGLE_SEARCH', args: { q: 'x' }, id: 's1' } }]) + text('Hi', 'STOP'),
  'a [DONE] line from an OpenAI-style gateway': text('Hi', 'STOP') + 'data: [DONE]\n\n',
  'a JSON array as data': 'data: [1,2]\n\n' + text('Hi', 'STOP'),
  'a ping comment and CR line ends': (': ping\n\n' + text('Hi', 'STOP')).replace(/\n/g, '\r'),
  'a number where a part is expected': parts([42 as unknown as object]) + text('Hi', 'STOP'),
  'a part with thought but no text': parts([{ thought: true }, { text: 'Hi' }], 'STOP'),
};

const ENDINGS = endingBodies({
  'a reset after the finishReason': [text('Hi', 'STOP'), 'failed'],
  'left open after the finishReason': [text('Hi', 'STOP'), 'open'],
  'a reset before any chunk': ['', 'failed'],
  'left open before any chunk': ['', 'open'],
});

const bodies: NamedBody[] = [...fixtureBodies('gemini'), ...recordedBodies('gemini'), ...handBodies(HAND), ...ENDINGS];

describe('ai-sdk streamText() over Gemini', () => {
  it.each(bodies.map((body) => [body.name, body] as const))('%s', async (_name, body) => expectAgreement('google', profile, body));
});
