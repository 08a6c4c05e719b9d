// Writes the UI message stream captures in this folder with the AI SDK's own writer: `streamText` over the `ai`
// package's MockLanguageModelV3 (ai/test), then `toUIMessageStreamResponse()`; the response body is saved as is.
// Run from the repository root: node test/vectors/ui-message-stream/make-captures.mjs (ai@6.0.325).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';

const DIR = import.meta.dirname;
const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 20, text: 20, reasoning: undefined } };
const finish = (unified) => ({ type: 'finish', finishReason: { unified, raw: unified }, usage });
const head = [{ type: 'stream-start', warnings: [] }, { type: 'response-metadata', id: 'resp-1', modelId: 'mock-model', timestamp: new Date(0) }];
const text = (id, ...pieces) => [{ type: 'text-start', id }, ...pieces.map((delta) => ({ type: 'text-delta', id, delta })), { type: 'text-end', id }];
const reasoning = (id, ...pieces) => [{ type: 'reasoning-start', id }, ...pieces.map((delta) => ({ type: 'reasoning-delta', id, delta })), { type: 'reasoning-end', id }];
const call = (id, toolName, input, pieces) => [
  { type: 'tool-input-start', id, toolName },
  ...pieces.map((delta) => ({ type: 'tool-input-delta', id, delta })),
  { type: 'tool-input-end', id },
  { type: 'tool-call', toolCallId: id, toolName, input },
];

function model(...steps) {
  let step = 0;
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: convertArrayToReadableStream(steps[Math.min(step++, steps.length - 1)]) }),
  });
}

const weatherSchema = jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
const CASES = {
  'text.sse': { model: model([...head, ...text('t1', 'The capital ', 'of France ', 'is Paris.'), finish('stop')]) },
  'reasoning.sse': { model: model([...head, ...reasoning('r1', 'Two and two ', 'make four.'), ...text('t1', '2 + 2 = 4.'), finish('stop')]), sendReasoning: true },
  'length.sse': { model: model([...head, ...text('t1', 'Once upon a time, ', 'in a land far'), finish('length')]) },
  'tool-call-client.sse': {
    model: model([...head, ...call('call_1', 'get_weather', '{"city":"Paris"}', ['{"city":', '"Paris"}']), finish('tool-calls')]),
    tools: { get_weather: tool({ description: 'Weather', inputSchema: weatherSchema }) },
  },
  'tool-call-executed-two-steps.sse': {
    model: model(
      [...head, ...call('call_1', 'get_weather', '{"city":"Paris"}', ['{"ci', 'ty":"Paris"}']), ...call('call_2', 'get_weather', '{"city":"Tokyo"}', ['{"city":"Tokyo"}']), finish('tool-calls')],
      [...head, ...text('t2', 'Paris is sunny; ', 'Tokyo is rainy.'), finish('stop')],
    ),
    tools: { get_weather: tool({ description: 'Weather', inputSchema: weatherSchema, execute: async ({ city }) => ({ city, sky: city === 'Paris' ? 'sunny' : 'rainy' }) }) },
    stopWhen: stepCountIs(3),
  },
  'error-mid-stream.sse': { model: model([...head, ...text('t1', 'Once upon'), { type: 'error', error: new Error('upstream overloaded') }]) },
  'error-message-exposed.sse': {
    model: model([...head, { type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: 'Hel' }, { type: 'error', error: new Error('rate limited') }]),
    onError: (error) => (error instanceof Error ? error.message : String(error)),
  },
  'source-and-content-filter.sse': {
    model: model([...head, { type: 'source', sourceType: 'url', id: 'src_1', url: 'https://example.com/a', title: 'A' }, ...text('t1', 'I can help with'), finish('content-filter')]),
    sendSources: true,
  },
};

for (const [name, spec] of Object.entries(CASES)) {
  const result = streamText({ model: spec.model, prompt: 'Hello', ...(spec.tools ? { tools: spec.tools } : {}), ...(spec.stopWhen ? { stopWhen: spec.stopWhen } : {}) });
  const response = result.toUIMessageStreamResponse({
    generateMessageId: () => 'msg_capture',
    ...(spec.sendReasoning ? { sendReasoning: true } : {}),
    ...(spec.sendSources ? { sendSources: true } : {}),
    ...(spec.onError ? { onError: spec.onError } : {}),
  });
  const body = await response.text();
  writeFileSync(join(DIR, name), body);
  console.log(name, response.headers.get('x-vercel-ai-ui-message-stream'), body.length);
}
