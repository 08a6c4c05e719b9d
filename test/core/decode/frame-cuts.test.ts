import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createFrameCutter, decode } from '../../../src/core/index.js';
import { FrameScannerBefore } from './frame-scanner-before.js';

const encoder = new TextEncoder();

/** Every frame end the cutter tells, as offsets in the whole stream, pushed in the pieces `points` cut. */
function cutEnds(bytes: Uint8Array, points: number[]): Array<{ end: number; count: number }> {
  const cutter = createFrameCutter();
  const ends: Array<{ end: number; count: number }> = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    const base = start;
    cutter.push(bytes.subarray(start, point), (end, count) => ends.push({ end: end + base, count }));
    start = point;
  }
  expect(cutter.count).toBe(ends.length);
  return ends;
}

function scannerEnds(bytes: Uint8Array, points: number[]): number[] {
  const scanner = new FrameScannerBefore();
  const ends: number[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    ends.push(...scanner.scan(bytes.subarray(start, point), Infinity).map((end) => end + start));
    start = point;
  }
  return ends;
}

const splits = (length: number) => fc.array(fc.nat(), { maxLength: 6 }).map((cuts) => [...new Set(cuts.map((cut) => cut % (length + 1)))].sort((a, b) => a - b));

/** Bytes that matter to framing, and some that only a UTF-8 reading sees: multi-byte, cut and invalid characters. */
const piece = fc.constantFrom(
  ...['data', 'data:', ' x', ':', 'event: e', 'id: 7', 'retry: 1', '{"a":1}', '\n', '\r', '\r\n', '\n\n', '\r\r', 'é', '€', '😀'].map((text) => encoder.encode(text)),
  new Uint8Array([0xe2]),
  new Uint8Array([0xe2, 0x82]),
  new Uint8Array([0xff]),
  new Uint8Array([0xf0, 0x9f]),
  new Uint8Array([0xc3]),
);
const byteStream = fc.array(piece, { maxLength: 40 }).map((pieces) => {
  const bytes = new Uint8Array(pieces.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of pieces) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
});

describe('createFrameCutter', () => {
  test('cuts where the byte scanner the server used before cut, on any bytes split anywhere', () => {
    fc.assert(
      fc.property(
        byteStream.chain((bytes) => fc.tuple(fc.constant(bytes), splits(bytes.length))),
        ([bytes, points]) => {
          const ends = cutEnds(bytes, points);
          expect(ends.map(({ end }) => end)).toEqual(scannerEnds(bytes, points));
          expect(ends.map(({ count }) => count)).toEqual(ends.map((_, index) => index + 1));
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("ends where decode() ends each dispatched frame, a CRLF split between pieces aside", () => {
    const line = fc.constantFrom('data: x', 'data: é€', 'event: e', 'id: 7', ': comment', ':', 'data:', 'data', 'retry: 10', 'datum: 1');
    const eol = fc.constantFrom('\n', '\r\n', '\r');
    const text = fc.array(fc.oneof(fc.tuple(line, eol).map(([l, e]) => l + e), eol), { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        text.chain((stream) => fc.tuple(fc.constant(stream), splits(encoder.encode(stream).length))),
        ([stream, points]) => {
          const bytes = encoder.encode(stream);
          const expected = decode(stream, { maxHeldChars: Infinity })
            .frames.filter((frame) => frame.dispatched)
            .map((frame) => encoder.encode(stream.slice(0, frame.end)).length);
          // A CRLF split between two pieces: the frame ends after the CR; its LF goes out with the next piece.
          const ends = cutEnds(bytes, points).map(({ end }) => (bytes[end - 1] === 13 && bytes[end] === 10 ? end + 1 : end));
          expect(ends).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('a frame that ends at the last CR of a piece is told with that piece', () => {
    const cutter = createFrameCutter();
    const told: number[] = [];
    cutter.push(encoder.encode('data: 1\r\r'), (end) => told.push(end));
    expect(told).toEqual([9]);
    cutter.push(encoder.encode('\ndata: 2\n\n'), (end) => told.push(end));
    expect(told).toEqual([9, 10]);
    expect(cutter.count).toBe(2);
  });

  test('byte offsets, not UTF-16 ones: multi-byte and invalid characters, and one cut between pieces', () => {
    const bytes = new Uint8Array([...encoder.encode('data: 😀é'), 0xff, 0xe2, ...encoder.encode('\n\ndata: €\n\n')]);
    const ends = cutEnds(bytes, [9, 16]).map(({ end }) => end);
    expect(ends).toEqual([16, 27]);
    expect(ends).toEqual(scannerEnds(bytes, [9, 16]));
  });

  test('a block of comments, ids or events only ends no frame', () => {
    expect(cutEnds(encoder.encode(': hi\n\nid: 1\nevent: e\n\ndata: 1\n\n'), []).map(({ end }) => end)).toEqual([31]);
  });

  test('a leading BOM is taken off, as a spec client does (the scanner before missed that frame)', () => {
    const bytes = encoder.encode('\uFEFFdata: 1\n\ndata: 2\n\n');
    expect(cutEnds(bytes, [1]).map(({ end }) => end)).toEqual([12, 21]);
    expect(scannerEnds(bytes, [1])).toEqual([21]);
  });
});
