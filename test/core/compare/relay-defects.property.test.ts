// Random answers × format pairs × translation defects: wherever both formats carry what the defect changes, the
// correct translation compares the same and the defect is reported as exactly its differences, placed in the streams.
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Answer, FinishClass } from '../../../src/core/answer/types.js';
import { FORMAT_MODULES } from '../../../src/core/index.js';
import { TRANSLATION_DEFECTS } from '../../../src/faults/translation-defects.js';
import { answerWith, callOf, runCell } from './relay-cells.js';

/** Words that keep each defect's change unambiguous: the text starts with a marker, and only `6666` repeats. */
const WORDS = ['Paris', 'is', 'the', 'capital', 'of', 'France', '42', 'été', 'naïve', '🙂', 'order', 'ships', 'today'];
const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((words) => `Answer: ${words.join(' ')} 6666.`);
const name = fc.constantFrom('get_weather', 'lookup_order', 'search');
const input = fc.dictionary(fc.constantFrom('city', 'order', 'query', 'unit'), fc.oneof(fc.constantFrom('Paris', 'A-1001', 'celsius'), fc.integer({ min: 0, max: 99 })), { minKeys: 1, maxKeys: 3 });

const answers: fc.Arbitrary<Answer> = fc
  .record({
    text: sentence,
    calls: fc.array(fc.tuple(name, input), { minLength: 0, maxLength: 3 }),
    reasoning: fc.option(fc.constantFrom('Recall the answer.', 'Look it up first.'), { nil: undefined }),
    refusal: fc.boolean(),
    cacheRead: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
    input: fc.integer({ min: 60, max: 500 }),
    output: fc.integer({ min: 1, max: 300 }),
  })
  .map(({ text, calls, reasoning, refusal, cacheRead, input: inputTokens, output }) => {
    const toolCalls = calls.map(([called, args], n) => callOf(`call_${n + 1}`, called, args));
    // A turn that calls tools ends `tool_use`: a refusal with calls is no answer a provider sends (Chat would write
    // it as `stop` with calls, a finish mismatch that makes the upstream not whole).
    const finish: FinishClass = toolCalls.length > 0 ? 'tool_use' : refusal ? 'refusal' : 'stop';
    return answerWith(
      { text, toolCalls, finish: { class: finish, reason: null, source: null }, ...(reasoning ? { reasoning, signatures: ['c2ln'] } : {}) },
      { input: inputTokens, output, total: inputTokens + output, cacheRead, cacheWrite: null, reasoning: null },
    );
  });

describe('translation defects on random answers and format pairs', () => {
  test('each is caught as exactly its differences, or the pair cannot carry it', async () => {
    await fc.assert(
      fc.asyncProperty(answers, fc.constantFrom(...FORMAT_MODULES), fc.constantFrom(...FORMAT_MODULES), fc.constantFrom(...TRANSLATION_DEFECTS), async (answer, up, down, defect) => {
        // Dropping a turn's only call changes its finish where a format tells a tool-use finish by its calls.
        fc.pre(!defect.name.startsWith('dropToolCall') || answer.choices[0]!.toolCalls.length > 1);
        const result = await runCell(up, down, defect, answer);
        expect(result.status, result.status === 'missed' ? result.why : undefined).not.toBe('missed');
      }),
      { numRuns: 100 },
    );
  });
});
