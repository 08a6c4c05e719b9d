// Every verdict comes with a finding that explains it, an error body is an error, and nothing the bytes do not
// carry is made up (issue 13, items 7 to 10).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../../src/index.js';

type Json = Record<string, unknown>;
const codes = (result: { findings: Array<{ code: string }> }) => result.findings.map((finding) => finding.code);

describe('frames that no format names (item 7)', () => {
  it('say so, with the formats tried and what the frames carry', () => {
    const result = reconstruct('data: {"hello":1}\n\ndata: [DONE]\n\n');
    expect(result.summary).toBe('no format · did not finish · dropped · 0 choices · 0 chars of text · 0 tool calls · 1 finding');
    expect(codes(result)).toEqual(['no format']);
    const message = result.findings[0]?.message ?? '';
    for (const title of ['Chat Completions', 'Responses', 'Anthropic', 'Gemini', 'Behavior Run']) expect(message).toContain(title);
    expect(message).toContain('1 JSON object (keys `hello`)');
    expect(message).toContain('1 `[DONE]`');
    expect(result.findings[0]).toMatchObject({ line: 1, column: 1, frame: 0, severity: 'error' });
  });

  it('explain a lone [DONE], and name types and values that are not objects', () => {
    expect(reconstruct('data: [DONE]\n\n').findings[0]?.message).toContain('The frame carries 1 `[DONE]`');
    const message = reconstruct('data: {"type":"ping.custom","a":1}\n\ndata: [1,2]\n\ndata: "x"\n\n').findings[0]?.message ?? '';
    expect(message).toContain('type `ping.custom`');
    expect(message).toContain('2 JSON values that are not an object');
  });

  it('is never a verdict without a finding', () => {
    for (const stream of ['data: {}\n\n', 'data: {"x":{"y":1}}\n\ndata: {"z":2}\n\n', 'data: null\n\n', 'data: 1\n\n']) {
      const result = reconstruct(stream);
      expect(result.verdict).toBe('did not finish');
      expect(result.findings.length, stream).toBeGreaterThan(0);
    }
  });
});

describe('a body that is one JSON error document (item 8)', () => {
  const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

  it('fills error, as a Gemini error, pretty-printed and without data:', () => {
    const error = { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' };
    const result = reconstruct(pretty({ error }));
    expect(result.format).toBe('gemini');
    expect(result.outcome).toBe('error_event');
    expect(result.verdict).toBe('did not finish');
    expect(result.error).toEqual(error);
    expect(codes(result)).toContain('error body');
    expect(result.findings.find((f) => f.code === 'error body')?.message).toContain('400 INVALID_ARGUMENT');
  });

  it('tells Anthropic, Behavior Run and OpenAI shapes apart (OpenAI names no one format)', () => {
    const anthropic = reconstruct(pretty({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: required' }, request_id: 'req_1' }));
    expect([anthropic.format, anthropic.outcome]).toEqual(['anthropic', 'error_event']);
    expect(anthropic.error).toEqual({ type: 'invalid_request_error', message: 'max_tokens: required' });
    const behavior = reconstruct(pretty({ type: 'error', error: { message: 'no such behavior', code: 'not_found' } }));
    expect([behavior.format, behavior.outcome]).toEqual(['behavior-run', 'error_event']);
    const openai = reconstruct(pretty({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } }));
    expect([openai.format, openai.outcome, openai.verdict]).toEqual([null, 'error_event', 'did not finish']);
    expect((openai.error as Json).code).toBe('invalid_api_key');
    expect(codes(openai)).toContain('error body');
  });

  it('a lone frame whose `error` is a string (TGI, the Hugging Face router) is the stream\'s error, whatever shape it has', () => {
    const tgi = { error: 'Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096', error_type: 'validation' };
    for (const body of [`data: ${JSON.stringify(tgi)}\n\n`, pretty(tgi)]) {
      const result = reconstruct(body);
      expect([result.format, result.verdict, result.outcome]).toEqual([null, 'did not finish', 'error_event']);
      expect(result.error).toEqual(tgi);
      const finding = result.findings.find((f) => f.code === 'error body');
      expect(finding?.message).toContain('validation');
      expect(finding?.message).toContain('Input validation error');
    }
    for (const error of [42, ['overloaded'], true, '']) {
      const result = reconstruct(`data: ${JSON.stringify({ error })}\n\n`);
      expect([result.outcome, codes(result)]).toEqual(['error_event', ['error body']]);
      expect(result.error).toEqual({ error });
    }
    for (const value of [{ error: null }, { error: false }, { errors: 'x' }]) {
      const result = reconstruct(`data: ${JSON.stringify(value)}\n\n`);
      expect([result.error, result.outcome, codes(result)]).toEqual([null, 'dropped', ['no format']]);
    }
  });

  it('property: any lone frame with an `error` that is not null or false ends in error_event with `error` set', () => {
    fc.assert(
      fc.property(fc.jsonValue().filter((value) => value !== null && value !== false), fc.dictionary(fc.constantFrom('error_type', 'code', 'detail'), fc.jsonValue(), { maxKeys: 2 }), (error, beside) => {
        const result = reconstruct(`data: ${JSON.stringify({ ...beside, error })}\n\n`);
        expect(result.outcome).toBe('error_event');
        expect(result.verdict).toBe('did not finish');
        expect(result.error).not.toBeNull();
        expect(codes(result)).toContain('error body');
      }),
      { numRuns: 200 },
    );
  });

  it('reads the list of one error a failed non-SSE Gemini call answers with, told or given the format', () => {
    const body = pretty([{ error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } }]);
    for (const result of [reconstruct(body), reconstruct(body, { format: 'gemini' })]) {
      expect([result.format, result.outcome]).toEqual(['gemini', 'error_event']);
      expect((result.error as Json).status).toBe('RESOURCE_EXHAUSTED');
    }
  });

  it('reads a Gemini error sent as its one data: frame too', () => {
    const result = reconstruct('data: {"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}\n\n');
    expect([result.format, result.outcome]).toEqual(['gemini', 'error_event']);
  });
});

describe('values the bytes do not carry (item 9)', () => {
  const call = (functionCall: Json) => `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ functionCall }], role: 'model' }, finishReason: 'STOP' }] })}\n\n`;

  it('gives a Gemini call without an id the id null, and its candidate no index', () => {
    const result = reconstruct(call({ name: 'add', args: { a: 1 } }) , { format: 'gemini' });
    expect(result.choices[0]?.toolCalls[0]).toMatchObject({ id: null, name: 'add', input: { a: 1 } });
    const candidate = ((result.response as Json).candidates as Json[])[0] as Json;
    expect('index' in candidate).toBe(false);
    expect(result.choices[0]?.index).toBe(0);
  });

  it('keeps an id that came', () => {
    const result = reconstruct(call({ name: 'add', id: 'abc', args: {} }));
    expect(result.choices[0]?.toolCalls[0]?.id).toBe('abc');
  });
});

describe('Chat Completions without [DONE] (item 10)', () => {
  const chunk = (choice: Json, extra: Json = {}) => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [choice], ...extra })}\n\n`;

  it('says the answer is probably whole when every choice finished and usage came', () => {
    const stream = chunk({ index: 0, delta: { content: 'hi' } }) + chunk({ index: 0, delta: {}, finish_reason: 'stop' }) + `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`;
    const result = reconstruct(stream);
    expect(result.verdict).toBe('did not finish');
    const message = result.findings.find((f) => f.code === 'no end')?.message ?? '';
    expect(message).toContain('a finish reason and the usage arrived, so the answer is probably whole and only the sentinel is missing');
    expect(message).toContain('hangs or drops');
  });

  it('says only the sentinel is missing when every choice finished without usage (older TGI servers), and keeps the plain message otherwise', () => {
    const finished = reconstruct(chunk({ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }));
    const message = finished.findings.find((f) => f.code === 'no end')?.message ?? '';
    expect(message).toContain('every choice finished and only the sentinel is missing');
    expect(message).not.toMatch(/no usage chunk came/);
    const cut = reconstruct(chunk({ index: 0, delta: { content: 'hi' } }));
    expect(cut.findings.find((f) => f.code === 'no end')?.message).toContain('may be partial');
  });
});
