// Properties of the decoder over generated input (fast-check). Every run takes the run's fresh seed (test/setup),
// 200 runs in all (half under npm test: test/setup/runs.ts), FC_RUNS raises them; a failure prints the seed and path, and FC_SEED=<seed> replays it.
import fc from 'fast-check';
import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { ciRuns } from '../../setup/runs.js';
import { decode, MAX_HELD_CHARS, type DecodeResult } from '../../../src/index.js';
import { STAMP_DECISION_CHARS } from '../../../src/core/decode/timestamps.js';
import { cutAt, dispatched, positionsFrom, referenceEvents, splitLines, utf8 } from './helpers.js';

const RUNS = { numRuns: ciRuns(200) };

// ---- generators -------------------------------------------------------------------------------------------------

const eol = fc.constantFrom('\n', '\r', '\r\n');
const word = fc.constantFrom('message', 'delta', 'ping', 'content_block_delta', '', 'x y', 'é');
const text = fc.string({ unit: 'binary', maxLength: 12 });
const value = fc.oneof(fc.json({ maxDepth: 2 }), text, fc.constantFrom('[DONE]', '', ' lead', '{"a":1}   '));

/** One line of an event stream, as servers write them and as they get them wrong. */
const sseLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: value.map((v) => `data: ${v}`) },
  { weight: 1, arbitrary: value.map((v) => `data:${v}`) },
  { weight: 1, arbitrary: fc.constant('data') },
  { weight: 3, arbitrary: word.map((w) => `event: ${w}`) },
  { weight: 1, arbitrary: fc.oneof(text, fc.constant('a\u0000b')).map((v) => `id: ${v}`) },
  { weight: 1, arbitrary: fc.constantFrom('retry: 3000', 'retry: 3s', 'retry: -1', 'retry:', 'retry') },
  { weight: 2, arbitrary: text.map((t) => `:${t}`) },
  // A comment written as data: a client receives the text, and it is no JSON.
  { weight: 1, arbitrary: text.map((t) => `data: :${t}`) },
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('Data: x', 'data : x', 'foo: bar', 'justtext', '   ', '\uFEFFdata: x') },
  // Lines that are, or start like, a capture's timestamp: a spec client reads them as fields named `12`, `[12`…
  { weight: 1, arbitrary: fc.constantFrom('12:00:00', '12:00:00 data: x', '12:00:0', '12:00:00.', '[12:00:00]', '2025-03-01T12:00:00Z data: {}', '1:2:3') },
  { weight: 1, arbitrary: fc.constantFrom(70_000, MAX_HELD_CHARS - 9, MAX_HELD_CHARS - 8, MAX_HELD_CHARS + 1).map((n) => `data: "${'h'.repeat(n)}"`) },
);

const stampOf = fc.constantFrom(
  (ms: number) => new Date(Date.UTC(2025, 2, 1, 23, 59, 59) + ms).toISOString(),
  (ms: number) => `[${new Date(Date.UTC(2025, 2, 1, 12) + ms).toISOString().replace('T', ' ').replace('Z', '+00:00')}]`,
  (ms: number) => new Date(Date.UTC(2025, 2, 1, 23, 59, 59) + ms).toISOString().slice(11, 23),
);

/** A whole stream: optional BOM, lines with mixed endings, optionally stamped (every line, or non-blank ones). */
const sseText: fc.Arbitrary<string> = fc
  .record({
    bom: fc.constantFrom('', '', '\uFEFF', '\uFEFF\uFEFF'),
    lines: fc.array(fc.tuple(sseLine, eol), { maxLength: 30 }),
    stamps: fc.constantFrom('none', 'none', 'every', 'non-blank', 'some'),
    some: fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
    stamp: stampOf,
    lastEnding: fc.boolean(),
  })
  .map(({ bom, lines, stamps, some, stamp, lastEnding }) => {
    const written = lines.map(([line, ending], i) => {
      const stamped = stamps === 'every' || (stamps === 'non-blank' && line !== '') || (stamps === 'some' && some[i] === true);
      const body = stamped ? `${stamp(i * 137)} ${line}` : line;
      return i === lines.length - 1 && !lastEnding ? body : body + ending;
    });
    return bom + written.join('');
  });

const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Any text: grammar-ish streams, arbitrary code points, arbitrary UTF-16 units (lone surrogates included). */
const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: sseText },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 100 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\r', '\n', ':', ' ', 'd', 'data: ', '\uFEFF', '1'), maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: anyUnit, maxLength: 100 }) },
);

const cuts = fc.array(fc.nat(), { maxLength: 12 });

// ---- helpers ----------------------------------------------------------------------------------------------------

const same = (result: DecodeResult): DecodeResult => structuredClone(result);

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** True when the text has no lone surrogate (so UTF-8 carries it unchanged). */
const wellFormed = (input: string): boolean => !/[\uD800-\uDFFF]/.test(input.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));

/** Checks that lines are accounted for and frames sit where the text says. */
function checkLines(textRead: string, result: DecodeResult): void {
  const lines = splitLines(textRead);
  const { total, inFrames, comments, blanks, unread } = result.lines;
  expect(total).toBe(lines.length);
  expect(inFrames + comments + blanks + unread).toBe(total);
  let spanned = 0;
  let previousEnd = 0;
  result.frames.forEach((frame, index) => {
    expect(frame.index).toBe(index);
    expect(frame.line).toBeGreaterThan(previousEnd);
    expect(frame.endLine).toBeGreaterThanOrEqual(frame.line);
    expect(frame.endLine).toBeLessThanOrEqual(total);
    previousEnd = frame.endLine;
    spanned += frame.endLine - frame.line + 1;
  });
  expect(spanned).toBe(inFrames);
}

function checkOffsets(textRead: string, result: DecodeResult): void {
  const lines = splitLines(textRead);
  for (const frame of result.frames) {
    const first = lines[frame.line - 1];
    const last = lines[frame.endLine - 1];
    expect(textRead.slice(frame.start, frame.end).startsWith(first?.text ?? '\u0000')).toBe(true);
    expect(frame.start).toBe(first?.start);
    expect(frame.end).toBe(last?.next);
  }
}

function checkFindings(result: DecodeResult): void {
  for (const finding of result.findings) {
    expect(finding.line).toBeGreaterThanOrEqual(0);
    // A BOM with nothing after it is named at line 1 of a text with no line.
    expect(finding.line).toBeLessThanOrEqual(Math.max(result.lines.total, 1));
    expect(finding.column).toBeGreaterThanOrEqual(finding.line === 0 ? 0 : 1);
    if (finding.frame !== undefined) expect(result.frames[finding.frame]).toBeDefined();
    expect(result.findingCounts[finding.code]).toBeGreaterThan(0);
  }
}

// ---- properties -------------------------------------------------------------------------------------------------

describe('capture timestamps', () => {
  it('are taken off only when every non-empty line starts with one; otherwise every line is read as it is', () => {
    fc.assert(
      fc.property(sseText, (input) => {
        const result = decode(input);
        const lines = splitLines(input);
        // Past STAMP_DECISION_CHARS of stamped lines the capture is taken as stamped: only lines before it decide.
        const deciding = lines.filter((line) => line.next <= STAMP_DECISION_CHARS);
        const everyStamped = lines.some((line) => line.text !== '') && deciding.every((line) => line.text === '' || /^\[?\d/.test(line.text));
        // Lines after a stop at the bound are not read, so they decide nothing.
        fc.pre(!result.stopped);
        if (result.timestamped) expect(everyStamped).toBe(true);
        else expect(dispatched(result.frames)).toEqual(referenceEvents(input));
      }),
      RUNS,
    );
  });
});

describe('any chunking gives identical frames and findings', () => {
  it('text cut at random points', () => {
    fc.assert(
      fc.property(anyText, cuts, (input, raw) => {
        const whole = same(decode(input));
        expect(same(decode(cutAt(input, positionsFrom(raw, input))))).toEqual(whole);
      }),
      RUNS,
    );
  });

  it('UTF-8 bytes cut at random points', () => {
    fc.assert(
      fc.property(anyText, cuts, (input, raw) => {
        const bytes = utf8(input);
        const whole = same(decode(bytes));
        expect(same(decode(cutAt(bytes, positionsFrom(raw, bytes))))).toEqual(whole);
        // Text without lone surrogates survives UTF-8: bytes and text read the same.
        if (wellFormed(input)) expect(whole).toEqual(same(decode(input)));
      }),
      RUNS,
    );
  });

  it('strings and bytes mixed, cut between code points', () => {
    fc.assert(
      fc.property(sseText, cuts, fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }), (input, raw, asBytes) => {
        // Cut positions moved off the middle of a surrogate pair, so each piece is whole code points.
        const at = positionsFrom(raw, input).map((p) => (isHigh(input.charCodeAt(p - 1)) ? p + 1 : p));
        const pieces = cutAt(input, at).map((piece, i) => (asBytes[i] ? utf8(piece) : piece));
        expect(same(decode(pieces))).toEqual(same(decode(input)));
      }),
      RUNS,
    );
  });
});

describe('comment as data', () => {
  it('every dispatched frame whose data starts with a colon is named `comment as data`, never `not json`', () => {
    fc.assert(
      fc.property(sseText, (input) => {
        const result = decode(input);
        const named = new Set(result.findings.filter((finding) => finding.code === 'comment as data').map((finding) => finding.frame));
        for (const finding of result.findings) {
          if (finding.code !== 'not json' || finding.frame === undefined) continue;
          expect(result.frames[finding.frame]!.data.trimStart().startsWith(':')).toBe(false);
        }
        for (const frame of named) expect(result.frames[frame!]!.data.trimStart().startsWith(':')).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('never throws', () => {
  it('on arbitrary text', () => {
    fc.assert(
      fc.property(anyText, cuts, (input, raw) => {
        const result = decode(cutAt(input, positionsFrom(raw, input)));
        expect(Array.isArray(result.frames)).toBe(true);
        checkFindings(result);
      }),
      RUNS,
    );
  });

  it('on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), cuts, (bytes, raw) => {
        const result = decode(cutAt(bytes, positionsFrom(raw, bytes)));
        expect(Array.isArray(result.frames)).toBe(true);
        checkFindings(result);
      }),
      RUNS,
    );
  });
});

describe('every input line is accounted for', () => {
  it('in text: lines.total is the number of lines, the tallies add up, frames are disjoint and in order', () => {
    fc.assert(
      fc.property(anyText, (input) => checkLines(input, decode(input))),
      RUNS,
    );
  });

  it('in bytes: counted on the text they decode to', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), anyText.map(utf8)), (bytes) => {
        const decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
        checkLines(decoded, decode(bytes));
      }),
      RUNS,
    );
  });
});

describe('offsets', () => {
  it("text.slice(frame.start, frame.end) begins with the frame's first line and ends after its last", () => {
    fc.assert(
      fc.property(anyText, (input) => checkOffsets(input, decode(input))),
      RUNS,
    );
  });
});

describe('dispatched frames agree with plain WHATWG parsers', () => {
  it('with a one-character-at-a-time reference parser (event, data, lastEventId)', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const result = decode(input);
        fc.pre(!result.timestamped && !result.stopped);
        expect(dispatched(result.frames)).toEqual(referenceEvents(input));
      }),
      RUNS,
    );
  });

  it('with eventsource-parser (event and data)', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const result = decode(input);
        fc.pre(!result.timestamped && !result.stopped && !input.startsWith('\u00EF\u00BB\u00BF'));
        const theirs: Array<{ event: string; data: string }> = [];
        createParser({ onEvent: (e) => theirs.push({ event: e.event ?? 'message', data: e.data }) }).feed(input);
        expect(dispatched(result.frames).map(({ event, data }) => ({ event, data }))).toEqual(theirs);
      }),
      RUNS,
    );
  });
});
