// Chat Completions: every recorded stream, the expectations their sources assert, one hand-made stream per finding,
// the verdicts and outcomes, detection, the frames table, synthesize() and a never-throws property.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatCompletions } from '../../../src/core/formats/chat-completions/index.js';
import { reconstruct, type FindingCode, type Reconstruction } from '../../../src/index.js';

const dir = join(import.meta.dirname, '../../../fixtures/recorded/chat-completions');
const streams = readdirSync(dir).filter((name) => name.endsWith('.sse')).sort();
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

// ── Helpers for hand-made streams: each frame is two lines, so frame k starts on line 2k + 1. ──

const BASE = { id: 'chatcmpl-t1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'gpt-test' };
const DONE = 'data: [DONE]\n\n';

function data(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

function chunk(choices: unknown[], extra: Record<string, unknown> = {}): string {
  return data({ ...BASE, choices, ...extra });
}

function delta(index: number, value: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}): string {
  return chunk([{ index, delta: value, logprobs: null, finish_reason: finish, ...extra }]);
}

const lineOf = (frame: number) => 2 * frame + 1;

function codes(result: Reconstruction): FindingCode[] {
  return result.findings.map((finding) => finding.code);
}

function only(result: Reconstruction, code: FindingCode) {
  const found = result.findings.filter((finding) => finding.code === code);
  expect(found, `${code} findings`).toHaveLength(1);
  return found[0]!;
}

function message(result: Reconstruction, choice = 0): Record<string, unknown> {
  const response = result.response as { choices: Array<{ message: Record<string, unknown> }> };
  return response.choices[choice]!.message;
}

// ── The recorded streams ──

/** Findings each recorded stream should raise; every stream not named here must have none. */
const EXPECTED_FINDINGS: Record<string, FindingCode[]> = {
  // Groq ends with `event: error` (tool_use_failed) and no [DONE]: the error ends the stream, so no 'no end'.
  'pydantic-ai--groq-error-event-midstream.sse': ['error event'],
  // OpenRouter sends a chunk with a top-level `error` object, then [DONE]: the error ends the stream, and the
  // [DONE] after it is a frame after the end.
  'pydantic-ai--openrouter-comments-then-error-chunk.sse': ['error event', 'after end'],
};

/** Verdict and outcome for each recorded stream not complete/ok. */
const EXPECTED_OUTCOMES: Record<string, [Reconstruction['verdict'], Reconstruction['outcome']]> = {
  'openai-python--max-tokens-length.sse': ['complete', 'length_limit'],
  'vercel--deepseek-chat-length.sse': ['complete', 'length_limit'],
  'pydantic-ai--groq-error-event-midstream.sse': ['did not finish', 'error_event'],
  'pydantic-ai--openrouter-comments-then-error-chunk.sse': ['did not finish', 'error_event'],
};

describe('recorded Chat Completions streams', () => {
  it('has every stream of the corpus', () => {
    expect(streams).toHaveLength(38);
  });

  it.each(streams)('%s reads as Chat Completions with the findings expected', (name) => {
    const result = reconstruct(read(name));
    expect(result.format).toBe('chat-completions');
    expect(codes(result)).toEqual(EXPECTED_FINDINGS[name] ?? []);
    const [verdict, outcome] = EXPECTED_OUTCOMES[name] ?? ['complete', 'ok'];
    expect([result.verdict, result.outcome]).toEqual([verdict, outcome]);
    expect(result.choices.length).toBeGreaterThan(0);
    for (const frame of result.frames) {
      expect(frame.carried, `frame ${frame.index}`).not.toBe('');
    }
    expect(JSON.parse(JSON.stringify(result.response))).toEqual(result.response);
  });

  it.each(streams)('%s: the response agrees with the choices', (name) => {
    const result = reconstruct(read(name));
    const response = result.response as { object: string; choices: Array<{ index: number; finish_reason: unknown; message: { tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }> } }> };
    expect(response.object).toBe('chat.completion');
    expect(response.choices.map((choice) => choice.index)).toEqual(result.choices.map((choice) => choice.index));
    result.choices.forEach((choice, position) => {
      const responseChoice = response.choices[position]!;
      expect(responseChoice.finish_reason).toBe(choice.finishReason);
      const calls = (responseChoice.message.tool_calls ?? []).map((call) => [call.id, call.function.name, call.function.arguments]);
      expect(calls).toEqual(choice.toolCalls.map((call) => [call.id, call.name, call.arguments]));
    });
  });
});

interface ExpectedCall {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

interface ExpectedChoice {
  index: number;
  content?: string | null;
  refusal?: string | null;
  reasoning?: string;
  tool_calls?: ExpectedCall[] | null;
  finish_reason?: string;
  logprobs_content_tokens?: string[];
  logprobs_refusal_tokens?: string[];
}

interface Expected {
  id?: string;
  model?: string;
  usage?: Record<string, unknown>;
  error?: unknown;
  choices: ExpectedChoice[];
}

const expectations = readdirSync(dir).filter((name) => name.endsWith('.expected.json')).sort();

describe('what the sources assert (.expected.json)', () => {
  it('has the 17 expected files', () => {
    expect(expectations).toHaveLength(17);
  });

  it.each(expectations)('%s', (name) => {
    const expected = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Expected;
    const result = reconstruct(read(name.replace('.expected.json', '.sse')));
    const response = result.response as Record<string, unknown>;
    if (expected.id !== undefined) expect(response.id).toBe(expected.id);
    if (expected.model !== undefined) expect(response.model).toBe(expected.model);
    if (expected.usage !== undefined) expect(result.usage).toMatchObject(expected.usage);
    if (expected.error !== undefined) expect(result.error).toEqual(expected.error);
    // An empty `choices` list means the source asserted nothing about the answer (only the error it raised).
    for (const want of expected.choices) checkChoice(result, want);
  });
});

function checkChoice(result: Reconstruction, want: ExpectedChoice): void {
  const choice = result.choices.find((entry) => entry.index === want.index);
  expect(choice, `choice ${want.index}`).toBeDefined();
  const position = result.choices.indexOf(choice!);
  const responseChoice = (result.response as { choices: Array<{ message: Record<string, unknown>; logprobs: Record<string, Array<{ token: string }>> | null }> }).choices[position]!;
  if (want.content !== undefined) expect(responseChoice.message.content).toBe(want.content);
  if (want.content !== undefined) expect(choice!.text).toBe(want.content ?? '');
  if (want.refusal !== undefined) expect(responseChoice.message.refusal).toBe(want.refusal);
  if (want.refusal !== undefined) expect(choice!.refusal).toBe(want.refusal ?? undefined);
  if (want.reasoning !== undefined) expect(choice!.reasoning).toBe(want.reasoning);
  if (want.finish_reason !== undefined) expect(choice!.finishReason).toBe(want.finish_reason);
  if (want.tool_calls !== undefined) {
    const calls = choice!.toolCalls.map(({ index, id, name, arguments: args }) => ({ index, id, name, arguments: args }));
    expect(calls).toEqual(want.tool_calls ?? []);
    for (const call of choice!.toolCalls) expect(call.input).toEqual(JSON.parse(call.arguments));
  }
  if (want.logprobs_content_tokens) expect(responseChoice.logprobs?.content?.map((entry) => entry.token)).toEqual(want.logprobs_content_tokens);
  if (want.logprobs_refusal_tokens) expect(responseChoice.logprobs?.refusal?.map((entry) => entry.token)).toEqual(want.logprobs_refusal_tokens);
}

describe('provider details in the recorded streams', () => {
  it('xAI/DeepSeek-style reasoning_content is joined into reasoning and kept under its own name', () => {
    const result = reconstruct(read('pydantic-ai--deepseek-reasoning-content.sse'));
    const reasoning = result.choices[0]!.reasoning!;
    expect(reasoning.startsWith('Hmm, the user just said "Hello".')).toBe(true);
    expect(message(result).reasoning_content).toBe(reasoning);
    expect(result.choices[0]!.text).toBe('Hello there! 😊 How can I help you today?');
    expect(result.usage).toMatchObject({ prompt_cache_hit_tokens: expect.any(Number) });
  });

  it("OpenRouter's reasoning and reasoning_details are joined; the split emoji comes back whole", () => {
    const result = reconstruct(read('fantasy--openrouter-glm-emoji-variation-selector-split.sse'));
    expect(result.choices[0]!.text).toContain('☀️');
    const msg = message(result);
    expect(msg.reasoning).toBe(result.choices[0]!.reasoning);
    expect(msg.reasoning_details).toEqual([expect.objectContaining({ type: 'reasoning.text', text: msg.reasoning, index: 0 })]);
    expect((result.response as Record<string, unknown>).provider).toBeDefined();
  });

  it("Groq's x_groq metadata is passed through and its usage read", () => {
    const result = reconstruct(read('vercel--groq-tool-call-x_groq-usage.sse'));
    expect(result.usage).toMatchObject({ prompt_tokens: 210, completion_tokens: 15, total_tokens: 225 });
    expect(result.choices[0]!.toolCalls).toEqual([{ index: 0, id: 'tk85n1k4m', name: 'weather', arguments: '{}', input: {} }]);
  });

  it('Mistral content parts: thinking into reasoning, text into the answer, content kept as parts', () => {
    const result = reconstruct(read('pydantic-ai--mistral-content-array-thinking.sse'));
    const choice = result.choices[0]!;
    expect(choice.reasoning!.startsWith('Okay, the user is asking')).toBe(true);
    expect(choice.text.startsWith('To cross the street safely')).toBe(true);
    expect(message(result).content).toEqual([
      { type: 'thinking', thinking: [{ type: 'text', text: choice.reasoning }] },
      { type: 'text', text: choice.text },
    ]);
    expect(result.usage).toEqual({ prompt_tokens: 10, total_tokens: 242, completion_tokens: 232 });
  });

  it('Azure: the first chunk with an empty id and model does not blank them; filter results pass through', () => {
    const result = reconstruct(read('fantasy--azure-gpt5mini-content-filter-tool-call.sse'));
    const response = result.response as Record<string, unknown> & { choices: Array<Record<string, unknown>> };
    expect(response.id).toBe('chatcmpl-DuLYtUePDgoybMkZrAI7utkb2fiRp');
    expect(response.model).toBe('gpt-5-mini-2025-08-07');
    expect(response.prompt_filter_results).toBeDefined();
    expect(response.choices[0]!.content_filter_results).toEqual({});
    expect(response).not.toHaveProperty('system_fingerprint');
    expect(response).not.toHaveProperty('obfuscation');
  });

  it('the moderation chunk after the usage chunk does not erase the usage', () => {
    const result = reconstruct(read('pydantic-ai--gpt5-moderation-chunk.sse'));
    expect(result.usage).toMatchObject({ prompt_tokens: 13, completion_tokens: 11, total_tokens: 24 });
    expect((result.response as Record<string, unknown>).moderation).toMatchObject({ output: { type: 'moderation_results' } });
  });

  it('the Groq error stream: reasoning so far, the error object, no finish reason asked for', () => {
    const result = reconstruct(read('pydantic-ai--groq-error-event-midstream.sse'));
    expect(result.error).toMatchObject({ code: 'tool_use_failed', type: 'invalid_request_error' });
    const finding = only(result, 'error event');
    expect(finding.frame).toBe(result.frames.length - 1);
    expect(finding.line).toBe(result.frames[result.frames.length - 1]!.line);
    expect(finding.message).toContain('tool_use_failed');
    expect(result.choices[0]!.finishReason).toBeNull();
  });

  it('the OpenRouter error chunk: its error is the error, its usage is kept, its [DONE] comes after the end', () => {
    const result = reconstruct(read('pydantic-ai--openrouter-comments-then-error-chunk.sse'));
    expect(result.error).toEqual({ code: 400, message: 'Token limit reached' });
    expect(result.usage).toMatchObject({ prompt_tokens: 43, completion_tokens: 10, total_tokens: 53 });
    expect(result.choices[0]).toMatchObject({ reasoning: 'We need to respond to a greeting. The user', finishReason: 'length' });
    expect(only(result, 'after end').frame).toBe(4);
  });
});

// ── Assembly rules, on hand-made streams ──

describe('assembly', () => {
  it('joins text per choice index, with n > 1 choices interleaved and listed by index', () => {
    const stream = [
      delta(1, { role: 'assistant', content: 'B' }),
      delta(0, { role: 'assistant', content: 'A' }),
      delta(1, { content: '2' }),
      delta(0, { content: '1' }),
      delta(0, {}, 'stop'),
      delta(1, {}, 'length'),
      DONE,
    ].join('');
    const result = reconstruct(stream);
    expect(result.choices.map((choice) => [choice.index, choice.text, choice.finishReason])).toEqual([
      [0, 'A1', 'stop'],
      [1, 'B2', 'length'],
    ]);
    expect(result.outcome).toBe('length_limit');
    expect(result.findings).toEqual([]);
  });

  it('appends refusal, and leaves content null when only refusal came', () => {
    const result = reconstruct([delta(0, { role: 'assistant', content: null, refusal: '' }), delta(0, { refusal: "I can't" }), delta(0, { refusal: ' help.' }), delta(0, {}, 'stop'), DONE].join(''));
    expect(result.choices[0]!.refusal).toBe("I can't help.");
    expect(message(result)).toEqual({ role: 'assistant', content: null, refusal: "I can't help." });
  });

  it('joins tool-call fragments by index: id and name from whichever fragment carries them', () => {
    const result = reconstruct(
      [
        delta(0, { role: 'assistant', tool_calls: [{ index: 0, function: { arguments: '{"a"' } }] }),
        delta(0, { tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'two', arguments: '{}' } }] }),
        delta(0, { tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'one', arguments: ':1}' } }] }),
        delta(0, {}, 'tool_calls'),
        DONE,
      ].join(''),
    );
    expect(result.findings).toEqual([]);
    expect(result.choices[0]!.toolCalls).toEqual([
      { index: 0, id: 'call_a', name: 'one', arguments: '{"a":1}', input: { a: 1 } },
      { index: 1, id: 'call_b', name: 'two', arguments: '{}', input: {} },
    ]);
    expect(message(result).tool_calls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'one', arguments: '{"a":1}' } },
      { id: 'call_b', type: 'function', function: { name: 'two', arguments: '{}' } },
    ]);
  });

  it('appends logprobs token lists to the first logprobs object', () => {
    const token = (text: string) => ({ token: text, logprob: -0.5, bytes: [...Buffer.from(text)], top_logprobs: [] });
    const result = reconstruct(
      [
        delta(0, { role: 'assistant', content: 'a' }, null, { logprobs: { content: [token('a')], refusal: null } }),
        delta(0, { content: 'b' }, null, { logprobs: { content: [token('b')], refusal: null } }),
        delta(0, {}, 'stop'),
        DONE,
      ].join(''),
    );
    const choice = (result.response as { choices: Array<{ logprobs: unknown }> }).choices[0]!;
    expect(choice.logprobs).toEqual({ content: [token('a'), token('b')], refusal: null });
  });

  it('appends a very long logprobs list without overflowing the call stack', () => {
    const zeros = new Array<number>(300_000).fill(0);
    const result = reconstruct([delta(0, { role: 'assistant', content: 'a' }, null, { logprobs: { content: zeros } }), delta(0, { content: 'b' }, 'stop', { logprobs: { content: zeros } }), DONE].join(''));
    expect(result.findings).toEqual([]);
    expect((result.response as { choices: Array<{ logprobs: { content: unknown[] } }> }).choices[0]!.logprobs.content).toHaveLength(600_000);
  });

  it('reads usage from the usage-only last chunk, and from x_groq.usage when there is no top-level usage', () => {
    const usage = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 };
    const openai = reconstruct([delta(0, { role: 'assistant', content: 'hi' }, null, {}), delta(0, {}, 'stop'), chunk([], { usage }), DONE].join(''));
    expect(openai.usage).toEqual(usage);
    expect((openai.response as Record<string, unknown>).usage).toEqual(usage);
    const groq = reconstruct([delta(0, { role: 'assistant', content: 'hi' }), chunk([{ index: 0, delta: {}, finish_reason: 'stop' }], { x_groq: { id: 'req_1', usage } }), DONE].join(''));
    expect(groq.usage).toEqual(usage);
  });

  it('keeps system_fingerprint and service_tier when the stream has them', () => {
    const result = reconstruct([chunk([{ index: 0, delta: { role: 'assistant', content: 'x' }, finish_reason: 'stop' }], { system_fingerprint: 'fp_1', service_tier: 'default', obfuscation: 'pad' }), DONE].join(''));
    expect(result.response).toEqual({
      id: 'chatcmpl-t1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'gpt-test',
      system_fingerprint: 'fp_1',
      service_tier: 'default',
      choices: [{ index: 0, message: { role: 'assistant', content: 'x', refusal: null }, logprobs: null, finish_reason: 'stop' }],
    });
  });

  it('reads xAI reasoning_content and OpenRouter/Groq reasoning into reasoning; channel and token_id raise nothing', () => {
    const result = reconstruct(
      [
        delta(0, { role: 'assistant', reasoning_content: 'Think', token_id: 5 }),
        delta(0, { reasoning: ' more', channel: 'analysis' }),
        delta(0, { content: 'Done', reasoning_content: null }),
        delta(0, {}, 'stop'),
        DONE,
      ].join(''),
    );
    expect(result.findings).toEqual([]);
    expect(result.choices[0]!.reasoning).toBe('Think more');
    expect(message(result)).toMatchObject({ reasoning_content: 'Think', reasoning: ' more', content: 'Done' });
    expect(message(result)).not.toHaveProperty('token_id');
  });

  it('joins a custom tool call: its input is free text, not checked as JSON', () => {
    const result = reconstruct(
      [
        delta(0, { role: 'assistant', tool_calls: [{ index: 0, id: 'call_c', type: 'custom', custom: { name: 'grammar', input: 'SELECT ' } }] }),
        delta(0, { tool_calls: [{ index: 0, custom: { input: '1;' } }] }),
        delta(0, {}, 'tool_calls'),
        DONE,
      ].join(''),
    );
    expect(result.findings).toEqual([]);
    expect(result.choices[0]!.toolCalls).toEqual([{ index: 0, id: 'call_c', name: 'grammar', arguments: 'SELECT 1;' }]);
    expect(message(result).tool_calls).toEqual([{ id: 'call_c', type: 'custom', custom: { name: 'grammar', input: 'SELECT 1;' } }]);
  });

  it('joins audio output as the SDK does: id and expiry set, data and transcript appended', () => {
    const result = reconstruct(
      [
        delta(0, { role: 'assistant', audio: { id: 'audio_1', data: 'AAA', transcript: 'Hel' } }),
        delta(0, { audio: { data: 'BBB', transcript: 'lo' } }),
        delta(0, { audio: { expires_at: 99 } }, 'stop'),
        DONE,
      ].join(''),
    );
    expect(message(result).audio).toEqual({ id: 'audio_1', data: 'AAABBB', transcript: 'Hello', expires_at: 99 });
    expect(result.frames[0]!.progress).toBe(true);
  });

  it('joins a legacy function_call', () => {
    const result = reconstruct([delta(0, { role: 'assistant', function_call: { name: 'f', arguments: '' } }), delta(0, { function_call: { arguments: '{"x":1}' } }), delta(0, {}, 'function_call'), DONE].join(''));
    expect(message(result).function_call).toEqual({ name: 'f', arguments: '{"x":1}' });
    expect(result.choices[0]!.finishMeaning).toContain('deprecated');
  });
});

// ── One hand-made stream per finding ──

describe('findings', () => {
  it('tool call no index: attached to call 0, at the fragment’s frame', () => {
    const stream = [
      delta(0, { role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get', arguments: '{"a":' } }] }),
      delta(0, { tool_calls: [{ function: { arguments: '1}' } }] }),
      delta(0, {}, 'tool_calls'),
      DONE,
    ].join('');
    const result = reconstruct(stream);
    const finding = only(result, 'tool call no index');
    expect(finding).toMatchObject({ line: lineOf(1), column: 1, frame: 1 });
    expect(finding.message).toContain('frame 1');
    expect(result.choices[0]!.toolCalls).toEqual([{ index: 0, id: 'call_1', name: 'get', arguments: '{"a":1}', input: { a: 1 } }]);
    expect(codes(result)).toEqual(['tool call no index']);
  });

  it('tool call incomplete: a call without an id, and one without a name, are left out and named', () => {
    const stream = [
      delta(0, { role: 'assistant', tool_calls: [{ index: 0, type: 'function', function: { name: 'no_id', arguments: '{"q":1}' } }] }),
      delta(0, { tool_calls: [{ index: 1, id: 'call_2', type: 'function', function: { arguments: '{"r":2}' } }] }),
      delta(0, { tool_calls: [{ index: 2, id: 'call_3', type: 'function', function: { name: 'ok', arguments: '{}' } }] }),
      delta(0, {}, 'tool_calls'),
      DONE,
    ].join('');
    const result = reconstruct(stream);
    const found = result.findings.filter((finding) => finding.code === 'tool call incomplete');
    expect(found.map((finding) => [finding.line, finding.column, finding.frame])).toEqual([
      [lineOf(0), 1, 0],
      [lineOf(1), 1, 1],
    ]);
    expect(found[0]!.message).toContain('an id');
    expect(found[0]!.message).toContain('{\\"q\\":1}');
    expect(found[1]!.message).toContain('a name');
    expect(result.choices[0]!.toolCalls.map((call) => call.id)).toEqual(['call_3']);
    expect(message(result).tool_calls).toEqual([{ id: 'call_3', type: 'function', function: { name: 'ok', arguments: '{}' } }]);
    expect(result.verdict).toBe('complete');
  });

  it('tool call incomplete: with every call left out, the message has no tool_calls', () => {
    const result = reconstruct([delta(0, { role: 'assistant', tool_calls: [{ index: 0, function: { arguments: '{}' } }] }), delta(0, {}, 'tool_calls'), DONE].join(''));
    expect(only(result, 'tool call incomplete').message).toContain('an id or a name');
    expect(message(result)).not.toHaveProperty('tool_calls');
  });

  it('arguments not json: kept as they are, named at the last fragment', () => {
    const stream = [
      delta(0, { role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get', arguments: '{"city":' } }] }),
      delta(0, { tool_calls: [{ index: 0, function: { arguments: '"Par' } }] }),
      delta(0, {}, 'length'),
      DONE,
    ].join('');
    const result = reconstruct(stream);
    expect(only(result, 'arguments not json')).toMatchObject({ line: lineOf(1), column: 1, frame: 1 });
    const call = result.choices[0]!.toolCalls[0]!;
    expect(call.arguments).toBe('{"city":"Par');
    expect(call).not.toHaveProperty('input');
    expect([result.verdict, result.outcome]).toEqual(['complete', 'length_limit']);
  });

  it('no finish reason: a choice without one in a stream that ended with [DONE], at its last chunk', () => {
    const stream = [delta(0, { role: 'assistant', content: 'a' }), delta(1, { role: 'assistant', content: 'b' }), delta(0, {}, 'stop'), DONE].join('');
    const result = reconstruct(stream);
    const finding = only(result, 'no finish reason');
    expect(finding).toMatchObject({ line: lineOf(1), column: 1, frame: 1 });
    expect(finding.message).toContain('Choice 1');
    expect((result.response as { choices: Array<{ finish_reason: unknown }> }).choices[1]!.finish_reason).toBeNull();
  });

  it('no finish reason is not raised for a stream cut before [DONE]: that is no end, and dropped', () => {
    const result = reconstruct([delta(0, { role: 'assistant', content: 'partial' })].join(''));
    expect(codes(result)).toEqual(['no end']);
    expect([result.verdict, result.outcome]).toEqual(['did not finish', 'dropped']);
    expect(result.choices[0]!.text).toBe('partial');
  });

  it('error event: a data-only {"error": …} frame ends the stream; the error object is the inner one', () => {
    const error = { message: 'upstream provider closed the connection', type: 'provider_error', code: 'upstream_disconnected' };
    const result = reconstruct([delta(0, { role: 'assistant', content: 'Hel' }), data({ error })].join(''));
    expect(only(result, 'error event')).toMatchObject({ line: lineOf(1), column: 1, frame: 1 });
    expect(only(result, 'error event').message).toContain('upstream_disconnected');
    expect(result.error).toEqual(error);
    expect(codes(result)).toEqual(['error event']);
    expect([result.verdict, result.outcome]).toEqual(['did not finish', 'error_event']);
    expect(result.choices[0]!.text).toBe('Hel');
  });

  it('error event: an `event: error` frame, whether or not its data wraps the error', () => {
    const wrapped = reconstruct([delta(0, { role: 'assistant', content: 'x' }), `event: error\ndata: ${JSON.stringify({ error: { message: 'boom' } })}\n\n`].join(''));
    expect(wrapped.error).toEqual({ message: 'boom' });
    expect(only(wrapped, 'error event')).toMatchObject({ line: 3, frame: 1 });
    const bare = reconstruct([delta(0, { role: 'assistant', content: 'x' }), `event: error\ndata: ${JSON.stringify({ message: 'overloaded' })}\n\n`].join(''));
    expect(bare.error).toEqual({ message: 'overloaded' });
    expect([bare.verdict, bare.outcome]).toEqual(['did not finish', 'error_event']);
  });

  it('error event: an `event: error` frame whose data is null still ends the stream in an error', () => {
    const result = reconstruct([delta(0, { role: 'assistant', content: 'x' }), 'event: error\ndata: null\n\n'].join(''));
    expect(result.error).toBe('null');
    expect([result.verdict, result.outcome]).toEqual(['did not finish', 'error_event']);
  });

  it('after end: frames after [DONE] are listed and not assembled', () => {
    const stream = [delta(0, { role: 'assistant', content: 'done' }, 'stop'), DONE, delta(0, { content: ' and more' }), DONE].join('');
    const result = reconstruct(stream);
    const found = result.findings.filter((finding) => finding.code === 'after end');
    expect(found.map((finding) => [finding.line, finding.column, finding.frame])).toEqual([
      [lineOf(2), 1, 2],
      [lineOf(3), 1, 3],
    ]);
    expect(result.choices[0]!.text).toBe('done');
    expect(result.frames[2]!.carried).toBe('after the end: not read');
    expect(result.verdict).toBe('complete');
  });

  it('after end: frames after an error are not assembled either', () => {
    const result = reconstruct([data({ error: { message: 'x' } }), delta(0, { role: 'assistant', content: 'late' }, 'stop')].join(''));
    expect(codes(result)).toEqual(['error event', 'after end']);
    expect(only(result, 'after end').frame).toBe(1);
  });

  it('not assembled: an unknown delta field is named once; every frame that carries it is marked', () => {
    const stream = [delta(0, { role: 'assistant', content: 'a', sparkle: 1 }), delta(0, { content: 'b', sparkle: 2 }), delta(0, {}, 'stop'), DONE].join('');
    const result = reconstruct(stream);
    const finding = only(result, 'not assembled');
    expect(finding).toMatchObject({ line: lineOf(0), column: 1, frame: 0 });
    expect(finding.message).toContain('delta.sparkle');
    expect(result.frames[0]!.carried).toContain('delta.sparkle not read');
    expect(result.frames[1]!.carried).toContain('delta.sparkle not read');
    expect(result.choices[0]!.text).toBe('ab');
  });

  it('not assembled: fields of the wrong shape, data that is not a chunk, a chunk without choices', () => {
    const stream = [
      delta(0, { role: 'assistant', content: 42 }),
      data([1, 2]),
      data({ id: 'x', object: 'chat.completion.chunk' }),
      delta(0, { tool_calls: 'nope' }, 'stop'),
      DONE,
    ].join('');
    const result = reconstruct(stream, { format: 'chat-completions' });
    const found = result.findings.filter((finding) => finding.code === 'not assembled');
    expect(found.map((finding) => finding.frame)).toEqual([0, 1, 2, 3]);
    expect(found[0]!.message).toContain('`delta.content` as a number');
    expect(found[1]!.message).toContain('an array');
    expect(found[2]!.message).toContain('no `choices` array');
    expect(found[3]!.message).toContain('`delta.tool_calls` as a string');
  });

  it('event mismatch: an `event:` line that is neither message nor the chunk type', () => {
    const stream = [`event: delta\ndata: ${JSON.stringify({ ...BASE, choices: [{ index: 0, delta: { role: 'assistant', content: 'x' }, finish_reason: 'stop' }] })}\n\n`, DONE].join('');
    const result = reconstruct(stream);
    expect(only(result, 'event mismatch')).toMatchObject({ line: 1, column: 1, frame: 0 });
    expect(result.choices[0]!.text).toBe('x');
    const named = reconstruct([`event: chat.completion.chunk\ndata: ${JSON.stringify({ ...BASE, choices: [{ index: 0, delta: { content: 'x' }, finish_reason: 'stop' }] })}\n\n`, DONE].join(''));
    expect(named.findings).toEqual([]);
  });
});

// ── Verdicts and outcomes ──

describe('verdict and outcome', () => {
  // A `tool_calls` ending comes with its call (without one it is `finish mismatch`).
  const call = { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] };
  const ended = (finish: string) => [delta(0, { role: 'assistant', content: 'x', ...(finish === 'tool_calls' ? call : {}) }), delta(0, {}, finish), DONE].join('');

  it.each([
    ['stop', 'ok'],
    ['tool_calls', 'ok'],
    ['length', 'length_limit'],
    ['content_filter', 'filtered'],
    ['insufficient_system_resource', 'length_limit'],
  ] as const)('finish_reason %s → complete, %s', (finish, outcome) => {
    const result = reconstruct(ended(finish));
    expect([result.verdict, result.outcome]).toEqual(['complete', outcome]);
    expect(result.choices[0]!.finishMeaning).toBe(chatCompletions.finishReasons.reasons[finish]!.meaning);
  });

  it('an error frame → did not finish, error_event (no "no end")', () => {
    const result = reconstruct([delta(0, { role: 'assistant', content: 'x' }), data({ error: { message: 'e' } })].join(''));
    expect([result.verdict, result.outcome]).toEqual(['did not finish', 'error_event']);
    expect(result.findingCounts['no end']).toBeUndefined();
  });

  it('no [DONE] → did not finish, dropped, even with a finish reason', () => {
    const result = reconstruct([delta(0, { role: 'assistant', content: 'x' }), delta(0, {}, 'stop')].join(''));
    expect([result.verdict, result.outcome]).toEqual(['did not finish', 'dropped']);
    expect(codes(result)).toEqual(['no end']);
  });
});

// ── Detection, frames table, synthesize, finish reasons ──

describe('recognise', () => {
  const frame = { index: 0, event: 'message', data: '', lastEventId: '', dispatched: true, line: 1, endLine: 1, start: 0, end: 0 };
  const score = (value: unknown) => chatCompletions.recognise(frame, { kind: 'json', value });

  it('names chunks by their object, guesses from choices with a delta, and leaves the rest', () => {
    expect(score({ object: 'chat.completion.chunk', choices: [] })).toBe(2);
    expect(score({ choices: [{ index: 0, delta: {} }] })).toBe(1);
    expect(score({ choices: [{ index: 0, message: {} }] })).toBe(0);
    expect(score({ error: { message: 'x' } })).toBe(0);
    expect(score([1])).toBe(0);
    expect(chatCompletions.recognise(frame, { kind: 'done' })).toBe(0);
  });
});

describe('frames table', () => {
  it('says what each frame carried and which carried content', () => {
    const result = reconstruct(
      [
        delta(0, { role: 'assistant', content: '' }),
        delta(0, {}),
        delta(0, { content: 'Hello!' }),
        delta(0, { tool_calls: [{ index: 1, id: 'call_9', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] }),
        delta(0, {}, 'tool_calls'),
        chunk([], { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }),
        DONE,
      ].join(''),
    );
    expect(result.frames.map((frame) => [frame.type, frame.carried, frame.progress])).toEqual([
      ['chat.completion.chunk', 'role assistant (choice 0)', false],
      ['chat.completion.chunk', 'nothing to assemble', false],
      ['chat.completion.chunk', 'text +6 chars to choice 0', true],
      ['chat.completion.chunk', 'tool call 1 starts: f (call_9); tool call 1 arguments +7 chars', true],
      ['chat.completion.chunk', 'finish_reason tool_calls (choice 0)', false],
      ['chat.completion.chunk', 'usage', false],
      ['[DONE]', 'end: [DONE]', false],
    ]);
  });
});

describe('synthesize', () => {
  const response = {
    id: 'chatcmpl-s',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: 'Hello there', refusal: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"k":"v"}' } }] },
        logprobs: null,
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
  };

  it('writes the documented chunk stream: role chunk, pieces, tool fragments, finish chunk, usage chunk, [DONE]', () => {
    const text = chatCompletions.synthesize(response, { pieceSize: 4 });
    const payloads = text.trim().split('\n\n').map((frame) => frame.replace(/^data: /, ''));
    expect(payloads[payloads.length - 1]).toBe('[DONE]');
    const chunks = payloads.slice(0, -1).map((payload) => JSON.parse(payload) as { object: string; choices: Array<{ delta: Record<string, unknown>; finish_reason: unknown }>; usage?: unknown });
    expect(chunks.every((entry) => entry.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '', refusal: null });
    const contents = chunks.flatMap((entry) => entry.choices.map((choice) => choice.delta.content)).filter((piece) => typeof piece === 'string' && piece !== '');
    expect(contents).toEqual(['Hell', 'o th', 'ere']);
    const fragments = chunks.flatMap((entry) => entry.choices.flatMap((choice) => (choice.delta.tool_calls as unknown[] | undefined) ?? []));
    expect(fragments[0]).toEqual({ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } });
    expect(fragments.slice(1)).toEqual([{ index: 0, function: { arguments: '{"k"' } }, { index: 0, function: { arguments: ':"v"' } }, { index: 0, function: { arguments: '}' } }]);
    expect(chunks[chunks.length - 2]!.choices[0]!.finish_reason).toBe('tool_calls');
    expect(chunks[chunks.length - 1]).toMatchObject({ choices: [], usage: response.usage });
    expect(reconstruct(text).response).toEqual(response);
  });

  it('writes a long answer cut into one-character pieces (no call-stack overflow) and reads it back', () => {
    const long = { ...response, choices: [{ ...response.choices[0]!, message: { role: 'assistant', content: 'x'.repeat(200_000), refusal: null } }] };
    const result = reconstruct(chatCompletions.synthesize(long, { pieceSize: 1 }), { frames: false });
    expect(result.choices[0]!.text).toHaveLength(200_000);
    expect(result.response).toEqual(long);
  });

  it('throws a TypeError for something that is not a chat.completion', () => {
    expect(() => chatCompletions.synthesize({ choices: 'x' })).toThrow(TypeError);
  });
});

describe('finish reasons table', () => {
  it('has its source, the date read, and the documented values with their classes', () => {
    const table = chatCompletions.finishReasons;
    expect(table.source).toContain('openai-openapi');
    expect(table.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.fromEntries(Object.entries(table.reasons).map(([reason, entry]) => [reason, entry.class]))).toEqual({
      stop: 'ok',
      length: 'length_limit',
      tool_calls: 'ok',
      content_filter: 'filtered',
      function_call: 'ok',
      insufficient_system_resource: 'length_limit',
      model_length: 'length_limit',
      error: 'error_event',
    });
  });
});

// ── Never throws ──

const anything = fc.jsonValue({ maxDepth: 3 });
const fragmentShape = fc.record(
  { index: fc.oneof(fc.nat(3), anything), id: anything, type: anything, function: fc.oneof(anything, fc.record({ name: anything, arguments: anything }, { requiredKeys: [] })), custom: anything },
  { requiredKeys: [] },
);
const deltaShape = fc.record(
  {
    role: anything,
    content: fc.oneof(anything, fc.array(fc.oneof(anything, fc.record({ type: fc.constantFrom('text', 'thinking'), text: anything, thinking: anything }, { requiredKeys: [] })))),
    refusal: anything,
    reasoning_content: anything,
    reasoning: anything,
    reasoning_details: fc.oneof(anything, fc.array(fc.record({ index: anything, text: anything, type: anything }, { requiredKeys: [] }))),
    tool_calls: fc.oneof(anything, fc.array(fragmentShape, { maxLength: 3 })),
    function_call: anything,
    audio: anything,
  },
  { requiredKeys: [] },
);
const choiceShape = fc.record({ index: fc.oneof(fc.nat(2), anything), delta: fc.oneof(deltaShape, anything), finish_reason: anything, logprobs: anything }, { requiredKeys: [] });
const chunkShape = fc.record(
  { id: anything, object: fc.constant('chat.completion.chunk'), created: anything, model: anything, choices: fc.oneof(fc.array(choiceShape, { maxLength: 3 }), anything), usage: anything, error: anything, x_groq: anything },
  { requiredKeys: ['object'] },
);
const frameText = fc.oneof(
  anything.map((value) => data(value)),
  chunkShape.map((value) => data(value)),
  chunkShape.map((value) => `event: error\ndata: ${JSON.stringify(value)}\n\n`),
  fc.constant(DONE),
);

describe('never throws', () => {
  it('on random JSON and chunk-shaped objects with wrong types', () => {
    fc.assert(
      fc.property(fc.array(frameText, { maxLength: 12 }), (frames) => {
        const result = reconstruct(frames.join(''), { format: 'chat-completions' });
        expect(result.format).toBe('chat-completions');
        expect(() => JSON.stringify(result)).not.toThrow();
        for (const frame of result.frames) expect(typeof frame.carried).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
