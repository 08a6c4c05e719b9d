// Every format writes a neutral answer as its own non-streamed response (`responseOf`), and its documented stream
// of that response reads back as a whole answer with the same text, tool calls and finish.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../src/core/answer/types.js';
import { answerOf, FORMAT_MODULES, reconstruct } from '../../../src/core/index.js';

function answerWith(parts: Partial<Answer['choices'][number]>): Answer {
  return {
    format: null,
    choices: [
      {
        index: 0,
        text: 'It is 6666 miles.',
        reasoning: '',
        signatures: [],
        encryptedReasoning: [],
        refusal: '',
        toolCalls: [],
        citations: [],
        finish: { class: 'stop', reason: null, source: null },
        ...parts,
      },
    ],
    usage: { input: 20, output: 9, total: 29, cacheRead: 4, cacheWrite: null, reasoning: null },
    error: null,
    whole: true,
    verdict: 'complete',
    outcome: 'ok',
  };
}

describe.each(FORMAT_MODULES.map((module) => [module.name, module] as const))('%s responseOf', (_name, module) => {
  it('writes a response whose stream reads back whole, with the answer text', () => {
    const stream = module.synthesize(module.responseOf(answerWith({})));
    const read = reconstruct(stream);
    expect(read.format).toBe(module.name);
    expect(read.verdict).toBe('complete');
    expect(read.choices[0]?.text).toBe('It is 6666 miles.');
  });

  it('writes the tool calls it can carry, by kind, name and input', () => {
    // A client's function call and a tool the provider ran: each format carries one kind or both.
    const calls = [
      { id: 'call_1', name: 'get_weather', kind: 'function' as const, arguments: '{"city":"Paris"}', input: { city: 'Paris' } },
      { id: 'call_2', name: 'lookup_order', kind: 'server' as const, arguments: '{"order":"A-1"}', input: { order: 'A-1' } },
    ];
    for (const call of calls) {
      const finish = { class: call.kind === 'function' ? ('tool_use' as const) : ('stop' as const), reason: null, source: null };
      const read = reconstruct(module.synthesize(module.responseOf(answerWith({ toolCalls: [call], finish }))));
      expect(read.verdict).toBe('complete');
      const carried = answerOf(read).choices[0]?.toolCalls ?? [];
      for (const made of carried) expect([made.name, made.kind, made.input]).toEqual([call.name, call.kind, call.input]);
    }
    const carriedAny = calls.some((call) => (answerOf(reconstruct(module.synthesize(module.responseOf(answerWith({ toolCalls: [call] }))))).choices[0]?.toolCalls.length ?? 0) > 0);
    expect(carriedAny).toBe(true);
  });

  it('keeps the identifiers of a base response of its own', () => {
    const base = module.fixtures.specs[0]?.response;
    const response = module.responseOf(answerWith({}), base);
    for (const key of ['id', 'model', 'modelVersion']) if (base && key in base) expect(response[key]).toEqual(base[key]);
  });
});
