// Timestamped captures: stamps are taken off before the lines are read; frames get `time` and `elapsedMs`.
import { describe, expect, it } from 'vitest';
import { decode, MAX_HELD_CHARS, reconstruct, type DecodeResult, type Frame } from '../../../src/index.js';
import { cutAt, dispatched, perCodeUnit, referenceEvents } from './helpers.js';

/** A capture with the given stamps, one frame per stamp; `blank` writes the stamp on the blank line too. */
function capture(stamps: string[], blank: 'stamped' | 'bare' = 'stamped', eol = '\n'): string {
  return stamps
    .map((stamp, i) => `${stamp} data: {"n":${i}}${eol}${blank === 'stamped' ? stamp : ''}${eol}`)
    .join('');
}

function timing(result: DecodeResult): Array<[string | undefined, number | undefined]> {
  return result.frames.map((f) => [f.time, f.elapsedMs]);
}

/** A frame without its offsets, which differ with line endings and with stamps on blank lines. */
function withoutOffsets({ start: _s, end: _e, ...rest }: Frame): Omit<Frame, 'start' | 'end'> {
  return rest;
}

function where(result: DecodeResult): Array<[string, number, number, number | undefined]> {
  return result.findings.map((f) => [f.code, f.line, f.column, f.frame]);
}

describe('ISO 8601 date-times', () => {
  it('with Z and fractions: each frame gets its stamp and the milliseconds since the first', () => {
    const result = decode(capture(['2025-03-01T12:00:00Z', '2025-03-01T12:00:01.250Z', '2025-03-01T12:00:02.5Z']));
    expect(result.timestamped).toBe(true);
    expect(result.findings).toEqual([]);
    expect(timing(result)).toEqual([
      ['2025-03-01T12:00:00Z', 0],
      ['2025-03-01T12:00:01.250Z', 1250],
      ['2025-03-01T12:00:02.5Z', 2500],
    ]);
    expect(result.frames.map((f) => f.data)).toEqual(['{"n":0}', '{"n":1}', '{"n":2}']);
    expect(result.lines).toEqual({ total: 6, inFrames: 6, comments: 0, blanks: 0, unread: 0 });
  });

  it('with zone offsets in every spelling', () => {
    const result = decode(
      capture(['2025-03-01T14:00:00+02:00', '2025-03-01T12:00:02Z', '2025-03-01T07:00:03-0500', '2025-03-01T13:00:04+01']),
    );
    expect(result.frames.map((f) => f.elapsedMs)).toEqual([0, 2000, 3000, 4000]);
  });

  it('with a space instead of T, a comma fraction, no seconds, and no zone', () => {
    const result = decode(capture(['2025-03-01 12:00', '2025-03-01 12:00:00,125', '2025-03-01T12:01']));
    expect(timing(result)).toEqual([
      ['2025-03-01 12:00', 0],
      ['2025-03-01 12:00:00,125', 125],
      ['2025-03-01T12:01', 60_000],
    ]);
  });

  it('keeps fractions finer than a millisecond', () => {
    const result = decode(capture(['2025-03-01T12:00:00.000000Z', '2025-03-01T12:00:00.000250Z', '2025-03-01T12:00:00.001500Z']));
    expect(result.frames.map((f) => f.elapsedMs)).toEqual([0, 0.25, 1.5]);
  });
});

describe('times of day', () => {
  it('with and without a fraction, with a one-digit hour', () => {
    const result = decode(capture(['9:05:00', '9:05:00.250', '09:05:01', '09:05:01,5']));
    expect(timing(result)).toEqual([
      ['9:05:00', 0],
      ['9:05:00.250', 250],
      ['09:05:01', 1000],
      ['09:05:01,5', 1500],
    ]);
  });

  it('roll over midnight: a time that goes back by more than half a day is the next day', () => {
    const result = decode(capture(['23:59:59.500', '00:00:00.250', '00:00:01', '23:59:59']));
    expect(result.frames.map((f) => f.elapsedMs)).toEqual([0, 750, 1500, 86_399_500]);
  });
});

describe('bracketed stamps', () => {
  it('are taken off with their brackets; `time` is the stamp as written inside them', () => {
    const ofDay = decode('[12:00:00.250] data: {}\n[12:00:00.250]\n[12:00:01]\tdata: {}\n\n');
    expect(timing(ofDay)).toEqual([
      ['12:00:00.250', 0],
      ['12:00:01', 750],
    ]);
    expect(ofDay.findings).toEqual([]);
    const dated = decode('[2025-03-01T12:00:00Z] data: {}\n\n[2025-03-01T12:00:00.040+00:00] data: {}\n\n');
    expect(timing(dated)).toEqual([
      ['2025-03-01T12:00:00Z', 0],
      ['2025-03-01T12:00:00.040+00:00', 40],
    ]);
  });
});

describe('which lines are stamped', () => {
  const stamps = ['12:00:00', '12:00:00.5', '12:00:02'];

  it('every line stamped and only non-blank lines stamped read the same', () => {
    const every = decode(capture(stamps, 'stamped'));
    const nonBlank = decode(capture(stamps, 'bare'));
    expect(nonBlank.frames.map(withoutOffsets)).toEqual(every.frames.map(withoutOffsets));
    expect(nonBlank.findings).toEqual(every.findings);
    expect(nonBlank.lines).toEqual(every.lines);
    expect(nonBlank.timestamped).toBe(true);
  });

  it('a stamped capture with CRLF endings reads like one with LF, and is not reported as crlf', () => {
    for (const blank of ['stamped', 'bare'] as const) {
      const lf = decode(capture(stamps, blank, '\n'));
      const crlf = decode(capture(stamps, blank, '\r\n'));
      expect(crlf.frames.map(withoutOffsets)).toEqual(lf.frames.map(withoutOffsets));
      expect(crlf.findings).toEqual(lf.findings);
      expect(crlf.findings).toEqual([]);
    }
  });

  it('elapsed time counts from the first stamp, even one on a comment or blank line', () => {
    const result = decode('12:00:00 : connected\n12:00:00.500\n12:00:01 data: {}\n12:00:01\n');
    expect(timing(result)).toEqual([['12:00:01', 1000]]);
    expect(result.lines).toEqual({ total: 4, inFrames: 2, comments: 1, blanks: 1, unread: 0 });
  });

  it("a frame's time is the stamp of its first line", () => {
    const result = decode('12:00:00 event: delta\n12:00:03 data: {}\n12:00:03\n');
    expect(timing(result)).toEqual([['12:00:00', 0]]);
    expect(result.frames[0]?.event).toBe('delta');
  });

  it('stamps are taken off only when every non-empty line carries one', () => {
    // A spec client reads `12:00:00 data: a` as a field named `12`: no event for it.
    const oneStamped = decode('12:00:00 data: a\ndata: b\n\n');
    expect(oneStamped.timestamped).toBe(false);
    expect(dispatched(oneStamped.frames)).toEqual(referenceEvents('12:00:00 data: a\ndata: b\n\n'));
    expect(oneStamped.frames.map((f) => f.data)).toEqual(['b']);
    // A stamped line inside a stream is not a blank line: one event, not two.
    const split = '12:00:00 data: a\n12:00:01\ndata: b\n\n';
    expect(decode(split).frames.map((f) => [f.data, f.dispatched])).toEqual([['b', true]]);
    // The line without a stamp may come last, after many stamped lines.
    const late = `${'12:00:00 data: {}\n12:00:00\n'.repeat(50)}data: x\n\n`;
    const read = decode(late);
    expect(read.timestamped).toBe(false);
    expect(dispatched(read.frames)).toEqual(referenceEvents(late));
    for (let i = 0; i <= late.length; i += 97) expect(decode(cutAt(late, [i])), `cut at ${i}`).toEqual(read);
  });

  it('reconstruct() decides the same way', () => {
    const text = `12:00:00 data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\ndata: {"choices":[{"index":0,"delta":{"content":"y"}}]}\n\n`;
    const result = reconstruct(text);
    expect(result.timestamped).toBe(false);
    expect(result.choices[0]?.text).toBe('y');
  });

  it('a capture whose first line carries no stamp is read as it is', () => {
    const result = decode('data: {}\n\n12:00:00 data: {}\n\n');
    expect(result.timestamped).toBe(false);
    expect(result.frames[0]?.time).toBeUndefined();
    expect(where(result)).toEqual([['ignored line', 3, 1, 1]]);
  });

  it('a stamped line with nothing after its stamp is a blank line', () => {
    const result = decode('12:00:00 data: {}\n12:00:00\n12:00:01 data: {}\n12:00:01 \t \n');
    expect(result.frames.map((f) => [f.line, f.endLine, f.dispatched])).toEqual([
      [1, 2, true],
      [3, 4, true],
    ]);
  });

  it('gives the same frames and findings however the capture is chunked', () => {
    const text = capture(['[2025-03-01T12:00:00.100Z]', '[2025-03-01T12:00:00.350Z]'], 'bare', '\r\n') + '[2025-03-01T12:00:01Z] Data: x\n';
    const whole = decode(text);
    expect(decode(perCodeUnit(text))).toEqual(whole);
    for (let i = 0; i <= text.length; i += 1) expect(decode(cutAt(text, [i])), `cut at ${i}`).toEqual(whole);
  });
});

describe('columns of findings in stamped lines point into the original line', () => {
  const stamp = '12:00:00.000 '; // 13 characters: the field starts at column 14

  it.each([
    [`${stamp}Data: x\n${stamp}data: {}\n${stamp}\n`, 'ignored line', 1, 14],
    [`${stamp}retry: 3s\n${stamp}data: {}\n${stamp}\n`, 'bad retry', 1, 14],
    [`${stamp}event: ping\n${stamp}\n${stamp}data: {}\n${stamp}\n`, 'ignored line', 1, 14],
    [`${stamp}event: x\n${stamp}data: nope\n${stamp}\n`, 'not json', 2, 14],
    [`${stamp}data: {}\n${stamp}\n${stamp}data: {"a`, 'cut', 3, 14],
    [`${stamp}data: {}\n${stamp}\n${stamp}data: {}`, 'unterminated', 3, 14],
    [`[12:00:00]\tData: x\n[12:00:00]\tdata: {}\n\n`, 'ignored line', 1, 12],
  ])('%j', (text, code, line, column) => {
    const finding = decode(text).findings.find((f) => f.code === code);
    expect(finding).toMatchObject({ line, column });
  });
});

describe('the size bound in stamped captures', () => {
  it('counts a line without its stamp, whether the line arrives whole or in pieces', () => {
    // The line without its stamp plus its LF is exactly the bound: held, not too large.
    const stamp = '12:00:00.000 ';
    const line = `${stamp}data: "${'y'.repeat(MAX_HELD_CHARS - 9)}"`;
    const text = `${line}\n${stamp}\n`;
    for (const input of [text, [line, `\n${stamp}\n`], cutAt(text, [65_536, 1_000_000])]) {
      const result = decode(input);
      expect(result.stopped).toBe(false);
      expect(result.findings).toEqual([]);
      expect(result.frames).toHaveLength(1);
    }
  });

  it('counts the bound the same way when a chunk boundary falls inside the next line\'s stamp', () => {
    // The first line, its stamp taken off, comes 3 characters short of the bound; the next line is a stamped blank.
    const maxHeldChars = 40;
    const first = `12:00:00.5 data: "${'y'.repeat(maxHeldChars - 3 - 9)}"`;
    const text = `${first}\n12:00:00.5\n12:00:01.25 data: 2\n12:00:01.25\n`;
    const whole = decode(text, { maxHeldChars });
    expect(whole.stopped).toBe(false);
    expect(whole.frames).toHaveLength(2);
    for (let i = 0; i <= text.length; i += 1) {
      expect(decode(cutAt(text, [i]), { maxHeldChars }), `cut at ${i}`).toEqual(whole);
      expect(decode(cutAt(text, [i - 3, i]), { maxHeldChars }), `cut at ${i - 3} and ${i}`).toEqual(whole);
    }
  });

  it('a first line too large to hold still marks the capture as stamped, whole or in pieces', () => {
    const line = `2025-03-01T12:00:00Z data: "${'y'.repeat(MAX_HELD_CHARS)}"`;
    for (const input of [`${line}\n\n`, [line.slice(0, -8), `${line.slice(-8)}\n\n`]]) {
      const result = decode(input);
      expect(result.timestamped).toBe(true);
      expect(result.stopped).toBe(true);
    }
  });
});
