// `usage without content`: the usage counts visible output tokens, yet no text, tool call or reasoning arrived.
import { describe, expect, it } from 'vitest';
import { reconstruct, type Reconstruction } from '../../../src/index.js';

type Json = Record<string, unknown>;
const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const named = (value: Json) => `event: ${String(value.type)}\n${data(value)}`;
const flagged = (result: Reconstruction) => result.findings.filter((finding) => finding.code === 'usage without content');

function chat(content: string, usage: Json, finish = 'stop'): string {
  const base = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm' };
  return (
    data({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }] }) +
    data({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] }) +
    data({ ...base, choices: [], usage }) +
    'data: [DONE]\n\n'
  );
}

function anthropic(blocks: Json[], deltas: Json[], outputTokens: number, stopReason = 'end_turn'): string {
  const start = { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', content: [], stop_reason: null, usage: { input_tokens: 9, output_tokens: 1 } } };
  const events: Json[] = [start];
  blocks.forEach((block, index) => {
    events.push({ type: 'content_block_start', index, content_block: block });
    for (const delta of deltas) events.push({ type: 'content_block_delta', index, delta });
    events.push({ type: 'content_block_stop', index });
  });
  events.push({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } });
  events.push({ type: 'message_stop' });
  return events.map(named).join('');
}

function responses(output: Json[], usage: Json): string {
  const response = { id: 'resp_1', object: 'response', model: 'gpt', status: 'completed', error: null, incomplete_details: null };
  return (
    named({ type: 'response.created', sequence_number: 0, response: { ...response, status: 'in_progress', output: [], usage: null } }) +
    named({ type: 'response.completed', sequence_number: 1, response: { ...response, output, usage } })
  );
}

function gemini(parts: Json[], usage: Json): string {
  return `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata: usage, modelVersion: 'gemini-x' })}\r\n\r\n`;
}

describe('usage without content', () => {
  it('Chat Completions: completion tokens counted, an empty answer', () => {
    const result = reconstruct(chat('', { prompt_tokens: 5, completion_tokens: 12, total_tokens: 17 }));
    const [finding] = flagged(result);
    expect(finding).toMatchObject({ severity: 'warning' });
    expect(finding!.message).toContain('completion_tokens');
    expect(finding!.message).toContain('12');
    expect(flagged(reconstruct(chat('Hi', { prompt_tokens: 5, completion_tokens: 12, total_tokens: 17 })))).toEqual([]);
  });

  it('Chat Completions: hidden reasoning tokens are not visible output (a length stop spent on reasoning)', () => {
    const usage = { prompt_tokens: 5, completion_tokens: 64, total_tokens: 69, completion_tokens_details: { reasoning_tokens: 64 } };
    expect(flagged(reconstruct(chat('', usage, 'length')))).toEqual([]);
    expect(flagged(reconstruct(chat('', { ...usage, completion_tokens_details: { reasoning_tokens: 60 } })))).toHaveLength(1);
  });

  it('Anthropic: output_tokens from message_delta, a text block that got no delta', () => {
    const result = reconstruct(anthropic([{ type: 'text', text: '' }], [], 30));
    expect(flagged(result)).toHaveLength(1);
    expect(flagged(result)[0]!.message).toContain('output_tokens');
    expect(flagged(reconstruct(anthropic([{ type: 'text', text: '' }], [{ type: 'text_delta', text: 'Hi' }], 30)))).toEqual([]);
    // A server tool's block is output, though it is neither text nor a client tool call.
    expect(flagged(reconstruct(anthropic([{ type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }], [{ type: 'input_json_delta', partial_json: '{}' }], 30, 'pause_turn')))).toEqual([]);
  });

  it('Responses: output_tokens less reasoning_tokens, an output with no item', () => {
    expect(flagged(reconstruct(responses([], { input_tokens: 3, output_tokens: 7, total_tokens: 10 })))).toHaveLength(1);
    expect(flagged(reconstruct(responses([], { input_tokens: 3, output_tokens: 7, total_tokens: 10, output_tokens_details: { reasoning_tokens: 7 } })))).toEqual([]);
    const search = { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'q' } };
    expect(flagged(reconstruct(responses([search], { input_tokens: 3, output_tokens: 7, total_tokens: 10 })))).toEqual([]);
  });

  it('Gemini: candidatesTokenCount with no part', () => {
    const result = reconstruct(gemini([], { promptTokenCount: 4, candidatesTokenCount: 9, totalTokenCount: 13 }));
    expect(flagged(result)).toHaveLength(1);
    expect(flagged(result)[0]!.message).toContain('candidatesTokenCount');
    expect(flagged(reconstruct(gemini([{ text: 'Hi' }], { promptTokenCount: 4, candidatesTokenCount: 9, totalTokenCount: 13 })))).toEqual([]);
    expect(flagged(reconstruct(gemini([], { promptTokenCount: 4, candidatesTokenCount: 0, thoughtsTokenCount: 9, totalTokenCount: 13 })))).toEqual([]);
  });

  it('not for an empty turn: Anthropic documents 2 or 3 output tokens with no content', () => {
    expect(flagged(reconstruct(anthropic([], [], 3)))).toEqual([]);
    expect(flagged(reconstruct(anthropic([], [], 4)))).toHaveLength(1);
    expect(flagged(reconstruct(chat('', { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 })))).toEqual([]);
  });

  it('not for a stream that did not finish: its own finding says what was lost', () => {
    const cut = chat('', { prompt_tokens: 5, completion_tokens: 12, total_tokens: 17 }).replace('data: [DONE]\n\n', '');
    expect(flagged(reconstruct(cut))).toEqual([]);
  });
});
