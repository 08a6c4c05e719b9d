// The same answer in every ordered pair of formats reads the same: text, a tool call, the finish class and usage
// all carried, whatever each format calls them; ids formats make up are not compared unless asked.
import { describe, expect, it } from 'vitest';
import { compareStreams } from '../../../src/core/compare/streams.js';
import { synthesize } from '../../../src/core/synthesize.js';
import type { FormatName } from '../../../src/core/model.js';
import { RELAY_FORMATS, RESPONSE_OF, type AnswerSpec } from './relay-formats.js';

const SPEC: AnswerSpec = { text: 'Let me check the weather in Paris.', call: { id: 'call_1', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } } };
const stream = (format: FormatName, spec: AnswerSpec = SPEC) => synthesize(format, RESPONSE_OF[format]?.(spec), { pieceSize: 5 });
const pairs = RELAY_FORMATS.flatMap((up) => RELAY_FORMATS.map((down) => [up, down] as const));

describe('the same answer in two formats', () => {
  it.each(pairs)('%s → %s: same', async (up, down) => {
    const comparison = await compareStreams(stream(up), stream(down));
    expect(comparison.differences).toEqual([]);
    expect(comparison.same).toBe(true);
  });

  it.each(pairs)('%s → %s: a lost tool call is found', async (up, down) => {
    const comparison = await compareStreams(stream(up), stream(down, { text: SPEC.text }));
    expect(comparison.differences.map((difference) => difference.code)).toEqual(['tool call lost', 'finish changed']);
  });

  it('ids differ: same, unless ids: true', async () => {
    const other = { ...SPEC, call: { ...(SPEC.call as NonNullable<AnswerSpec['call']>), id: 'toolu_99' } };
    expect((await compareStreams(stream('anthropic'), stream('chat-completions', other))).same).toBe(true);
    const strict = await compareStreams(stream('anthropic'), stream('chat-completions', other), { ids: true });
    expect(strict.differences.map((difference) => [difference.code, difference.path])).toEqual([['tool call id changed', 'choices[0].toolCalls[0].id']]);
  });
});
