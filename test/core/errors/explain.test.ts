import { describe, expect, it } from 'vitest';
import { ERROR_MEANINGS, ERROR_SOURCES, explainError, reconstruct } from '../../../src/index.js';

const pick = (e: ReturnType<typeof explainError>) => [e.provider, e.matched, e.http, e.retry, e.contextLength];

describe('OpenAI: Chat Completions and Responses', () => {
  it('reads a {"error": …} frame and its inner object alike', () => {
    const frame = { error: { message: 'Rate limit reached for gpt-x on tokens per min', type: 'requests', param: null, code: 'rate_limit_exceeded' } };
    expect(pick(explainError(frame, 'chat-completions'))).toEqual(['openai', 'code rate_limit_exceeded', 429, 'with backoff', false]);
    expect(explainError(frame.error, 'chat-completions')).toEqual(explainError(frame, 'chat-completions'));
    expect(explainError(JSON.stringify(frame), 'chat-completions')).toEqual(explainError(frame, 'chat-completions'));
  });

  it('tells a quota 429 (never) from a rate-limit 429 (backoff)', () => {
    const quota = explainError({ error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } }, 'chat-completions');
    expect(pick(quota)).toEqual(['openai', 'code insufficient_quota', 429, 'never', false]);
    expect(quota.change).toMatch(/credit|spend limit/);
  });

  it('recognises a context-length error by its code, and by its words when the code is missing', () => {
    const coded = explainError({ error: { message: "This model's maximum context length is 8192 tokens.", type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' } }, 'chat-completions');
    expect(pick(coded)).toEqual(['openai', 'its message', 400, 'never', true]);
    const worded = explainError({ error: { message: "This model's maximum context length is 4097 tokens. However, you requested 4120 tokens.", type: 'invalid_request_error' } }, 'chat-completions');
    expect(worded.contextLength).toBe(true);
    expect(worded.summary).toMatch(/^invalid_request_error \(HTTP 400\): .*Retry: never as it is\./);
  });

  it('reads the Responses `error` event, flat or nested, and response.failed', () => {
    const flat = explainError({ type: 'error', code: 'server_error', message: 'Something went wrong', param: null, sequence_number: 3 }, 'responses');
    expect(pick(flat)).toEqual(['openai', 'code server_error', 500, 'with backoff', false]);
    const nested = explainError({ type: 'error', error: { type: 'invalid_request_error', code: 'invalid_prompt', message: 'no' }, sequence_number: 1 }, 'responses');
    expect(pick(nested)).toEqual(['openai', 'code invalid_prompt', null, 'never', false]);
    const failed = explainError({ type: 'response.failed', response: { status: 'failed', error: { code: 'image_too_large', message: 'big' } } }, 'responses');
    expect(pick(failed)).toEqual(['openai', 'code image_too_large', null, 'never', false]);
  });

  it('knows every ResponseErrorCode of the OpenAPI description', () => {
    const codes = ['server_error', 'rate_limit_exceeded', 'invalid_prompt', 'data_residency_mismatch', 'bio_policy', 'vector_store_timeout', 'invalid_image', 'invalid_image_format', 'invalid_base64_image', 'invalid_image_url', 'image_too_large', 'image_too_small', 'image_parse_error', 'image_content_policy_violation', 'invalid_image_mode', 'image_file_too_large', 'unsupported_image_media_type', 'empty_image_file', 'failed_to_download_image', 'image_file_not_found'];
    for (const code of codes) expect(explainError({ code, message: 'x' }, 'responses').matched).toBe(`code ${code}`);
  });
});

describe('Anthropic', () => {
  const event = (type: string, message = 'x') => ({ type: 'error', error: { type, message } });

  it('explains every documented error type, with the retry advice of each', () => {
    const expected: Record<string, [number, string]> = {
      invalid_request_error: [400, 'never'],
      authentication_error: [401, 'never'],
      billing_error: [402, 'never'],
      permission_error: [403, 'never'],
      not_found_error: [404, 'never'],
      conflict_error: [409, 'with backoff'],
      request_too_large: [413, 'never'],
      rate_limit_error: [429, 'with backoff'],
      api_error: [500, 'with backoff'],
      timeout_error: [504, 'with backoff'],
      overloaded_error: [529, 'with backoff'],
    };
    for (const [type, [http, retry]] of Object.entries(expected)) {
      expect(pick(explainError(event(type), 'anthropic'))).toEqual(['anthropic', `type ${type}`, http, retry, false]);
    }
  });

  it('reads a prompt that is too long as a context-length error, not a generic bad request', () => {
    const result = explainError(event('invalid_request_error', 'prompt is too long: 209353 tokens > 199999 maximum'), 'anthropic');
    expect(pick(result)).toEqual(['anthropic', 'its message', 400, 'never', true]);
  });
});

describe('Gemini and Vertex AI', () => {
  const status = (name: string, code: number, message = 'x') => ({ error: { code, message, status: name } });

  it('explains the canonical statuses, taking the HTTP status from the error itself', () => {
    const expected: Record<string, [number, string]> = {
      INVALID_ARGUMENT: [400, 'never'],
      FAILED_PRECONDITION: [400, 'never'],
      UNAUTHENTICATED: [401, 'never'],
      PERMISSION_DENIED: [403, 'never'],
      NOT_FOUND: [404, 'never'],
      RESOURCE_EXHAUSTED: [429, 'with backoff'],
      CANCELLED: [499, 'never'],
      INTERNAL: [500, 'with backoff'],
      UNKNOWN: [500, 'with backoff'],
      UNAVAILABLE: [503, 'with backoff'],
      DEADLINE_EXCEEDED: [504, 'with backoff'],
    };
    for (const [name, [http, retry]] of Object.entries(expected)) {
      expect(pick(explainError(status(name, http), 'gemini'))).toEqual(['google', `status ${name}`, http, retry, false]);
    }
  });

  it('reads the input-token error as a context-length error', () => {
    const result = explainError(status('INVALID_ARGUMENT', 400, 'The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).'), 'gemini');
    expect(pick(result)).toEqual(['google', 'its message', 400, 'never', true]);
  });
});

describe('anything else', () => {
  it('an unknown error with an HTTP status is explained by the status class', () => {
    expect(pick(explainError({ error: { code: 502, message: 'bad gateway' } }, 'gemini'))).toEqual([null, null, 502, 'with backoff', false]);
    expect(pick(explainError({ error: { message: 'nope', statusCode: 422 } }))).toEqual([null, null, 422, 'never', false]);
  });

  it('an unknown error without one says so, and never throws', () => {
    for (const odd of [null, undefined, 42, [], 'plain words', { message: 'orders service timed out', code: 'timeout' }]) {
      const result = explainError(odd, 'behavior-run');
      expect(result.retry).toBe('unknown');
      expect(result.summary).toContain('Not an error the table knows');
    }
  });

  it('without a format, tells the provider from the shape', () => {
    expect(explainError({ error: { code: 503, message: 'x', status: 'UNAVAILABLE' } }).provider).toBe('google');
    expect(explainError({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }).provider).toBe('anthropic');
    expect(explainError({ error: { code: 'insufficient_quota' } }).provider).toBe('openai');
  });

  it("reads Groq's rejected tool call, ahead of the generic type it carries", () => {
    const result = explainError({ message: 'Failed to call a function. Please adjust your prompt.', type: 'invalid_request_error', code: 'tool_use_failed', failed_generation: '{}' }, 'chat-completions');
    expect(pick(result)).toEqual(['groq', 'code tool_use_failed', 400, 'never', false]);
  });

  it("reads Salyro's gateway error", () => {
    const result = explainError({ message: 'upstream provider closed the connection', type: 'provider_error', code: 'upstream_disconnected' }, 'chat-completions');
    expect(pick(result)).toEqual(['salyro', 'code upstream_disconnected', null, 'with backoff', false]);
  });

  it("reads an SDK error object: its status, and the body it wraps", () => {
    const sdkError = Object.assign(new Error('529 overloaded'), { status: 529, error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });
    expect(pick(explainError(sdkError, 'anthropic'))).toEqual(['anthropic', 'type overloaded_error', 529, 'with backoff', false]);
    const openaiError = Object.assign(new Error('429'), { status: 429, error: { message: 'quota', type: 'insufficient_quota', code: 'insufficient_quota' } });
    expect(pick(explainError(openaiError, 'chat-completions'))).toEqual(['openai', 'code insufficient_quota', 429, 'never', false]);
  });

  it('treats keys as data', () => {
    expect(() => explainError(JSON.parse('{"__proto__":{"code":"server_error"},"error":{"constructor":1}}'))).not.toThrow();
    expect(explainError({ code: 'toString' }, 'responses').matched).toBeNull();
  });
});

describe('the table', () => {
  it('names a source with a date for every entry, and says what to change', () => {
    for (const entry of ERROR_MEANINGS) {
      const source = ERROR_SOURCES[entry.source];
      expect(source.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.meaning.length).toBeGreaterThan(10);
      expect(entry.change.length).toBeGreaterThan(10);
      expect(['with backoff', 'never']).toContain(entry.retry);
    }
  });

  it('has one entry per provider, field and value', () => {
    const keys = ERROR_MEANINGS.flatMap((entry) => entry.values.map((value) => `${entry.provider} ${entry.field} ${value}`));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the error event finding says what the error means', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['chat-completions', 'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}],"object":"chat.completion.chunk"}\n\ndata: {"error":{"message":"overloaded","type":"server_error","code":"server_is_overloaded"}}\n\n', /What it means: server_is_overloaded \(HTTP 503\).*Retry: yes, with backoff/],
    ['anthropic', 'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"c","usage":{"input_tokens":1,"output_tokens":1}}}\n\nevent: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n', /What it means: overloaded_error \(HTTP 529\)/],
    ['gemini', 'data: {"candidates":[{"content":{"parts":[{"text":"Hi"}],"role":"model"},"index":0}]}\n\ndata: {"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}\n\n', /What it means: RESOURCE_EXHAUSTED \(HTTP 429\)/],
    ['responses', 'event: response.created\ndata: {"type":"response.created","sequence_number":0,"response":{"id":"r","object":"response","status":"in_progress","output":[]}}\n\nevent: error\ndata: {"type":"error","code":"rate_limit_exceeded","message":"slow","param":null,"sequence_number":1}\n\n', /What it means: rate_limit_exceeded \(HTTP 429\)/],
  ];
  for (const [format, stream, expected] of cases) {
    it(format, () => {
      const result = reconstruct(stream);
      expect(result.format).toBe(format);
      const finding = result.findings.find((f) => f.code === 'error event');
      expect(finding?.message).toMatch(expected);
    });
  }
});
