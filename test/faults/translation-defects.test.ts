// The translation defects: each edits an answer the way its name says, compareAnswers names the change with the
// defect's differences, and apply() rewrites a stream of every format in that format, changed only there.
import { describe, expect, it } from 'vitest';
import { compareAnswers } from '../../src/core/compare/index.js';
import { answerOf, FORMAT_MODULES, reconstruct } from '../../src/core/index.js';
import {
  collapseRepeats,
  dropFirstCharacters,
  dropToolCall,
  hideUpstreamError,
  loseToolArguments,
  renameToolCall,
  rewriteAnswer,
  TRANSLATION_DEFECTS,
} from '../../src/faults/index.js';
import { answerWith, baseAnswerFor, callOf } from '../core/compare/relay-cells.js';

describe('each defect on an answer that shows it', () => {
  it.each(TRANSLATION_DEFECTS.filter((defect) => !defect.name.startsWith('hideUpstreamError')).map((defect) => [defect.name, defect] as const))('%s', (_name, defect) => {
    const answer = baseAnswerFor(defect);
    const before = structuredClone(answer);
    expect(defect.appliesTo(answer)).toBe(true);
    const edited = defect.edit(answer);
    expect(answer).toEqual(before);
    expect(compareAnswers(answer, edited).differences.map((found) => found.code)).toEqual(defect.differences(answer));
  });

  it('hideUpstreamError makes a failed answer whole', () => {
    const failed = { ...answerWith({ text: 'Once upon', finish: { class: 'error', reason: null, source: null } }), whole: false, verdict: 'did not finish' as const, outcome: 'error_event' as const };
    const defect = hideUpstreamError();
    expect(defect.appliesTo(failed)).toBe(true);
    expect(defect.appliesTo(answerWith({ text: 'whole' }))).toBe(false);
    const codes = compareAnswers(failed, defect.edit(failed)).differences.map((found) => found.code);
    expect(codes).toContain('failure hidden');
  });
});

describe('what each defect does', () => {
  const answer = answerWith({ text: 'Order 6666 ships.', toolCalls: [callOf('a', 'one', { x: 1 }), callOf('b', 'two', { y: 2 })] });
  it('drops characters, collapses runs, drops, renames and empties calls', () => {
    expect(dropFirstCharacters(6).edit(answer).choices[0]?.text).toBe('6666 ships.');
    expect(collapseRepeats().edit(answer).choices[0]?.text).toBe('Order 666 ships.');
    expect(dropToolCall().edit(answer).choices[0]?.toolCalls.map((call) => call.name)).toEqual(['one']);
    expect(dropToolCall(0).edit(answer).choices[0]?.toolCalls.map((call) => call.name)).toEqual(['two']);
    expect(renameToolCall(1, 'three').edit(answer).choices[0]?.toolCalls.map((call) => call.name)).toEqual(['one', 'three']);
    expect(loseToolArguments(0).edit(answer).choices[0]?.toolCalls[0]).toMatchObject({ arguments: '{}', input: {} });
  });

  it('does not apply where there is nothing to change', () => {
    const plain = answerWith({ text: 'ab' });
    expect(dropFirstCharacters(3).appliesTo(plain)).toBe(false);
    expect(collapseRepeats().appliesTo(plain)).toBe(false);
    expect(dropToolCall().appliesTo(plain)).toBe(false);
    expect(loseToolArguments().appliesTo(answerWith({ toolCalls: [callOf('a', 'one', {})] }))).toBe(false);
  });

  it('throws on misuse, saying what to pass', () => {
    expect(() => dropFirstCharacters(0)).toThrow(/whole number of at least 1/);
    expect(() => renameToolCall(-1)).toThrow(/whole number from 0/);
    expect(() => rewriteAnswer(42 as unknown as string, (kept) => kept)).toThrow(/as a string/);
    expect(() => rewriteAnswer('hello\n\n', (kept) => kept)).toThrow(/format can be told/);
  });
});

describe.each(FORMAT_MODULES.map((module) => [module.name, module] as const))('apply() on a %s stream', (_name, module) => {
  it('keeps the format and the identifiers, and changes only the text', () => {
    const stream = module.synthesize(module.responseOf(answerWith({ text: 'Order 6666 ships today.' })));
    const changed = dropFirstCharacters(6).apply(stream);
    const read = reconstruct(changed);
    expect(read.format).toBe(module.name);
    expect(read.verdict).toBe('complete');
    const comparison = compareAnswers(answerOf(reconstruct(stream)), answerOf(read));
    expect(comparison.differences.map((found) => found.code)).toEqual(['text dropped at start']);
  });

  it('keeps a stream unchanged by an edit that changes nothing, in what it says', () => {
    const stream = module.synthesize(module.responseOf(answerWith({ text: 'Order 6666 ships today.' })));
    expect(compareAnswers(answerOf(reconstruct(stream)), answerOf(reconstruct(rewriteAnswer(stream, (kept) => kept)))).same).toBe(true);
  });
});
