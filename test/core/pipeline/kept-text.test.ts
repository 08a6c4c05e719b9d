import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeptText } from '../../../src/core/pipeline/kept-text.js';

const utf8 = new TextEncoder();

/** Feeds `kept` as the reader's decoder would: bytes decoded as one stream, flushed when a string comes. */
function feed(kept: KeptText, chunks: Array<string | Uint8Array>): string {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let pending = false;
  const seen: string[] = [];
  const add = (text: string, bytes?: Uint8Array) => {
    seen.push(text);
    kept.add(text, bytes);
  };
  for (const chunk of chunks) {
    if (typeof chunk === 'string') {
      if (pending) add(decoder.decode());
      pending = false;
      add(chunk);
    } else {
      pending = true;
      add(decoder.decode(chunk, { stream: true }), chunk);
    }
  }
  if (pending) add(decoder.decode());
  return seen.join('');
}

const piece = fc.constantFrom('a', 'é', '東京', '🙂', '\uFEFF', '\uD83D', '\uDE42', ' ', 'data: {"x":1}\n\n');
const chunkOf = fc.oneof(
  fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
  fc.array(piece, { maxLength: 12 }).map((parts) => utf8.encode(parts.join(''))),
  fc.uint8Array({ maxLength: 9 }), // any bytes: cut characters, bad sequences
);

describe('KeptText', () => {
  it('gives back the text the decoder read, for any mix of string and byte chunks', () => {
    fc.assert(
      fc.property(fc.array(chunkOf, { maxLength: 30 }), (chunks) => {
        const kept = new KeptText();
        expect(kept.text()).toBe('');
        const expected = feed(kept, chunks);
        expect(kept.text()).toBe(expected);
      }),
    );
  });

  it('keeps text across its blocks, a three-byte character at a block end included', () => {
    const kept = new KeptText();
    const wide = '東'.repeat(70_000); // blocks of 2^k bytes end one or two bytes short of a three-byte character
    const bytes = utf8.encode('é'.repeat(50_000));
    const expected = feed(kept, ['x', wide, bytes.subarray(0, 70_001), bytes.subarray(70_001), 'y', wide]);
    expect(kept.text()).toBe(expected);
    expect(expected).toBe('x' + wide + 'é'.repeat(50_000) + 'y' + wide);
  });

  it('keeps every span of many short ones that alternate between strings and bytes', () => {
    const kept = new KeptText();
    const chunks: Array<string | Uint8Array> = [];
    for (let i = 0; i < 20_000; i += 1) chunks.push(i % 3 === 0 ? '\uD83D' : i % 3 === 1 ? utf8.encode(`b${i}`) : `s${i}`);
    const expected = feed(kept, chunks);
    expect(expected.length).toBeGreaterThan(60_000);
    expect(kept.text() === expected).toBe(true); // not toBe: a difference would print 60,000 characters twice
  });
});
