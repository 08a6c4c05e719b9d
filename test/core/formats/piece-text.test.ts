import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PIECES_JOINED, PieceText } from '../../../src/core/formats/piece-text.js';

describe('PieceText', () => {
  it('gives back every piece pushed, in order, however many there are', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ maxLength: 6 }), { maxLength: PIECES_JOINED * 3 }), (start, pieces) => {
        const text = new PieceText(start);
        let readAt = 0;
        for (const [index, piece] of pieces.entries()) {
          text.push(piece);
          if (index % 97 === 0) readAt = text.text.length;
        }
        expect(readAt).toBeLessThanOrEqual(text.length);
        expect(text.text).toBe(start + pieces.join(''));
        expect(text.length).toBe(text.text.length);
      }),
    );
  });

  it('replaces the whole text when set, dropping pieces not yet joined', () => {
    const text = new PieceText('ab');
    text.push('c');
    text.text = 'final';
    text.push('!');
    expect(text.text).toBe('final!');
    expect(text.length).toBe(6);
  });
});
