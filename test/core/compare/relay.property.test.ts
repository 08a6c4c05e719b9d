// Random text × a random text defect × a random pair of formats: the defect is named, and placed on both sides at
// the frames that carried those characters (read by hand from the frames, not from the library's places).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareReconstructions } from '../../../src/core/compare/streams.js';
import { reconstruct } from '../../../src/core/reconstruct.js';
import { synthesize } from '../../../src/core/synthesize.js';
import type { FormatName } from '../../../src/core/model.js';
import { frameCarrying, RELAY_FORMATS, RESPONSE_OF, type AnswerSpec } from './relay-formats.js';

const pieces = fc
  .array(fc.stringMatching(/^[a-z ]{1,6}$/), { minLength: 3, maxLength: 10 })
  .map((bodies) => bodies.map((body, i) => String.fromCharCode(65 + i) + body));

interface TextDefect {
  code: string;
  down: string[];
  upPiece: number;
  downPiece: number;
  /** Characters into the piece where the texts part (a changed piece keeps its first letter). */
  into?: number;
}

const DEFECTS: Record<string, (up: string[], at: number) => TextDefect> = {
  'text dropped at start': (up) => ({ code: 'text dropped at start', down: up.slice(1), upPiece: 0, downPiece: 0 }),
  'text dropped at end': (up) => ({ code: 'text dropped at end', down: up.slice(0, -1), upPiece: up.length - 1, downPiece: up.length - 1 }),
  'text missing inside': (up, at) => {
    const k = 1 + (at % (up.length - 2));
    return { code: 'text missing inside', down: [...up.slice(0, k), ...up.slice(k + 1)], upPiece: k, downPiece: k };
  },
  'text added': (up, at) => {
    const k = at % up.length;
    return { code: 'text added', down: [...up.slice(0, k), 'Zadded', ...up.slice(k)], upPiece: k, downPiece: k };
  },
  'text duplicated': (up) => ({ code: 'text duplicated', down: [...up, ...up], upPiece: up.length, downPiece: up.length }),
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
    return { code: 'text changed', down, upPiece: k, downPiece: k, into: 1 };
  },
};

/** The offset piece `index` starts at (the text's length past the last piece). */
const offsetOf = (parts: string[], index: number) => parts.slice(0, index).join('').length;

function streamOf(format: FormatName, spec: AnswerSpec, pieceSize: number): string {
  const response = RESPONSE_OF[format]?.(spec);
  return synthesize(format, response, { pieceSize });
}

describe('a random text defect across a random pair of formats', () => {
  it('is named, and placed at the frames that carried it on both sides', () => {
    const format = fc.constantFrom(...RELAY_FORMATS);
    fc.assert(
      fc.property(pieces, fc.constantFrom(...Object.keys(DEFECTS)), fc.nat(1000), format, format, fc.integer({ min: 1, max: 9 }), (up, name, at, upFormat, downFormat, size) => {
        const defect = DEFECTS[name]?.(up, at) as TextDefect;
        const upstream = reconstruct(streamOf(upFormat, { text: up.join('') }, size));
        const downstream = reconstruct(streamOf(downFormat, { text: defect.down.join('') }, 10 - size));
        const comparison = compareReconstructions(upstream, downstream);
        expect(comparison.differences.map((difference) => difference.code)).toEqual([defect.code]);
        const [difference] = comparison.differences;
        expect(difference?.upstream.at?.frame).toBe(frameCarrying(upstream.frames, offsetOf(up, defect.upPiece) + (defect.into ?? 0)));
        expect(difference?.downstream.at?.frame).toBe(frameCarrying(downstream.frames, offsetOf(defect.down, defect.downPiece) + (defect.into ?? 0)));
        const upFrame = upstream.frames[difference?.upstream.at?.frame ?? -1];
        expect(difference?.upstream.at?.line).toBe(upFrame?.line);
      }),
      { numRuns: 60 },
    );
  });
});
