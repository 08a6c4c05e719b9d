import { describe, expect, it } from 'vitest';
import { compareAnswers } from '../../../src/core/compare/answers.js';
import type { ComparePlaces, SidePlaces } from '../../../src/core/compare/places.js';
import type { AnswerPlaces } from '../../../src/core/answer/places.js';
import { answerOf, callOf, choiceOf, usageOf } from './answer-builders.js';

const codes = (comparison: { differences: { code: string }[] }) => comparison.differences.map((difference) => difference.code);

describe('compareAnswers: each kind of difference, on hand-built answers', () => {
  it('finds nothing between equal answers', () => {
    const comparison = compareAnswers(answerOf(), answerOf());
    expect(comparison).toMatchObject({ same: true, differences: [], summary: 'same answer' });
  });

  it('says the start of the text is missing, in plain words, with both values', () => {
    const comparison = compareAnswers(answerOf(), answerOf({ text: 'lo, world.' }));
    expect(comparison.same).toBe(false);
    expect(comparison.differences).toEqual([
      {
        code: 'text dropped at start',
        severity: 'error',
        path: 'choices[0].text',
        message: 'the first 3 characters of upstream\'s answer are missing: "Hel"',
        upstream: { value: 'Hel', at: null },
        downstream: { value: '', at: null },
      },
    ]);
    expect(comparison.summary).toBe('1 difference: text dropped at start');
  });

  it.each([
    ['text dropped at end', { text: 'Hello, wo' }],
    ['text missing inside', { text: 'Hello world.' }],
    ['text added', { text: 'Hello, big world.' }],
    ['text duplicated', { text: 'Hello, world.Hello, world.' }],
    ['text reordered', { text: 'world. Hello,' }],
    ['text changed', { text: 'Goodbye.' }],
  ])('%s', (code, down) => {
    expect(codes(compareAnswers(answerOf(), answerOf(down)))).toEqual([code]);
  });

  it('repeats collapsed: 6666 → 666', () => {
    const comparison = compareAnswers(answerOf({ text: 'It is 6666.' }), answerOf({ text: 'It is 666.' }));
    expect(comparison.differences[0]).toMatchObject({ code: 'repeats collapsed', upstream: { value: '6' } });
    expect(comparison.differences[0]?.message).toContain('repeat the piece before');
  });

  it('tool calls: lost, added, renamed, arguments changed; ids only when asked', () => {
    const weather = callOf('get_weather', { city: 'Paris' }, 'call_1');
    const time = callOf('get_time', { zone: 'CET' }, 'call_2');
    const up = answerOf({ toolCalls: [weather, time] });
    expect(codes(compareAnswers(up, answerOf({ toolCalls: [time] })))).toEqual(['tool call lost']);
    expect(compareAnswers(up, answerOf({ toolCalls: [time] })).differences[0]?.path).toBe('choices[0].toolCalls[0]');
    expect(codes(compareAnswers(up, answerOf({ toolCalls: [weather, time, time] })))).toEqual(['tool call added']);
    expect(codes(compareAnswers(up, answerOf({ toolCalls: [{ ...weather, name: 'weather' }, time] })))).toEqual(['tool call renamed']);
    const other = { ...weather, arguments: '{"city":"Pari"}', input: { city: 'Pari' } };
    const changed = compareAnswers(up, answerOf({ toolCalls: [other, time] }));
    expect(codes(changed)).toEqual(['tool arguments changed']);
    expect(changed.differences[0]?.message).toContain('"get_weather"');
    const respaced = { ...weather, arguments: '{ "city": "Paris" }', id: 'toolu_9' };
    expect(compareAnswers(up, answerOf({ toolCalls: [respaced, time] })).same).toBe(true);
    expect(codes(compareAnswers(up, answerOf({ toolCalls: [respaced, time] }), { ids: true }))).toEqual(['tool call id changed']);
  });

  it('reasoning dropped or changed, signatures and encrypted reasoning dropped, refusal changed', () => {
    const thinking = { reasoning: 'Let me think.', signatures: ['sig-1'], encryptedReasoning: ['enc-1'] };
    expect(codes(compareAnswers(answerOf(thinking), answerOf({ signatures: ['sig-1'], encryptedReasoning: ['enc-1'] })))).toEqual(['reasoning dropped']);
    expect(codes(compareAnswers(answerOf(thinking), answerOf({ ...thinking, reasoning: 'Let me think' })))).toEqual(['reasoning dropped']);
    expect(codes(compareAnswers(answerOf(thinking), answerOf({ ...thinking, reasoning: 'Hmm.' })))).toEqual(['reasoning changed']);
    expect(codes(compareAnswers(answerOf(thinking), answerOf({ reasoning: thinking.reasoning })))).toEqual(['signature dropped', 'signature dropped']);
    const refused = { text: '', refusal: 'I cannot help with that.', finish: { class: 'refusal' as const, reason: 'refusal', source: null } };
    const asText = { text: 'I cannot help with that.', finish: { class: 'stop' as const, reason: 'stop', source: null } };
    expect(codes(compareAnswers(answerOf(refused), answerOf(asText)))).toEqual(['text added', 'refusal changed', 'finish changed']);
  });

  it('citations compared by address, title and span, not by each format’s type name', () => {
    const cited = { citations: [{ type: 'url_citation', url: 'https://example.com', start: 0, end: 5 }] };
    expect(compareAnswers(answerOf(cited), answerOf({ citations: [{ type: 'web_search_result_location', url: 'https://example.com', start: 0, end: 5 }] })).same).toBe(true);
    expect(codes(compareAnswers(answerOf(cited), answerOf()))).toEqual(['citations changed']);
  });

  it('finish changed: a refusal mapped to stop', () => {
    const up = answerOf({ finish: { class: 'refusal', reason: 'refusal', source: null } });
    const comparison = compareAnswers(up, answerOf());
    expect(comparison.differences[0]).toMatchObject({ code: 'finish changed', path: 'choices[0].finish' });
    expect(comparison.differences[0]?.message).toBe('upstream finished with refusal ("refusal"), downstream with stop ("stop")');
  });

  it('a refusal carried as content_filter by a format with no refusal reason is the same finish; by one with it, not', () => {
    const up = answerOf({ finish: { class: 'refusal', reason: 'refusal', source: null } });
    const filtered = { finish: { class: 'content_filter' as const, reason: 'content_filter', source: null } };
    expect(codes(compareAnswers(up, answerOf(filtered, { format: 'chat-completions' })))).toEqual([]);
    expect(codes(compareAnswers(up, answerOf(filtered, { format: 'anthropic' })))).toEqual(['finish changed']);
    expect(codes(compareAnswers(up, answerOf({}, { format: 'chat-completions' })))).toEqual(['finish changed']);
  });

  it('failure hidden: upstream cut, downstream whole (and the failed finish is not compared again)', () => {
    const up = answerOf({ text: 'Hello', finish: { class: 'unknown', reason: null, source: null } }, { whole: false, verdict: 'did not finish', outcome: 'dropped' });
    const comparison = compareAnswers(up, answerOf({ text: 'Hello' }));
    expect(codes(comparison)).toEqual(['failure hidden']);
    expect(comparison.differences[0]?.message).toContain('upstream failed (did not finish, dropped)');
  });

  it('failure changed: downstream broken where upstream was whole, or another retry advice', () => {
    const broken = { whole: false, verdict: 'did not finish' as const, outcome: 'error_event' as const };
    expect(codes(compareAnswers(answerOf(), answerOf({}, broken)))).toEqual(['failure changed']);
    const error = { message: 'Overloaded', type: 'overloaded_error', http: 529, retry: 'with backoff' as const };
    const upFailed = answerOf({}, { ...broken, error });
    expect(compareAnswers(upFailed, answerOf({}, { ...broken, error: { ...error, type: 'server_error' } })).same).toBe(true);
    expect(codes(compareAnswers(upFailed, answerOf({}, { ...broken, error: { ...error, retry: 'never' as const } })))).toEqual(['failure changed']);
  });

  it('choices lost and added, by index', () => {
    const two = answerOf({}, {});
    two.choices.push(choiceOf({ index: 1 }));
    expect(codes(compareAnswers(two, answerOf()))).toEqual(['choice lost']);
    expect(codes(compareAnswers(answerOf(), two))).toEqual(['choice added']);
  });
});

describe('compareAnswers: usage', () => {
  const cached = usageOf({ input: 1200, output: 50, total: 1250, cacheRead: 1000 });

  it('usage missing when downstream carries none', () => {
    expect(codes(compareAnswers(answerOf(), answerOf({}, { usage: null })))).toEqual(['usage missing']);
    expect(compareAnswers(answerOf({}, { usage: null }), answerOf()).same).toBe(true);
  });

  it('consistent (default): a count left out is fine, cache reads reported as 0 are not', () => {
    expect(compareAnswers(answerOf({}, { usage: cached }), answerOf({}, { usage: { ...cached, cacheRead: null, total: null } })).same).toBe(true);
    const zero = compareAnswers(answerOf({}, { usage: cached }), answerOf({}, { usage: { ...cached, cacheRead: 0 } }));
    expect(zero.differences).toMatchObject([{ code: 'usage inconsistent', path: 'usage.cacheRead', upstream: { value: 1000 }, downstream: { value: 0 } }]);
  });

  it('consistent: input without the cache reads is a change, and the message says why', () => {
    const comparison = compareAnswers(answerOf({}, { usage: cached }), answerOf({}, { usage: { ...cached, input: 200, total: 250 } }));
    expect(codes(comparison)).toEqual(['usage changed']);
    expect(comparison.differences[0]?.message).toContain('left the cache tokens out');
  });

  it('exact: every count, present or not; ignore: none', () => {
    const down = answerOf({}, { usage: { ...cached, cacheRead: null } });
    expect(codes(compareAnswers(answerOf({}, { usage: cached }), down, { usage: 'exact' }))).toEqual(['usage changed']);
    expect(compareAnswers(answerOf({}, { usage: cached }), answerOf({}, { usage: null }), { usage: 'ignore' }).same).toBe(true);
  });
});

describe('compareAnswers: options and places', () => {
  it('ignores paths, with * for any index', () => {
    const up = answerOf({ toolCalls: [callOf('f', { a: 1 }, 'x')] });
    const down = answerOf({ text: 'Hello', toolCalls: [callOf('f', { a: 2 }, 'y')] });
    expect(codes(compareAnswers(up, down))).toEqual(['text dropped at end', 'tool arguments changed']);
    expect(codes(compareAnswers(up, down, { ignore: ['choices.*.toolCalls.*.arguments'] }))).toEqual(['text dropped at end']);
    expect(compareAnswers(up, down, { ignore: ['choices[0].text', 'choices.*.toolCalls'] }).same).toBe(true);
  });

  it('throws on misuse with what to pass', () => {
    expect(() => compareAnswers(answerOf(), answerOf(), { usage: 'loose' as never })).toThrow(/options.usage must be one of 'exact', 'consistent', 'ignore'/);
    expect(() => compareAnswers(answerOf(), answerOf(), { ignored: [] } as never)).toThrow(/options.ignored is not an option/);
    expect(() => compareAnswers('text' as never, answerOf())).toThrow(/pass the upstream answer as answerOf\(reconstruction\) gives it/);
  });

  it('places a text difference at the frame that carried it, on both sides', () => {
    const side = (runs: [number, number][], last: number): SidePlaces => {
      const places: AnswerPlaces = {
        choices: new Map([[0, { text: runs.map(([offset, frame]) => ({ offset, frame })), reasoning: [], refusal: [], toolCalls: [], finish: last }]]),
        usage: last,
        error: null,
        last,
      };
      return { places, frameLines: (frames) => new Map([...frames].map((frame) => [frame, frame * 3 + 1])) };
    };
    // Upstream: "Hel" in frame 1, "lo, " in frame 2, "world." in frame 3; downstream lost the first piece.
    const places: ComparePlaces = { upstream: side([[0, 1], [3, 2], [7, 3]], 4), downstream: side([[0, 2], [4, 3]], 4) };
    const middle = compareAnswers(answerOf(), answerOf({ text: 'Hello, ' }), {}, places);
    expect(middle.differences[0]).toMatchObject({
      code: 'text dropped at end',
      upstream: { value: 'world.', at: { frame: 3, line: 10, column: 1 } },
      downstream: { at: { frame: 3, line: 10, column: 1 } },
    });
    const start = compareAnswers(answerOf(), answerOf({ text: 'lo, world.' }), {}, places);
    expect(start.differences[0]).toMatchObject({ upstream: { at: { frame: 1, line: 4 } }, downstream: { at: { frame: 2, line: 7 } } });
  });
});
