import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutPieces } from '../../../src/core/formats/cut-pieces.js';
import { synthesize } from '../../../src/index.js';

describe('cutPieces: how every format cuts text for synthesize()', () => {
  it('joins back to the text, never splits a surrogate pair, and keeps pieces within pieceSize', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.integer({ min: 1, max: 9 }), fc.array(fc.nat(), { minLength: 1 }), (text, pieceSize, draws) => {
        let next = 0;
        const pieces = cutPieces(text, { pieceSize, random: (max) => ((draws[next++ % draws.length] ?? 0) % max) + 1 });
        expect(pieces.join('')).toBe(text);
        let at = 0;
        for (const piece of pieces) {
          expect(piece.length).toBeGreaterThan(0);
          expect(piece.length).toBeLessThanOrEqual(Math.max(pieceSize, 2));
          at += piece.length;
          const high = text.charCodeAt(at - 1);
          const low = text.charCodeAt(at);
          const pairSplit = high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
          expect(pairSplit).toBe(false);
        }
      }),
    );
  });

  it('cuts "a😀b" at pieceSize 2 without a lone surrogate', () => {
    expect(cutPieces('a😀b', { pieceSize: 2 })).toEqual(['a', '😀', 'b']);
  });

  it('throws on a pieceSize that is not a whole number of at least 1, in every format', () => {
    expect(() => cutPieces('abc', { pieceSize: 0 })).toThrow(/pieceSize that is a whole number of at least 1; received 0/);
    expect(() => synthesize('gemini', { candidates: [{ content: { parts: [{ text: 'hi' }] }, finishReason: 'STOP' }] }, { pieceSize: 1.5 })).toThrow(TypeError);
  });
});
