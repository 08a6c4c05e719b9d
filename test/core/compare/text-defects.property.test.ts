// A property over hand-built pieces: random text cut into frames, one random text defect applied to the pieces, and
// the comparison names the defect and places it at the frame of the piece it touched, on both sides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnswerPlaces } from '../../../src/core/answer/places.js';
import { compareAnswers } from '../../../src/core/compare/answers.js';
import type { SidePlaces } from '../../../src/core/compare/places.js';
import { answerOf } from './answer-builders.js';

/** Pieces start with a letter no other piece starts with, so each defect has one reading. */
const pieces = fc
  .array(fc.stringMatching(/^[a-z ]{1,6}$/), { minLength: 3, maxLength: 10 })
  .map((bodies) => bodies.map((body, i) => String.fromCharCode(65 + i) + body));

interface Defect {
  code: string;
  /** Downstream's pieces. */
  down: string[];
  /** The index of the upstream piece the defect touches, and of the downstream piece it shows at. */
  upPiece: number;
  downPiece: number;
}

type MakeDefect = (up: string[], at: number) => Defect;

const DEFECTS: Record<string, MakeDefect> = {
  'text dropped at start': (up) => ({ code: 'text dropped at start', down: up.slice(1), upPiece: 0, downPiece: 0 }),
  'text dropped at end': (up) => ({ code: 'text dropped at end', down: up.slice(0, -1), upPiece: up.length - 1, downPiece: up.length - 2 }),
  'text missing inside': (up, at) => {
    const k = 1 + (at % (up.length - 2));
    return { code: 'text missing inside', down: [...up.slice(0, k), ...up.slice(k + 1)], upPiece: k, downPiece: k };
  },
  'text added': (up, at) => {
    const k = at % up.length;
    return { code: 'text added', down: [...up.slice(0, k), 'Zadded', ...up.slice(k)], upPiece: k, downPiece: k };
  },
  'text duplicated': (up, at) => {
    const k = at % up.length;
    return { code: 'text duplicated', down: [...up.slice(0, k + 1), up[k] as string, ...up.slice(k + 1)], upPiece: Math.min(k + 1, up.length - 1), downPiece: k + 1 };
  },
  'text reordered': (up, at) => {
    const k = at % (up.length - 1);
    const down = [...up];
    [down[k], down[k + 1]] = [up[k + 1] as string, up[k] as string];
    return { code: 'text reordered', down, upPiece: k, downPiece: k };
  },
  'text changed': (up, at) => {
    const k = at % up.length;
    const down = [...up];
    down[k] = `${(up[k] as string)[0]}${'0123456789'.slice(0, 1 + (at % 9))}`;
    return { code: 'text changed', down, upPiece: k, downPiece: k };
  },
};

/** Places for pieces: frame 0 opens the stream, piece i is frame i + 1, the finish is the frame after the last. */
function placesOf(parts: string[]): SidePlaces {
  let offset = 0;
  const text = parts.map((part, i) => {
    const run = { offset, frame: i + 1 };
    offset += part.length;
    return run;
  });
  const last = parts.length + 1;
  const places: AnswerPlaces = { choices: new Map([[0, { text, reasoning: [], refusal: [], toolCalls: [], finish: last }]]), usage: last, error: null, last };
  return { places, frameLines: (frames) => new Map([...frames].map((frame) => [frame, 1 + frame * 2])) };
}

describe('a random text defect is named and placed on both sides', () => {
  it('for every defect among the text ones', () => {
    fc.assert(
      fc.property(pieces, fc.constantFrom(...Object.keys(DEFECTS)), fc.nat(1000), (up, name, at) => {
        const defect = (DEFECTS[name] as MakeDefect)(up, at);
        const comparison = compareAnswers(answerOf({ text: up.join('') }), answerOf({ text: defect.down.join('') }), {}, {
          upstream: placesOf(up),
          downstream: placesOf(defect.down),
        });
        expect(comparison.differences.map((difference) => difference.code)).toEqual([defect.code]);
        const [difference] = comparison.differences;
        expect(difference?.upstream.at).toEqual({ frame: defect.upPiece + 1, line: 1 + (defect.upPiece + 1) * 2, column: 1 });
        expect(difference?.downstream.at?.frame).toBe(defect.downPiece + 1);
      }),
    );
  });

  it('repeats collapsed: a piece upstream sent twice in a row, sent once', () => {
    fc.assert(
      fc.property(pieces, fc.nat(1000), (parts, at) => {
        const k = at % parts.length;
        const up = [...parts.slice(0, k + 1), parts[k] as string, ...parts.slice(k + 1)];
        const comparison = compareAnswers(answerOf({ text: up.join('') }), answerOf({ text: parts.join('') }), {}, { upstream: placesOf(up), downstream: placesOf(parts) });
        expect(comparison.differences.map((difference) => difference.code)).toEqual(['repeats collapsed']);
        expect(comparison.differences[0]?.upstream.at?.frame).toBe(k + 2);
      }),
    );
  });
});
