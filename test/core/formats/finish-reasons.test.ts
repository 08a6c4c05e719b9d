// A finish reason outside its format's documented set (issue 20, item 1): in every format it is a finding, and the
// outcome is never `ok`; a reason that names an error is `error_event`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES, reconstruct, type Reconstruction } from '../../../src/index.js';

const data = (value: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(value)}\n\n`;
const BASE = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'gpt-test' };

function chat(reason: string): string {
  return data({ ...BASE, choices: [{ index: 0, delta: { role: 'assistant', content: 'Hello' }, finish_reason: null }] }) + data({ ...BASE, choices: [{ index: 0, delta: {}, finish_reason: reason }] }) + 'data: [DONE]\n\n';
}

function anthropic(reason: string): string {
  const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
  return [
    data({ type: 'message_start', message }, 'message_start'),
    data({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start'),
    data({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello' } }, 'content_block_delta'),
    data({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
    data({ type: 'message_delta', delta: { stop_reason: reason, stop_sequence: null }, usage: { output_tokens: 2 } }, 'message_delta'),
    data({ type: 'message_stop' }, 'message_stop'),
  ].join('');
}

function gemini(reason: string): string {
  return data({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, index: 0 }] }) + data({ candidates: [{ content: { role: 'model', parts: [{ text: '!' }] }, finishReason: reason, index: 0 }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 } });
}

function responses(reason: string): string {
  const response = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'resp_1', object: 'response', created_at: 1, status, model: 'gpt-test', output: [], ...extra });
  const item = { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] };
  return [
    data({ type: 'response.created', sequence_number: 0, response: response('in_progress') }, 'response.created'),
    data({ type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { ...item, status: 'in_progress', content: [] } }, 'response.output_item.added'),
    data({ type: 'response.output_item.done', sequence_number: 2, output_index: 0, item }, 'response.output_item.done'),
    data({ type: 'response.incomplete', sequence_number: 3, response: response('incomplete', { output: [item], incomplete_details: { reason } }) }, 'response.incomplete'),
  ].join('');
}

function unknownReasons(result: Reconstruction) {
  return result.findings.filter((finding) => finding.code === 'unknown finish reason');
}

describe('a finish reason outside the format\'s set', () => {
  it('the gateway stream of the issue: overloaded_error in a choice without index, then [DONE]', () => {
    const stream = data({ choices: [{ delta: { content: '' }, finish_reason: 'overloaded_error' }] }) + 'data: [DONE]\n\n';
    const result = reconstruct(stream);
    expect(result.format).toBe('chat-completions');
    expect(result.choices.map((choice) => choice.finishReason)).toEqual(['overloaded_error']);
    const [finding] = unknownReasons(result);
    expect(finding?.severity).toBe('error');
    expect(finding?.line).toBe(1);
    expect(finding?.message).toMatch(/names an error/);
    expect(result.outcome).toBe('error_event');
    expect(result.findings.some((entry) => entry.code === 'choice no index')).toBe(true);
  });

  it.each([
    ['end_turn', 'error_event', /Anthropic's `stop_reason`/],
    ['STOP', 'error_event', /Gemini's `finishReason`/],
    ['max_tokens', 'length_limit', /Anthropic's `stop_reason`/],
    ['SAFETY', 'filtered', /Gemini's `finishReason`/],
    ['weird', 'error_event', /treated as abnormal/],
  ])('Chat Completions %s: a finding, outcome %s', (reason, outcome, words) => {
    const result = reconstruct(chat(reason));
    expect(result.verdict).toBe('complete');
    expect(result.outcome).toBe(outcome);
    expect(unknownReasons(result)).toHaveLength(1);
    expect(unknownReasons(result)[0]?.message).toMatch(words);
  });

  it("Mistral's documented `error` is no finding, and its outcome is error_event", () => {
    const result = reconstruct(chat('error'));
    expect(unknownReasons(result)).toEqual([]);
    expect(result.outcome).toBe('error_event');
  });

  it('the documented reasons raise nothing', () => {
    for (const reason of ['stop', 'length', 'tool_calls', 'content_filter', 'insufficient_system_resource', 'model_length']) {
      expect(unknownReasons(reconstruct(chat(reason))), reason).toEqual([]);
    }
  });

  it('Anthropic: stop_reason overloaded_error is error_event, stop is not ok', () => {
    const overloaded = reconstruct(anthropic('overloaded_error'));
    expect(overloaded.format).toBe('anthropic');
    expect(unknownReasons(overloaded)).toHaveLength(1);
    expect(overloaded.outcome).toBe('error_event');
    const stop = reconstruct(anthropic('stop'));
    expect(unknownReasons(stop)[0]?.message).toMatch(/Chat Completions's `finish_reason`/);
    expect(stop.outcome).not.toBe('ok');
    expect(unknownReasons(reconstruct(anthropic('end_turn')))).toEqual([]);
  });

  it('Gemini: finishReason end_turn is a finding, STOP is not', () => {
    const result = reconstruct(gemini('end_turn'));
    expect(result.format).toBe('gemini');
    expect(unknownReasons(result)).toHaveLength(1);
    expect(result.outcome).toBe('error_event');
    expect(unknownReasons(reconstruct(gemini('STOP')))).toEqual([]);
  });

  it('Responses: an incomplete_details.reason outside the documented ones', () => {
    const result = reconstruct(responses('server_overloaded'));
    expect(result.format).toBe('responses');
    expect(unknownReasons(result)).toHaveLength(1);
    expect(result.outcome).toBe('error_event');
    expect(unknownReasons(reconstruct(responses('max_output_tokens')))).toEqual([]);
  });

  it('every format has a table, and no documented reason is outside it', () => {
    for (const module of FORMAT_MODULES) expect(Object.keys(module.finishReasons.reasons).length, module.name).toBeGreaterThan(0);
  });
});

const OUTSIDE = fc.oneof(
  fc.constantFrom('end_turn', 'STOP', 'overloaded_error', 'api_error', 'error', 'ERROR', 'Error', 'done', 'eos', 'stop_sequence', 'cancelled', 'toString', '__proto__', 'constructor'),
  fc.string({ minLength: 1, maxLength: 12 }),
);

describe('property: a reason outside the set never reads as whole and ok', () => {
  it.each([
    ['chat-completions', chat],
    ['anthropic', anthropic],
    ['gemini', gemini],
  ] as const)('%s', (format, streamOf) => {
    const table = FORMAT_MODULES.find((module) => module.name === format)!.finishReasons.reasons;
    fc.assert(
      fc.property(
        OUTSIDE.filter((reason) => !Object.hasOwn(table, reason) && reason !== 'FINISH_REASON_UNSPECIFIED'),
        (reason) => {
          const result = reconstruct(streamOf(reason), { format });
          expect(unknownReasons(result)).toHaveLength(1);
          expect(result.outcome).not.toBe('ok');
          if (/error/i.test(reason) && !/^(?:max_tokens|length|MAX_TOKENS)$/.test(reason)) expect(result.outcome).toBe('error_event');
        },
      ),
      { numRuns: 150 },
    );
  });
});
