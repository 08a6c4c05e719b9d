// The AI SDK's event reading, modelled, against eventsource-parser itself (the copy @ai-sdk/provider-utils pipes the
// body through, 3.1, not the newer one at the top of node_modules): random bodies built of SSE line pieces, fed in
// random slices, must dispatch the same data.
import { createRequire } from 'node:module';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specEventDataOf } from '../../../src/core/clients/spec-events.js';

type CreateParser = (callbacks: { onEvent: (event: { data: string }) => void }) => { feed(chunk: string): void };
const fromProviderUtils = createRequire(createRequire(import.meta.url).resolve('@ai-sdk/provider-utils'));
const { createParser } = fromProviderUtils('eventsource-parser') as { createParser: CreateParser };

function parserData(slices: string[]): string[] {
  const dispatched: string[] = [];
  const parser = createParser({ onEvent: (event) => dispatched.push(event.data) });
  for (const slice of slices) parser.feed(slice);
  return dispatched;
}

describe('specEventDataOf', () => {
  it('dispatches what eventsource-parser dispatches, however the body is sliced', () => {
    const piece = fc.constantFrom('data: a', 'data:b', 'data', 'data:  c', ': ping', 'event: x', 'id: 1', 'retry: 5', 'dat', '\uFEFF', '\n', '\r', '\r\n', '\n\n', '[DONE]', '{"x":1}');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), fc.array(fc.nat(), { maxLength: 4 }), (pieces, cuts) => {
        const text = pieces.join('');
        // The TextDecoderStream in front of the parser drops one byte-order mark at the start.
        const decoded = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
        // A read that ends just after the body's last line end, a CR, leaves that CR held for good (no later read has
        // a line end to release it): the model reads the body as one read, so it holds a CR only at the body's end.
        const lastLineEnd = Math.max(decoded.lastIndexOf('\r'), decoded.lastIndexOf('\n'));
        const heldForGood = decoded[lastLineEnd] === '\r' ? lastLineEnd + 1 : -1;
        const points = [...new Set(cuts.map((cut) => cut % (decoded.length + 1)))].filter((cut) => cut !== heldForGood || cut === decoded.length).sort((a, b) => a - b);
        const slices = [0, ...points].map((start, at, all) => decoded.slice(start, all[at + 1] ?? decoded.length));
        expect(specEventDataOf(text)).toEqual(parserData(slices));
      }),
      { numRuns: 1500 },
    );
  });
});
