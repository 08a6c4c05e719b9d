// The AI SDK's event reading, modelled, against eventsource-parser itself (the reader @ai-sdk/provider-utils pipes
// the body through): random bodies built of SSE line pieces, fed in random slices, must dispatch the same data.
import { createParser } from 'eventsource-parser';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specEventDataOf } from '../../../src/core/clients/spec-events.js';

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
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const slices = [0, ...points].map((start, at, all) => text.slice(start, all[at + 1] ?? text.length));
        expect(specEventDataOf(text)).toEqual(parserData(slices));
      }),
      { numRuns: 1500 },
    );
  });
});
