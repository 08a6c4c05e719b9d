// A correct HTTP error: a non-2xx status with a JSON body, as every provider sends a failed request. It gets
// `http status` with what the error means, and nothing that asks to frame it as events or to send it as JSON.
import { describe, expect, test } from 'vitest';
import { reconstructStream } from '../../../src/index.js';

const json = { 'content-type': 'application/json; charset=utf-8' };
const openaiRateLimit = { error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } };
const anthropicOverloaded = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };

describe('a correct HTTP error', () => {
  test.each([
    ['OpenAI, 429', 429, openaiRateLimit, /too many requests/i],
    ['Anthropic, 529', 529, anthropicOverloaded, /overloaded/i],
  ])('%s: only `http status`, with what the error means', async (_name, status, body, meaning) => {
    const text = JSON.stringify(body);
    const result = await reconstructStream(new Response(text, { status, headers: json }));
    expect(Object.keys(result.findingCounts)).toEqual(['http status']);
    const message = result.findings[0]?.message ?? '';
    expect(message).toContain(`status is ${status}`);
    expect(message).toMatch(meaning);
    expect(message).toMatch(/What it means/);
    expect(message).not.toMatch(/data:|text\/event-stream|application\/json|as JSON|error events/);
    expect(result.error).toEqual(body);
    expect(result.outcome).toBe('error_event');
    expect(result.verdict).toBe('did not finish');
    expect(result.source?.text()).toBe(text);
    expect(result.trace?.bytes).toBe(new TextEncoder().encode(text).length);
  });

  test('a body that is not one JSON document is read as events, with both HTTP findings', async () => {
    const result = await reconstructStream(new Response('{"error": {"message": "cut', { status: 500, headers: json }));
    expect(Object.keys(result.findingCounts)).toContain('http status');
    expect(Object.keys(result.findingCounts)).toContain('content type');
  });

  test('a 502 whose body is an event stream under text/plain is still read as one', async () => {
    const body = 'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
    const result = await reconstructStream(new Response(body, { status: 502, headers: { 'content-type': 'text/plain' } }));
    expect(Object.keys(result.findingCounts).sort()).toEqual(['content type', 'http status']);
    expect(result.choices[0]?.text).toBe('hi');
  });
});
