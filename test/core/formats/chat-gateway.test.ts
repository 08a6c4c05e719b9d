// Chat Completions streams that real gateways broke (issue 20, items 2, 3, 4, 10, 13): a second tool call at an
// index in use, a stream spliced from two upstreams, a finish reason that disagrees with what came, OpenRouter's
// reasoning_details without a reasoning string, and url_citation annotations.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconstruct, type FindingCode, type Reconstruction } from '../../../src/index.js';

const BASE = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'gpt-test' };
const DONE = 'data: [DONE]\n\n';
const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const chunk = (choice: Record<string, unknown>, top: Record<string, unknown> = {}) => data({ ...BASE, ...top, choices: [{ index: 0, finish_reason: null, ...choice }] });
const fragment = (index: number, id: string | undefined, name: string | undefined, args: string) => ({
  index,
  ...(id === undefined ? {} : { id, type: 'function' }),
  function: { ...(name === undefined ? {} : { name }), arguments: args },
});

function found(result: Reconstruction, code: FindingCode) {
  return result.findings.filter((finding) => finding.code === code);
}

function message(result: Reconstruction): Record<string, unknown> {
  return (result.response as { choices: Array<{ message: Record<string, unknown> }> }).choices[0]!.message;
}

describe('item 2: a second tool call at an index already in use', () => {
  const stream = [
    chunk({ delta: { role: 'assistant', tool_calls: [fragment(0, 'call_a', 'get_weather', '{"city":')] } }),
    chunk({ delta: { tool_calls: [fragment(0, undefined, undefined, '"Paris"}')] } }),
    chunk({ delta: { tool_calls: [fragment(0, 'call_b', 'get_time', '{"zone":')] } }),
    chunk({ delta: { tool_calls: [fragment(0, undefined, undefined, '"CET"}')] } }),
    chunk({ delta: {}, finish_reason: 'tool_calls' }),
    DONE,
  ].join('');

  it('keeps the calls apart and raises `tool call id changed`, not a warning that blames the model', () => {
    const result = reconstruct(stream);
    const [finding] = found(result, 'tool call id changed');
    expect(finding).toMatchObject({ severity: 'error', frame: 2, line: 5 });
    expect(finding?.message).toContain('call_a');
    expect(finding?.message).toContain('call_b');
    expect(found(result, 'arguments not json')).toEqual([]);
    expect(result.choices[0]?.toolCalls.map(({ id, name, arguments: args }) => ({ id, name, args }))).toEqual([
      { id: 'call_a', name: 'get_weather', args: '{"city":"Paris"}' },
      { id: 'call_b', name: 'get_time', args: '{"zone":"CET"}' },
    ]);
    const calls = message(result).tool_calls as Array<{ id: string }>;
    expect(calls.map((call) => call.id)).toEqual(['call_a', 'call_b']);
  });

  it('an id sent again with the same value is no new call', () => {
    const same = [
      chunk({ delta: { tool_calls: [fragment(0, 'call_a', 'f', '{"a":')] } }),
      chunk({ delta: { tool_calls: [fragment(0, 'call_a', undefined, '1}')] } }),
      chunk({ delta: {}, finish_reason: 'tool_calls' }),
      DONE,
    ].join('');
    const result = reconstruct(same);
    expect(found(result, 'tool call id changed')).toEqual([]);
    expect(result.choices[0]?.toolCalls).toHaveLength(1);
  });
});

describe('item 3: a stream spliced from two upstreams', () => {
  it.each([
    ['id', { id: 'chatcmpl-2' }],
    ['model', { model: 'other-model' }],
  ])('a changed %s is `identity changed`', (field, top) => {
    const stream = chunk({ delta: { role: 'assistant', content: 'Hel' } }) + chunk({ delta: { content: 'lo' } }, top) + chunk({ delta: {}, finish_reason: 'stop' }, top) + DONE;
    const result = reconstruct(stream);
    const list = found(result, 'identity changed');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ severity: 'error', frame: 1, line: 3 });
    expect(list[0]?.message).toContain(`\`${field}\``);
    expect(result.verdict).toBe('not the whole stream');
  });

  it('a `created` that moves alone (Perplexity stamps every chunk) is no splice', () => {
    const stream = chunk({ delta: { content: 'a' } }) + chunk({ delta: { content: 'b' } }, { created: BASE.created + 4 }) + chunk({ delta: {}, finish_reason: 'stop' }) + DONE;
    expect(found(reconstruct(stream), 'identity changed')).toEqual([]);
  });

  it('a changed id with a changed created names both', () => {
    const stream = chunk({ delta: { content: 'a' } }) + chunk({ delta: { content: 'b' } }, { id: 'chatcmpl-9', created: BASE.created + 9 }) + chunk({ delta: {}, finish_reason: 'stop' }) + DONE;
    const [finding] = found(reconstruct(stream), 'identity changed');
    expect(finding?.message).toContain('`created`');
  });
});

describe('item 4: a finish reason that disagrees with what came', () => {
  it('content after a choice finished', () => {
    const stream = chunk({ delta: { content: 'Hello' }, finish_reason: 'stop' }) + chunk({ delta: { content: ' again' } }) + DONE;
    const result = reconstruct(stream);
    const [finding] = found(result, 'finish mismatch');
    expect(finding).toMatchObject({ severity: 'error', frame: 1 });
    expect(result.verdict).toBe('not the whole stream');
  });

  it('content after the finish, on the fast path too (a plain text chunk)', () => {
    const text = (piece: string) => chunk({ delta: { content: piece } });
    const stream = text('aaaa') + text('bbbb') + chunk({ delta: {}, finish_reason: 'stop' }) + text('cccc') + text('dddd') + DONE;
    expect(found(reconstruct(stream), 'finish mismatch')).toHaveLength(1);
  });

  it('tool_calls with no tool call', () => {
    const result = reconstruct(chunk({ delta: { content: 'Let me check.' } }) + chunk({ delta: {}, finish_reason: 'tool_calls' }) + DONE);
    expect(found(result, 'finish mismatch')[0]?.message).toMatch(/no tool call/);
    expect(result.verdict).toBe('not the whole stream');
  });

  it('tool calls with stop', () => {
    const result = reconstruct(chunk({ delta: { tool_calls: [fragment(0, 'call_a', 'f', '{}')] } }) + chunk({ delta: {}, finish_reason: 'stop' }) + DONE);
    expect(found(result, 'finish mismatch')[0]?.message).toMatch(/`stop`/);
  });

  it('a whole answer gets none', () => {
    const result = reconstruct(chunk({ delta: { tool_calls: [fragment(0, 'call_a', 'f', '{}')] } }) + chunk({ delta: {}, finish_reason: 'tool_calls' }) + DONE);
    expect(result.findings).toEqual([]);
    expect(result.outcome).toBe('ok');
  });
});

describe('item 10: OpenRouter reasoning_details without a reasoning string', () => {
  it('reasoning.text items are the choice\'s reasoning', () => {
    const detail = (text: string) => ({ type: 'reasoning.text', text, format: 'anthropic-claude-v1', index: 0 });
    const stream =
      chunk({ delta: { role: 'assistant', content: '', reasoning_details: [detail('Two plus ')] } }) +
      chunk({ delta: { content: '', reasoning_details: [detail('two is four.')] } }) +
      chunk({ delta: { content: '4' } }) +
      chunk({ delta: {}, finish_reason: 'stop' }) +
      DONE;
    const result = reconstruct(stream);
    expect(result.choices[0]?.reasoning).toBe('Two plus two is four.');
    expect(result.findings).toEqual([]);
    expect(result.frames[0]?.progress).toBe(true);
    expect(message(result).reasoning_details).toEqual([{ type: 'reasoning.text', text: 'Two plus two is four.', format: 'anthropic-claude-v1', index: 0 }]);
  });

  it('with a reasoning string beside them, the reasoning is not doubled', () => {
    const stream = chunk({ delta: { reasoning: 'Hmm', reasoning_details: [{ type: 'reasoning.text', text: 'Hmm', index: 0 }] } }) + chunk({ delta: {}, finish_reason: 'stop' }) + DONE;
    expect(reconstruct(stream).choices[0]?.reasoning).toBe('Hmm');
  });
});

describe('item 13: delta.annotations (OpenRouter web search)', () => {
  const citation = (url: string) => ({ type: 'url_citation', url_citation: { url, title: url, start_index: 0, end_index: 5, content: '' } });

  it('are accumulated into the message, with no not-assembled finding', () => {
    const stream = chunk({ delta: { role: 'assistant', content: 'Hello' } }) + chunk({ delta: { annotations: [citation('https://a.example')] } }) + chunk({ delta: { annotations: [citation('https://b.example')] }, finish_reason: 'stop' }) + DONE;
    const result = reconstruct(stream);
    expect(result.findings).toEqual([]);
    expect(message(result).annotations).toEqual([citation('https://a.example'), citation('https://b.example')]);
  });

  it('a delta field nobody documents is worded from what is known', () => {
    const result = reconstruct(chunk({ delta: { content: 'a', sparkle: 1 } }) + chunk({ delta: {}, finish_reason: 'stop' }) + DONE);
    const [finding] = found(result, 'not assembled');
    expect(finding?.message).not.toMatch(/neither OpenAI's chunk schema nor a provider this library knows/);
    expect(finding?.message).toMatch(/annotations/);
  });
});

// ── Properties: each class of defect is generated, and never reads as whole and ok ──

const text = fc.string({ minLength: 1, maxLength: 6, unit: 'grapheme-ascii' });

const reusedIndex = fc.record({ index: fc.nat(2), first: fc.string({ minLength: 1, maxLength: 8 }), second: fc.string({ minLength: 1, maxLength: 8 }), name: fc.constantFrom('a', 'b') }).filter(({ first, second }) => first !== second);

const splice = fc.record({
  field: fc.constantFrom('id', 'model'),
  value: fc.string({ minLength: 1, maxLength: 10 }),
  at: fc.nat(3),
  pieces: fc.array(text, { minLength: 1, maxLength: 5 }),
});

const mismatch = fc.oneof(
  fc.record({ kind: fc.constant('after' as const), pieces: fc.array(text, { minLength: 1, maxLength: 4 }), reason: fc.constantFrom('stop', 'length', 'tool_calls') }),
  fc.record({ kind: fc.constant('no call' as const), pieces: fc.array(text, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('call with stop' as const), pieces: fc.array(text, { maxLength: 4 }) }),
);

function notWholeAndOk(result: Reconstruction): void {
  expect(result.verdict === 'complete' && result.outcome === 'ok').toBe(false);
}

describe('properties', () => {
  it('a reused tool-call index with a new id: the finding, two calls, never whole and ok', () => {
    fc.assert(
      fc.property(reusedIndex, ({ index, first, second, name }) => {
        const stream = chunk({ delta: { tool_calls: [fragment(index, first, name, '{}')] } }) + chunk({ delta: { tool_calls: [fragment(index, second, name, '{}')] } }) + chunk({ delta: {}, finish_reason: 'tool_calls' }) + DONE;
        const result = reconstruct(stream);
        expect(found(result, 'tool call id changed')).toHaveLength(1);
        expect(result.choices[0]?.toolCalls.map((call) => call.id)).toEqual([first, second]);
        notWholeAndOk(result);
      }),
    );
  });

  it('a spliced id or model: the finding, never whole and ok', () => {
    fc.assert(
      fc.property(splice.filter(({ field, value }) => value !== BASE[field as 'id' | 'model']), ({ field, value, at, pieces }) => {
        const cut = Math.min(at, pieces.length - 1) + 1;
        const frames = pieces.map((piece, i) => chunk({ delta: { content: piece } }, i >= cut ? { [field]: value } : {}));
        const result = reconstruct(frames.join('') + chunk({ delta: {}, finish_reason: 'stop' }, { [field]: value }) + DONE);
        expect(found(result, 'identity changed')).toHaveLength(1);
        notWholeAndOk(result);
      }),
    );
  });

  it('a finish reason at odds with the content: the finding, never whole and ok', () => {
    fc.assert(
      fc.property(mismatch, (defect) => {
        let stream: string;
        if (defect.kind === 'after') {
          stream = chunk({ delta: { content: 'x' }, finish_reason: defect.reason }) + defect.pieces.map((piece) => chunk({ delta: { content: piece } })).join('');
        } else if (defect.kind === 'no call') {
          stream = defect.pieces.map((piece) => chunk({ delta: { content: piece } })).join('') + chunk({ delta: {}, finish_reason: 'tool_calls' });
        } else {
          stream = defect.pieces.map((piece) => chunk({ delta: { content: piece } })).join('') + chunk({ delta: { tool_calls: [fragment(0, 'call_1', 'f', '{}')] } }) + chunk({ delta: {}, finish_reason: 'stop' });
        }
        const result = reconstruct(stream + DONE);
        expect(found(result, 'finish mismatch').length).toBeGreaterThan(0);
        notWholeAndOk(result);
      }),
    );
  });
});
