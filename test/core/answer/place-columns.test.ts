// The run columns compareStreams looks offsets up in give the same frame as the run objects, on every fixture.
import { describe, expect, it } from 'vitest';
import { frameInColumn } from '../../../src/core/answer/place-book.js';
import { frameAtOffset } from '../../../src/core/compare/places.js';
import { FIXTURES } from '../../../src/fixtures/index.js';
import { placesOf, reconstruct, type AnswerPlaces } from '../../../src/index.js';

describe('place columns', () => {
  it.each(FIXTURES.map((fixture) => [fixture.name, fixture] as const))('%s: a column lookup finds the run a run lookup finds', (_name, fixture) => {
    const result = reconstruct(fixture.stream);
    const places = placesOf(result) as AnswerPlaces;
    for (const choice of result.answer.choices) {
      const at = places.choices.get(choice.index);
      if (at === undefined) continue;
      for (const part of ['text', 'reasoning', 'refusal'] as const) {
        // Asked before the runs are read (the columns are what is there), then checked against the runs.
        const fromColumns = Array.from({ length: choice[part].length + 2 }, (_, offset) => frameInColumn(at, part, offset));
        const runs = at[part];
        const fromRuns = fromColumns.map((_, offset) => frameAtOffset(runs, offset));
        expect(fromColumns).toEqual(fromRuns);
      }
    }
  });

  it('says nothing of places made by hand (undefined: read their runs)', () => {
    expect(frameInColumn({ text: [{ offset: 0, frame: 3 }], reasoning: [], refusal: [], toolCalls: [], finish: null }, 'text', 0)).toBeUndefined();
  });
});

describe('a place book asked twice', () => {
  it('keeps what it gave the first time, and adds what came after', async () => {
    const { PlaceBook } = await import('../../../src/core/answer/place-book.js');
    const book = new PlaceBook();
    book.appended('text', 0, 0, 1);
    book.appended('text', 0, 3, 2);
    const first = book.places(3);
    book.appended('text', 0, 6, 3);
    book.appended('reasoning', 1, 0, 4);
    const second = book.places(5);
    expect(first.choices.get(0)?.text).toEqual([{ offset: 0, frame: 1 }, { offset: 3, frame: 2 }]);
    expect(second.choices.get(0)?.text).toEqual([{ offset: 0, frame: 1 }, { offset: 3, frame: 2 }, { offset: 6, frame: 3 }]);
    expect(second.choices.get(1)?.reasoning).toEqual([{ offset: 0, frame: 4 }]);
    expect(book.places(5).choices.get(0)?.text).toHaveLength(3);
  });
});
