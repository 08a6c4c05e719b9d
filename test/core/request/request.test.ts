// What the request asked, held against the stream: each expectation met and unmet, per format where it applies,
// from the request's three shapes; real captures with the requests that made them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reconstruct, SseReconstructError, type FindingCode, type FormatName, type Reconstruction, type ReconstructOptions } from '../../../src/index.js';
import { ajvSchemaValidator } from '../../../src/matchers/schema-validator.js';
import { streamOf } from './streams.js';

/** The codes a request raises (`signature missing` is the assembler's too). */
const REQUEST_CODES: readonly FindingCode[] = ['request not streaming', 'usage not sent', 'choice count', 'tool choice unmet', 'parallel calls', 'schema unmet', 'schema unchecked', 'token limit', 'signature missing', 'model mismatch'];

function requestCodes(result: Reconstruction): FindingCode[] {
  return result.findings.filter((finding) => REQUEST_CODES.includes(finding.code)).map((finding) => finding.code);
}

function codes(stream: string, request: ReconstructOptions['request'], more: ReconstructOptions = {}): FindingCode[] {
  return requestCodes(reconstruct(stream, { ...more, request }));
}

const recorded = (name: string) => readFileSync(new URL(`../../../fixtures/recorded/chat-completions/${name}`, import.meta.url), 'utf8');

const OPENAI_LIKE = ['chat-completions', 'responses', 'anthropic'] as const;

describe('the request, in each of its shapes', () => {
  const body = { model: 'gpt-4o', stream: true, tool_choice: 'none', messages: [] };
  const stream = streamOf('chat-completions', { calls: [{ name: 'lookup' }] });
  const journal = { index: 0, method: 'POST', path: '/v1/chat/completions', url: '/v1/chat/completions', headers: {}, text: JSON.stringify(body), body, at: 0 };

  it.each([
    ['a JSON object', body],
    ['its JSON text', JSON.stringify(body)],
    ['a fetch RequestInit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }],
    ['a journal entry', journal],
    ['a journal entry whose body did not parse', { ...journal, body: undefined }],
  ])('%s reads to the same findings', (_shape, request) => {
    expect(codes(stream, request)).toEqual(['tool choice unmet']);
  });

  it.each([
    ['a number', 42, /must be the request body/],
    ['an array', [body], /must be the request body/],
    ['text that is not JSON', 'model=gpt-4o', /options\.request is a string that is not a JSON object/],
    ['JSON that is not an object', '[1, 2]', /not a JSON object/],
    ['a RequestInit with bytes for a body', { method: 'POST', body: new Uint8Array([123, 125]) }, /its body is .*Uint8Array.*not a JSON string/],
  ])('%s is a misuse that says what to pass', (_shape, request, message) => {
    const read = () => reconstruct(stream, { request: request as ReconstructOptions['request'] });
    expect(read).toThrow(SseReconstructError);
    expect(read).toThrow(message);
    expect(read).toThrow(/fetch RequestInit whose body is a JSON string/);
  });

  it('no request, no request findings', () => {
    expect(requestCodes(reconstruct(stream))).toEqual([]);
  });
});

describe('stream: true, and Gemini alt=sse', () => {
  it.each(OPENAI_LIKE)('%s: a request without stream: true is a finding at the first frame', (format) => {
    const result = reconstruct(streamOf(format), { request: { model: 'gpt-4o', messages: [] } });
    expect(requestCodes(result)).toEqual(['request not streaming']);
    const finding = result.findings.find((each) => each.code === 'request not streaming');
    expect(finding?.message).toMatch(/has no `stream: true` \(its `stream` is missing\)/);
    expect(finding?.frame).toBe(0);
    expect(codes(streamOf(format), { model: 'gpt-4o', stream: true })).toEqual([]);
  });

  const gemini = streamOf('gemini', { model: 'gemini-2.5-flash' });
  const entry = (url: string) => ({ index: 0, method: 'POST', path: url.split('?')[0], url, headers: {}, text: '{}', body: { contents: [] }, at: 0 });

  it('Gemini: :streamGenerateContent without alt=sse, or :generateContent, is a finding; with alt=sse none', () => {
    expect(codes(gemini, entry('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse'))).toEqual([]);
    expect(codes(gemini, entry('/v1beta/models/gemini-2.5-flash:streamGenerateContent'))).toEqual(['request not streaming']);
    expect(codes(gemini, entry('/v1beta/models/gemini-2.5-flash:generateContent'))).toEqual(['request not streaming']);
    // A bare body has no URL: nothing to say of streaming.
    expect(codes(gemini, { contents: [] })).toEqual([]);
    // A RequestInit with the url beside it.
    expect(codes(gemini, { method: 'POST', url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent', body: '{"contents":[]}' })).toEqual(['request not streaming']);
  });
});

describe('stream_options.include_usage (Chat Completions)', () => {
  const request = { model: 'gpt-4o', stream: true, stream_options: { include_usage: true } };
  it('a usage chunk came: no finding; none came: usage not sent, at the end', () => {
    expect(codes(streamOf('chat-completions'), request)).toEqual([]);
    const result = reconstruct(streamOf('chat-completions', { usage: false }), { request });
    expect(requestCodes(result)).toEqual(['usage not sent']);
    expect(result.findings.find((each) => each.code === 'usage not sent')?.frame).toBe(result.frameCount - 1);
    // Not asked: no usage is fine.
    expect(codes(streamOf('chat-completions', { usage: false }), { model: 'gpt-4o', stream: true })).toEqual([]);
  });

  it('a real capture with its usage chunk meets it', () => {
    expect(codes(recorded('openai-node--structured-output.sse'), request)).toEqual([]);
  });
});

describe('n (Chat Completions) and candidateCount (Gemini)', () => {
  it('Chat: n: 2 with two choices passes, with one is a finding', () => {
    expect(codes(streamOf('chat-completions', { choices: 2 }), { model: 'gpt-4o', stream: true, n: 2 })).toEqual([]);
    const result = reconstruct(streamOf('chat-completions'), { request: { model: 'gpt-4o', stream: true, n: 2 } });
    expect(requestCodes(result)).toEqual(['choice count']);
    expect(result.findings.find((each) => each.code === 'choice count')?.message).toBe('The request asked for 2 choices (n: 2); 1 choice came.');
  });

  it('Gemini: candidateCount', () => {
    const request = { contents: [], generationConfig: { candidateCount: 2 } };
    expect(codes(streamOf('gemini', { choices: 2, model: 'gemini-2.5-flash' }), request)).toEqual([]);
    expect(codes(streamOf('gemini', { model: 'gemini-2.5-flash' }), request)).toEqual(['choice count']);
  });

  it('a real capture of n: 3 meets it', () => {
    expect(codes(recorded('openai-python--n3-interleaved-choices.sse'), { model: 'gpt-4o', stream: true, n: 3 })).toEqual([]);
    expect(codes(recorded('openai-python--n3-interleaved-choices.sse'), { model: 'gpt-4o', stream: true, n: 4 })).toEqual(['choice count']);
  });
});

/** Per format: the request fields for required, none and a named tool, and the stream model. */
const TOOL_CHOICES: Record<Exclude<FormatName, 'behavior-run' | 'ui-message-stream' | 'ag-ui' | 'cohere' | 'ollama' | 'bedrock'>, { required: unknown; none: unknown; named: (name: string) => unknown; body: Record<string, unknown> }> = {
  'chat-completions': { required: { tool_choice: 'required' }, none: { tool_choice: 'none' }, named: (name) => ({ tool_choice: { type: 'function', function: { name } } }), body: { model: 'gpt-4o', stream: true } },
  responses: { required: { tool_choice: 'required' }, none: { tool_choice: 'none' }, named: (name) => ({ tool_choice: { type: 'function', name } }), body: { model: 'gpt-4o', stream: true } },
  anthropic: { required: { tool_choice: { type: 'any' } }, none: { tool_choice: { type: 'none' } }, named: (name) => ({ tool_choice: { type: 'tool', name } }), body: { model: 'gpt-4o', stream: true } },
  gemini: {
    required: { toolConfig: { functionCallingConfig: { mode: 'ANY' } } },
    none: { toolConfig: { functionCallingConfig: { mode: 'NONE' } } },
    named: (name) => ({ toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [name] } } }),
    body: { contents: [] },
  },
};

describe.each(Object.entries(TOOL_CHOICES))('tool_choice: %s', (name, fields) => {
  const format = name as FormatName;
  const ask = (extra: unknown) => ({ ...fields.body, ...(extra as object) });
  const withCall = streamOf(format, { calls: [{ name: 'lookup', input: { q: 'x' } }] });
  const withoutCall = streamOf(format);

  it('required: a call passes, none is a finding', () => {
    expect(codes(withCall, ask(fields.required))).toEqual([]);
    expect(codes(withoutCall, ask(fields.required))).toEqual(['tool choice unmet']);
  });

  it('none: no call passes, a call is a finding at the frame that started it', () => {
    expect(codes(withoutCall, ask(fields.none))).toEqual([]);
    const result = reconstruct(withCall, { request: ask(fields.none) });
    expect(requestCodes(result)).toEqual(['tool choice unmet']);
    const finding = result.findings.find((each) => each.code === 'tool choice unmet');
    const frame = result.frames[finding?.frame ?? -1];
    expect(frame?.line).toBe(finding?.line);
    expect(frame?.data).toContain('lookup');
  });

  it('a named tool: calling it passes; calling another, or none, is a finding', () => {
    expect(codes(withCall, ask(fields.named('lookup')))).toEqual([]);
    const other = reconstruct(withCall, { request: ask(fields.named('search')) });
    expect(requestCodes(other)).toEqual(['tool choice unmet']);
    expect(other.findings.find((each) => each.code === 'tool choice unmet')?.message).toMatch(/allowed calls to `search` only .*called `lookup`/);
    expect(codes(withoutCall, ask(fields.named('lookup')))).toEqual(['tool choice unmet']);
  });
});

describe('parallel_tool_calls: false and disable_parallel_tool_use', () => {
  const twoCalls = (format: FormatName) => streamOf(format, { calls: [{ name: 'lookup' }, { name: 'search' }] });
  const oneCall = (format: FormatName) => streamOf(format, { calls: [{ name: 'lookup' }] });
  it.each([
    ['chat-completions', { model: 'gpt-4o', stream: true, parallel_tool_calls: false }],
    ['responses', { model: 'gpt-4o', stream: true, parallel_tool_calls: false }],
    ['anthropic', { model: 'gpt-4o', stream: true, tool_choice: { type: 'auto', disable_parallel_tool_use: true } }],
  ] as const)('%s: one call passes, two are a finding at the second', (format, request) => {
    expect(codes(oneCall(format), request)).toEqual([]);
    const result = reconstruct(twoCalls(format), { request });
    expect(requestCodes(result)).toEqual(['parallel calls']);
    const finding = result.findings.find((each) => each.code === 'parallel calls');
    expect(result.frames[finding?.frame ?? -1]?.data).toContain('search');
    // Parallel calls allowed: no finding.
    expect(codes(twoCalls(format), { model: 'gpt-4o', stream: true })).toEqual([]);
  });

  it('a real capture of parallel calls breaks parallel_tool_calls: false', () => {
    expect(codes(recorded('fantasy--gpt4o-parallel-tool-calls.sse'), { model: 'gpt-4o', stream: true, parallel_tool_calls: false })).toEqual(['parallel calls']);
  });
});

const SCHEMA = { type: 'object', properties: { city: { type: 'string' }, temperature: { type: 'number' } }, required: ['city', 'temperature'], additionalProperties: false };
const SCHEMA_REQUESTS: Array<[FormatName, Record<string, unknown>]> = [
  ['chat-completions', { model: 'gpt-4o', stream: true, response_format: { type: 'json_schema', json_schema: { name: 'weather', schema: SCHEMA } } }],
  ['responses', { model: 'gpt-4o', stream: true, text: { format: { type: 'json_schema', name: 'weather', schema: SCHEMA } } }],
  ['gemini', { contents: [], generationConfig: { responseMimeType: 'application/json', responseJsonSchema: SCHEMA } }],
  ['gemini', { contents: [], generationConfig: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { city: { type: 'STRING' }, temperature: { type: 'NUMBER' } }, required: ['city', 'temperature'] } } }],
];

describe.each(SCHEMA_REQUESTS)('a JSON schema: %s', (format, request) => {
  const schemaValidator = ajvSchemaValidator();
  const valid = streamOf(format, { text: '{"city":"Paris","temperature":21}' });
  const invalid = streamOf(format, { text: '{"city":"Paris","temperature":"warm"}' });
  const notJson = streamOf(format, { text: 'The weather in Paris is 21°C.' });

  it('with ajv: valid JSON passes, JSON the schema rejects is a finding that quotes ajv', () => {
    expect(schemaValidator).toBeDefined();
    expect(codes(valid, request, { schemaValidator })).toEqual([]);
    const result = reconstruct(invalid, { request, schemaValidator });
    expect(requestCodes(result)).toEqual(['schema unmet']);
    expect(result.findings.find((each) => each.code === 'schema unmet')?.message).toMatch(/does not validate: \/temperature must be number/);
  });

  it('without a validator: JSON is `schema unchecked` (info), text that is not JSON is `schema unmet` and names ajv', () => {
    expect(codes(valid, request)).toEqual(['schema unchecked']);
    const result = reconstruct(notJson, { request });
    expect(requestCodes(result)).toEqual(['schema unmet']);
    expect(result.findings.find((each) => each.code === 'schema unmet')?.message).toMatch(/is not JSON: "The weather in Paris is 21°C\."\. \(Installing `ajv`/);
    expect(codes(notJson, request, { schemaValidator })).toEqual(['schema unmet']);
  });
});

describe('the token limit', () => {
  const LIMITS: Array<[FormatName, (limit: number) => Record<string, unknown>]> = [
    ['chat-completions', (limit) => ({ model: 'gpt-4o', stream: true, max_completion_tokens: limit })],
    ['chat-completions', (limit) => ({ model: 'gpt-4o', stream: true, max_tokens: limit })],
    ['responses', (limit) => ({ model: 'gpt-4o', stream: true, max_output_tokens: limit })],
    ['anthropic', (limit) => ({ model: 'gpt-4o', stream: true, max_tokens: limit })],
    ['gemini', (limit) => ({ contents: [], generationConfig: { maxOutputTokens: limit } })],
  ];
  it.each(LIMITS)('%s: at the limit the finish must be length; above it is a finding', (format, request) => {
    expect(codes(streamOf(format, { output: 7 }), request(100))).toEqual([]);
    expect(codes(streamOf(format, { output: 7, finish: 'length' }), request(7))).toEqual([]);
    expect(codes(streamOf(format, { output: 7 }), request(7))).toEqual(['token limit']);
    const above = reconstruct(streamOf(format, { output: 9, finish: 'length' }), { request: request(7) });
    expect(requestCodes(above)).toEqual(['token limit']);
    expect(above.findings.find((each) => each.code === 'token limit')?.message).toMatch(/capped the output at 7 tokens .*counts 9/);
  });

  it('a real capture cut at max_tokens: 1 meets it', () => {
    expect(codes(recorded('openai-python--max-tokens-length.sse'), { model: 'gpt-4o', stream: true, max_tokens: 1 })).toEqual([]);
  });
});

describe('thinking: signatures', () => {
  it('Anthropic: unsigned thinking is the assembler\'s one `signature missing`, never a second', () => {
    const request = { model: 'gpt-4o', stream: true, thinking: { type: 'enabled', budget_tokens: 1024 } };
    expect(codes(streamOf('anthropic', { reasoning: 'Let me think.', signatures: ['sig-1'] }), request)).toEqual([]);
    expect(codes(streamOf('anthropic', { reasoning: 'Let me think.' }), request)).toEqual(['signature missing']);
  });

  it('Gemini: includeThoughts with a function call that carries no thoughtSignature', () => {
    const request = { contents: [], generationConfig: { thinkingConfig: { includeThoughts: true } } };
    const signed = streamOf('gemini', { calls: [{ name: 'lookup' }], signatures: ['c2ln'] });
    const unsigned = streamOf('gemini', { calls: [{ name: 'lookup' }] });
    expect(reconstruct(signed).answer.choices[0]?.signatures).toEqual(['c2ln']);
    expect(codes(signed, request)).toEqual([]);
    const result = reconstruct(unsigned, { request });
    expect(requestCodes(result)).toEqual(['signature missing']);
    expect(result.findings.find((each) => each.code === 'signature missing')?.message).toMatch(/includeThoughts: true.*tool calls with no signature/);
    expect(codes(unsigned, { contents: [] })).toEqual([]);
  });
});

describe('the model echoed', () => {
  it.each([
    ['gpt-4o', 'gpt-4o', true],
    ['gpt-4o', 'gpt-4o-2024-08-06', true],
    ['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929', true],
    ['claude-3-5-sonnet-latest', 'claude-3-5-sonnet-20241022', true],
    ['gpt-4o', 'gpt-4o-mini', false],
    ['gpt-4o', 'gpt-4o-mini-2024-07-18', false],
    ['claude-opus-4-1', 'claude-sonnet-4-5-20250929', false],
  ])('asked %s, the stream names %s: echoed %s', (asked, came, echoed) => {
    const found = codes(streamOf('anthropic', { model: came }), { model: asked, stream: true });
    expect(found).toEqual(echoed ? [] : ['model mismatch']);
  });

  it('Gemini reads the model from the URL', () => {
    const entry = (model: string) => ({ index: 0, method: 'POST', path: `/v1beta/models/${model}:streamGenerateContent`, url: `/v1beta/models/${model}:streamGenerateContent?alt=sse`, headers: {}, text: '{}', body: { contents: [] }, at: 0 });
    expect(codes(streamOf('gemini', { model: 'gemini-2.5-flash' }), entry('gemini-2.5-flash'))).toEqual([]);
    expect(codes(streamOf('gemini', { model: 'gemini-2.5-flash-lite' }), entry('gemini-2.5-flash'))).toEqual(['model mismatch']);
  });

  it('a real capture names gpt-4o-2024-08-06 for gpt-4o', () => {
    expect(codes(recorded('openai-python--max-tokens-length.sse'), { model: 'gpt-4o', stream: true })).toEqual([]);
    const result = reconstruct(recorded('openai-python--max-tokens-length.sse'), { request: { model: 'gpt-4.1', stream: true } });
    expect(result.findings.find((each) => each.code === 'model mismatch')?.message).toMatch(/asked for model `gpt-4\.1`; the stream names `gpt-4o-2024-08-06`/);
  });
});
