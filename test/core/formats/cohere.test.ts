// Cohere v2 chat streams written by hand: the assembly, its ordering and end rules with their positions, both usage
// pairs, the error `message-end`, detection, and what a request asks.
import { describe, expect, it } from 'vitest';
import { answerOf, explainError, reconstruct } from '../../../src/index.js';

type Json = Record<string, unknown>;

/** One frame as Cohere writes it: `event:` and the same `type` in the data. */
const ev = (payload: Json): string => `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`;
const start = (id = 'm1'): string => ev({ id, type: 'message-start', delta: { message: { role: 'assistant' } } });
const contentStart = (index: number, type = 'text'): string => ev({ type: 'content-start', index, delta: { message: { content: { type, [type]: '' } } } });
const contentDelta = (index: number, piece: Json): string => ev({ type: 'content-delta', index, delta: { message: { content: piece } } });
const contentEnd = (index: number): string => ev({ type: 'content-end', index });
const plan = (piece: string): string => ev({ type: 'tool-plan-delta', delta: { message: { tool_plan: piece } } });
const callStart = (index: number, id: string, name: string): string =>
  ev({ type: 'tool-call-start', index, delta: { message: { tool_calls: { id, type: 'function', function: { name, arguments: '' } } } } });
const callDelta = (index: number, piece: string): string => ev({ type: 'tool-call-delta', index, delta: { message: { tool_calls: { function: { arguments: piece } } } } });
const callEnd = (index: number): string => ev({ type: 'tool-call-end', index });
const USAGE = { billed_units: { input_tokens: 23, output_tokens: 41 }, tokens: { input_tokens: 906, output_tokens: 77 }, cached_tokens: 800 };
/** `message-end`; the usage only where a test reads it (its 77 output tokens would be `usage without content` elsewhere). */
const end = (reason: string | null, extra: Json = {}): string => ev({ type: 'message-end', delta: { finish_reason: reason, ...extra } });
const DONE = 'data: [DONE]\n\n';

const text = (pieces: string[]): string => contentStart(0) + pieces.map((piece) => contentDelta(0, { text: piece })).join('') + contentEnd(0);
const codes = (stream: string): string[] => reconstruct(stream).findings.map((finding) => finding.code);

describe('Cohere v2: a whole stream', () => {
  it('builds text, thinking, the tool plan and tool calls, with the response of POST /v2/chat', () => {
    const stream =
      start() +
      plan('I will ') +
      plan('look it up.') +
      callStart(0, 'call_a', 'lookup') +
      callDelta(0, '{"q":') +
      callDelta(0, '"paris"}') +
      callEnd(0) +
      contentStart(0, 'thinking') +
      contentDelta(0, { thinking: 'hmm' }) +
      contentEnd(0) +
      end('TOOL_CALL', { usage: USAGE }) +
      DONE;
    const result = reconstruct(stream);
    expect(result.format).toBe('cohere');
    expect(result.verdict).toBe('complete');
    expect(result.outcome).toBe('ok');
    expect(result.findings).toEqual([]);
    expect(result.choices[0]).toMatchObject({ text: '', reasoning: 'hmmI will look it up.', finishReason: 'TOOL_CALL' });
    expect(result.choices[0]!.toolCalls).toEqual([{ index: 0, id: 'call_a', name: 'lookup', arguments: '{"q":"paris"}', input: { q: 'paris' } }]);
    expect(result.response).toEqual({
      id: 'm1',
      finish_reason: 'TOOL_CALL',
      message: {
        role: 'assistant',
        tool_plan: 'I will look it up.',
        tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '{"q":"paris"}' } }],
        content: [{ type: 'thinking', thinking: 'hmm' }],
      },
      usage: USAGE,
    });
  });

  it('reads the shared usage from `tokens`, never from `billed_units`', () => {
    const answer = answerOf(reconstruct(start() + text(['Hi']) + end('COMPLETE', { usage: USAGE }) + DONE));
    expect(answer.usage).toEqual({ input: 906, output: 77, total: 983, cacheRead: 800, cacheWrite: null, reasoning: null });
    const billedOnly = start() + text(['Hi']) + ev({ type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { billed_units: { input_tokens: 4, output_tokens: 2 } } } });
    expect(answerOf(reconstruct(billedOnly)).usage).toBeNull();
  });

  it('needs no `[DONE]`, and reads one after `message-end` quietly', () => {
    expect(reconstruct(start() + text(['Hi']) + end('COMPLETE')).verdict).toBe('complete');
    expect(codes(start() + text(['Hi']) + end('COMPLETE') + DONE)).toEqual([]);
  });

  it('maps the finish reasons to outcomes', () => {
    const outcome = (reason: string) => reconstruct(start() + text(['Hi']) + end(reason)).outcome;
    expect(outcome('COMPLETE')).toBe('ok');
    expect(outcome('STOP_SEQUENCE')).toBe('ok');
    expect(outcome('MAX_TOKENS')).toBe('length_limit');
    expect(outcome('TIMEOUT')).toBe('error_event');
    expect(codes(start() + text(['Hi']) + end('stop'))).toEqual(['unknown finish reason']);
  });
});

describe('Cohere v2: errors', () => {
  it('a `message-end` with `finish_reason: "ERROR"` ends the stream in its error, placed on that frame', () => {
    const stream = start() + plan('I will') + end('ERROR', { usage: {}, error: 'your request resulted in an invalid tool generation', error_type: 'INVALID_TOOL_GENERATION' }) + DONE;
    const result = reconstruct(stream);
    expect(result.verdict).toBe('did not finish');
    expect(result.outcome).toBe('error_event');
    expect(result.error).toEqual({ type: 'INVALID_TOOL_GENERATION', message: 'your request resulted in an invalid tool generation', finish_reason: 'ERROR' });
    const finding = result.findings.find((each) => each.code === 'error event')!;
    expect(finding.frame).toBe(2);
    expect(explainError(result.error, 'cohere').provider).toBe('cohere');
  });

  it('explains the HTTP error body by its message', () => {
    expect(explainError({ message: 'invalid api token' }, 'cohere')).toMatchObject({ provider: 'cohere', http: 401, retry: 'never' });
    expect(explainError({ message: 'too many tokens: size limit exceeded by 11326 tokens.' }, 'cohere')).toMatchObject({ contextLength: true });
  });
});

describe('Cohere v2: ordering and end rules', () => {
  it('no `message-end`: no end, did not finish', () => {
    const result = reconstruct(start() + text(['Hi']));
    expect(result.verdict).toBe('did not finish');
    expect(codes(start() + text(['Hi']))).toEqual(['no end']);
  });

  it('`[DONE]` before `message-end` is where the SDK stops: what follows is after the end', () => {
    const result = reconstruct(start() + text(['Hi']) + DONE + end('COMPLETE'));
    expect(result.verdict).toBe('did not finish');
    expect(result.findings.map((f) => f.code).sort()).toEqual(['after end', 'no end']);
  });

  it('no `message-start`: not the whole stream', () => {
    const result = reconstruct(text(['Hi']) + end('COMPLETE'));
    expect(result.verdict).toBe('not the whole stream');
    expect(result.findings.map((f) => [f.code, f.frame])).toEqual([['no start', 0]]);
  });

  it('a delta for a block never started, a block never ended, a block started twice', () => {
    expect(codes(start() + contentDelta(0, { text: 'x' }) + end('COMPLETE'))).toEqual(['block unstarted']);
    const open = reconstruct(start() + contentStart(0) + contentDelta(0, { text: 'x' }) + end('COMPLETE'));
    expect(open.verdict).toBe('not the whole stream');
    expect(open.findings.map((f) => [f.code, f.frame])).toEqual([['block open', 1]]);
    expect(codes(start() + text(['a']) + text(['b']) + end('COMPLETE'))).toEqual(['block restarted']);
  });

  it('thinking sent into a text block is a delta mismatch, and lost', () => {
    const result = reconstruct(start() + contentStart(0) + contentDelta(0, { thinking: 'x' }) + contentEnd(0) + end('COMPLETE'));
    expect(result.findings.map((f) => f.code)).toEqual(['delta mismatch']);
    expect(result.verdict).toBe('not the whole stream');
  });

  it('tool calls and the finish reason must agree', () => {
    expect(codes(start() + text(['Hi']) + end('TOOL_CALL'))).toEqual(['finish mismatch']);
    expect(codes(start() + callStart(0, 'c', 'f') + callDelta(0, '{}') + callEnd(0) + end('COMPLETE'))).toEqual(['finish mismatch']);
  });

  it('arguments that are not JSON, and a call without an id', () => {
    expect(codes(start() + callStart(0, 'c', 'f') + callDelta(0, '{"a":') + callEnd(0) + end('TOOL_CALL'))).toEqual(['arguments not json']);
    expect(codes(start() + callStart(0, '', 'f') + callEnd(0) + end('TOOL_CALL')).sort()).toEqual(['finish mismatch', 'tool call incomplete']);
  });

  it('an `event:` name that disagrees with the type, and an unknown type', () => {
    const renamed = `event: content-delta\ndata: ${JSON.stringify({ type: 'content-end', index: 0 })}\n\n`;
    expect(codes(start() + contentStart(0) + renamed + end('COMPLETE'))).toEqual(['event mismatch']);
    expect(codes(start() + ev({ type: 'content-surprise' }) + text(['x']) + end('COMPLETE'))).toEqual(['unknown event']);
  });

  it('a debug event is read and not part of the answer', () => {
    const result = reconstruct(start() + ev({ type: 'debug', prompt: 'secret' }) + text(['Hi']) + end('COMPLETE'));
    expect(result.findings).toEqual([]);
    expect(result.choices[0]!.text).toBe('Hi');
  });

  it('is detected by its frames; a `debug` frame does not outvote another format', () => {
    expect(reconstruct(start() + text(['Hi'])).format).toBe('cohere');
    const chunk = { id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: 'stop' }] };
    expect(reconstruct(`data: ${JSON.stringify({ type: 'debug' })}\n\ndata: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`).format).toBe('chat-completions');
  });
});

describe('Cohere v2: what a request asks', () => {
  const stream = start() + text(['Hi']) + end('COMPLETE');
  const requestCodes = (request: Json) => reconstruct(stream, { request }).findings.map((f) => f.code);

  it('tool_choice REQUIRED with no call, and a stream not asked for', () => {
    expect(requestCodes({ model: 'command-a-03-2025', stream: true, messages: [], tool_choice: 'REQUIRED' })).toEqual(['tool choice unmet']);
    expect(requestCodes({ model: 'command-a-03-2025', stream: true, messages: [], tool_choice: 'NONE' })).toEqual([]);
    expect(requestCodes({ model: 'command-a-03-2025', messages: [] })).toEqual(['request not streaming']);
  });
});
