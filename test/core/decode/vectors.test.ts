// The 62 parser vectors (WPT eventsource tests and eventsource-parser's suite, see test/vectors/README.md), fed
// whole, as their own chunks, one character at a time, and as UTF-8 bytes cut everywhere.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decode, type DecodeResult } from '../../../src/index.js';
import { cutAt, dispatched, outcome, perByte, perCodePoint, perCodeUnit, utf8 } from './helpers.js';

interface Vector {
  name: string;
  source: string;
  input: string;
  input_chunks?: string[];
  expected_events: Array<{ type: string; data: string; id: string | null }>;
  expected_scope: 'exact' | 'prefix' | 'first-connection-only' | 'first-iteration';
}

const vectors = JSON.parse(readFileSync(new URL('../../vectors/whatwg-vectors.json', import.meta.url), 'utf8')) as Vector[];

/** Vectors short enough to cut at every byte position (and at every pair of positions when shorter still). */
const SHORT = 200;
const VERY_SHORT = 48;

function expectEvents(vector: Vector, result: DecodeResult): void {
  const seen = dispatched(result.frames);
  const expected = vector.expected_events;
  // `prefix` vectors assert only their first events; every other scope is the whole sequence for this input.
  if (vector.expected_scope === 'prefix') expect(seen.length).toBeGreaterThanOrEqual(expected.length);
  else expect(seen).toHaveLength(expected.length);
  expected.forEach((event, i) => {
    const got = seen[i];
    expect(got?.event, `event ${i} type`).toBe(event.type);
    expect(got?.data, `event ${i} data`).toBe(event.data);
    if (event.id !== null) expect(got?.lastEventId, `event ${i} lastEventId`).toBe(event.id);
  });
}

describe('WHATWG and eventsource-parser vectors', () => {
  it('has all 62 vectors, and their chunks join to their input', () => {
    expect(vectors).toHaveLength(62);
    for (const vector of vectors) {
      if (vector.input_chunks) expect(vector.input_chunks.join(''), vector.name).toBe(vector.input);
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(utf8(vector.input)), vector.name).toBe(vector.input);
    }
  });

  describe.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
    const whole = outcome(decode(vector.input));

    it('whole', () => {
      expectEvents(vector, whole);
    });

    it('as its own chunks, one code unit and one code point per chunk: the same result', () => {
      if (vector.input_chunks) expect(outcome(decode(vector.input_chunks))).toEqual(whole);
      expect(outcome(decode(perCodeUnit(vector.input)))).toEqual(whole);
      expect(outcome(decode(perCodePoint(vector.input)))).toEqual(whole);
    });

    it('as UTF-8 bytes: whole, one byte per chunk and cut at every position', () => {
      const bytes = utf8(vector.input);
      expect(outcome(decode(bytes))).toEqual(whole);
      expect(outcome(decode(perByte(bytes)))).toEqual(whole);
      if (bytes.length > SHORT) return;
      for (let i = 0; i <= bytes.length; i += 1) {
        expect(outcome(decode(cutAt(bytes, [i]))), `cut at byte ${i}`).toEqual(whole);
      }
      if (bytes.length > VERY_SHORT) return;
      for (let i = 1; i < bytes.length; i += 1) {
        for (let j = i + 1; j < bytes.length; j += 1) {
          expect(outcome(decode(cutAt(bytes, [i, j]))), `cut at bytes ${i} and ${j}`).toEqual(whole);
        }
      }
    });

    it('as text cut at every position', () => {
      if (vector.input.length > SHORT) return;
      for (let i = 0; i <= vector.input.length; i += 1) {
        expect(outcome(decode(cutAt(vector.input, [i]))), `cut at ${i}`).toEqual(whole);
      }
    });
  });
});

describe('chunk boundaries the vectors single out', () => {
  it('a BOM split across byte chunks is still taken off once', () => {
    const bytes = utf8('\uFEFFdata: 1\n\n');
    for (const chunks of [cutAt(bytes, [1]), cutAt(bytes, [2]), cutAt(bytes, [1, 2]), perByte(bytes)]) {
      const result = decode(chunks);
      expect(dispatched(result.frames)).toEqual([{ event: 'message', data: '1', lastEventId: '' }]);
      expect(result.findings.map((f) => [f.code, f.line, f.column])).toEqual([['bom', 1, 1]]);
    }
  });

  it('a multi-byte character split across byte chunks is decoded whole', () => {
    const bytes = utf8('data: 😶‍🌫️ é 漢\n\n');
    for (let i = 6; i < bytes.length - 2; i += 1) {
      expect(dispatched(decode(cutAt(bytes, [i])).frames)[0]?.data, `cut at ${i}`).toBe('😶‍🌫️ é 漢');
    }
  });

  it('a CR at the end of one chunk and an LF at the start of the next are one line ending', () => {
    const result = decode(['data: a\r', '\ndata: b\r', '\n\r', '\n']);
    expect(dispatched(result.frames)).toEqual([{ event: 'message', data: 'a\nb', lastEventId: '' }]);
    expect(result.lines.total).toBe(3);
    expect(result.frames[0]).toMatchObject({ line: 1, endLine: 3 });
  });

  it('a CR at the end of the input ends the last line, and a lone CR later is not joined with a far LF', () => {
    expect(dispatched(decode(['data: a\r', '\r']).frames)).toEqual([{ event: 'message', data: 'a', lastEventId: '' }]);
    expect(dispatched(decode(['data: a\r', '', '\r', '']).frames)).toHaveLength(1);
    expect(decode(['data: a\r', '']).lines.total).toBe(1);
  });
});
