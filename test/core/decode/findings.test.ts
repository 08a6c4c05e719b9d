// Every finding the decoder raises, with its exact line, column and frame.
import { describe, expect, it } from 'vitest';
import { createDecoder, decode, FINDINGS_LISTED_PER_CODE, MAX_HELD_CHARS, type DecodeResult } from '../../../src/index.js';
import { cutAt, dispatched, utf8 } from './helpers.js';

/** code, line, column and frame of each listed finding, in order. */
function where(result: DecodeResult): Array<[string, number, number, number | undefined]> {
  return result.findings.map((f) => [f.code, f.line, f.column, f.frame]);
}

function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

describe('empty', () => {
  it('is raised for an empty input, for comments only, and for headers pasted instead of a body', () => {
    expect(where(decode(''))).toEqual([['empty', 0, 0, undefined]]);
    expect(decode('').lines).toEqual({ total: 0, inFrames: 0, comments: 0, blanks: 0, unread: 0 });
    expect(where(decode(': keep-alive\n\n: again\n\n'))).toEqual([['empty', 0, 0, undefined]]);
    const headers = decode('HTTP/1.1 200 OK\nContent-Type: text/event-stream\n\n');
    expect(where(headers)).toEqual([
      ['ignored line', 1, 1, 0],
      ['ignored line', 2, 1, 0],
      ['empty', 0, 0, undefined],
    ]);
    expect(headers.findings.at(-1)?.message).toMatch(/text\/event-stream/);
  });

  it('is not raised when one frame carries data, even data that is not JSON', () => {
    expect(decode('data: {}\n\n').findings).toEqual([]);
    expect(where(decode('data: hello\n\n'))).toEqual([['not json', 1, 1, 0]]);
  });

  it('is not raised for a stream that stopped at the size bound', () => {
    const result = decode(`data: ${'x'.repeat(MAX_HELD_CHARS)}\n\n`);
    expect(result.stopped).toBe(true);
    expect(where(result)).toEqual([['too large', 1, 1, undefined]]);
  });
});

describe('bom', () => {
  it('is raised once, at line 1 column 1, and the BOM is taken off', () => {
    const result = decode('\uFEFFdata: {}\n\n');
    expect(where(result)).toEqual([['bom', 1, 1, undefined]]);
    expect(dispatched(result.frames)).toEqual([{ event: 'message', data: '{}', lastEventId: '' }]);
    expect(result.frames[0]).toMatchObject({ line: 1, start: 1 });
  });

  it('arriving as bytes split across chunks gives the same finding', () => {
    const bytes = utf8('\uFEFFdata: {}\n\n');
    expect(where(decode(cutAt(bytes, [1, 2])))).toEqual([['bom', 1, 1, undefined]]);
  });

  it('a second BOM is content: the first line becomes an unknown field', () => {
    const result = decode('\uFEFF\uFEFFdata: {}\n\ndata: {}\n\n');
    expect(where(result)).toEqual([
      ['bom', 1, 1, undefined],
      ['ignored line', 1, 1, 0],
    ]);
    expect(dispatched(result.frames)).toHaveLength(1);
  });

  it('a BOM at the start of a later chunk is content, not a BOM', () => {
    const result = decode(['data: {}\n\n', '\uFEFFdata: {}\n\n']);
    expect(where(result)).toEqual([['ignored line', 3, 1, 1]]);
  });
});

describe('ignored line', () => {
  it('names an unknown field with its line, column and frame', () => {
    const result = decode('data: {}\n\nfoo: bar\ndata: {}\n\n');
    expect(where(result)).toEqual([['ignored line', 3, 1, 1]]);
    expect(result.findings[0]?.message).toMatch(/`foo` is not an SSE field/);
  });

  it('says how to spell `Data:` and `data :`', () => {
    const upper = decode('Data: {}\n\ndata: {}\n\n');
    expect(where(upper)).toEqual([['ignored line', 1, 1, 0]]);
    expect(upper.findings[0]?.message).toMatch(/case-sensitive.*Write `data:`/);
    const spaced = decode('data : {}\n\ndata: {}\n\n');
    expect(where(spaced)).toEqual([['ignored line', 1, 1, 0]]);
    expect(spaced.findings[0]?.message).toMatch(/`data ` is not the field `data`/);
  });

  it('names the `event:` line of a frame with no data line, and that frame is not dispatched', () => {
    const result = decode('data: {}\n\n: ping\nevent: ping\n\ndata: {}\n\n');
    expect(where(result)).toEqual([['ignored line', 4, 1, 1]]);
    expect(result.frames[1]).toMatchObject({ index: 1, event: 'ping', dispatched: false, line: 4, endLine: 5 });
    expect(result.findings[0]?.message).toMatch(/`event: ping`.*no `data:` line/);
  });

  it('is not raised for frames of only `id:` or only `retry:`: they are legal', () => {
    const result = decode('id: 7\n\nretry: 3000\n\nid: 8\nretry: 10\n\ndata: {}\n\n');
    expect(result.findings).toEqual([]);
    expect(result.frames.map((f) => f.dispatched)).toEqual([false, false, false, true]);
    expect(result.frames[3]?.lastEventId).toBe('8');
    expect(result.retry).toBe(10);
  });
});

describe('not json', () => {
  it('names a frame whose data is neither JSON nor [DONE], at its first data line', () => {
    const result = decode('data: {}\n\nevent: delta\ndata: hello\n\ndata: [DONE]\n\n');
    expect(where(result)).toEqual([['not json', 4, 1, 1]]);
    expect(result.findings[0]?.message).toMatch(/neither JSON nor \[DONE\].*"hello"/);
  });

  it('says so when several data lines each parse alone', () => {
    const result = decode('data: {"a":1}\ndata: {"b":2}\ndata: [1]\n\n');
    expect(where(result)).toEqual([['not json', 1, 1, 0]]);
    expect(result.findings[0]?.message).toMatch(/3 `data:` lines.*each line parses alone/);
  });

  it('does not say so when one of the lines does not parse either', () => {
    const result = decode('data: {"a":1}\ndata: nope\n\n');
    expect(result.findings[0]?.message).not.toMatch(/each line parses/);
  });

  it('an empty data value is not JSON', () => {
    expect(where(decode('data:\n\n'))).toEqual([['not json', 1, 1, 0]]);
  });
});

describe('comment as data', () => {
  it('names `data: : keepalive` for what it is, and says how a comment is written', () => {
    const result = decode('data: {}\n\ndata: : keepalive\n\ndata:: ping\n\ndata:  :\n\n');
    expect(where(result)).toEqual([
      ['comment as data', 3, 1, 1],
      ['comment as data', 5, 1, 2],
      ['comment as data', 7, 1, 3],
    ]);
    expect(result.findings[0]?.message).toContain('": keepalive"');
    expect(result.findings[0]?.message).toMatch(/line of its own that starts with a colon/);
    expect(result.findingCounts['not json']).toBeUndefined();
  });

  it('a real comment is no finding, and data that only contains a colon is still not json', () => {
    expect(where(decode(': keepalive\n\ndata: {}\n\n'))).toEqual([]);
    expect(where(decode('data: a: b\n\n'))).toEqual([['not json', 1, 1, 0]]);
  });
});

describe('cut and unterminated', () => {
  it('cut: the last frame has no blank line after it and its data does not parse', () => {
    const result = decode('data: {}\n\nevent: delta\ndata: {"text":"hal');
    expect(where(result)).toEqual([['cut', 3, 1, 1]]);
    expect(result.frames[1]).toMatchObject({ dispatched: false, line: 3, endLine: 4 });
    expect(result.findings[0]?.message).toMatch(/frame 1 \(line 3\)/);
  });

  it('unterminated: the last frame has no blank line after it but parses', () => {
    for (const tail of ['data: {"a":1}', 'data: {"a":1}\n', 'data: [DONE]\r\n']) {
      const result = decode(`data: {}\n\n${tail}`);
      expect(where(result), JSON.stringify(tail)).toEqual([['unterminated', 3, 1, 1]]);
      expect(result.frames[1]?.dispatched).toBe(false);
    }
  });

  it('neither for a last frame with no data line', () => {
    expect(decode('data: {}\n\nid: 5').findings).toEqual([]);
    expect(decode('data: {}\n\n: bye').findings).toEqual([]);
  });

  it('a stream that is only a cut frame is also empty: nothing was dispatched', () => {
    expect(where(decode('data: {"a'))).toEqual([
      ['cut', 1, 1, 0],
      ['empty', 0, 0, undefined],
    ]);
  });
});

describe('too large', () => {
  const big = 'x'.repeat(MAX_HELD_CHARS + 200_000);
  const text = `data: {}\n\n: note\nevent: big\ndata: ${big}\n\ndata: {}\n\n`;

  function expectStopped(result: DecodeResult): void {
    expect(where(result)).toEqual([['too large', 4, 1, undefined]]);
    expect(result.stopped).toBe(true);
    expect(dispatched(result.frames)).toEqual([{ event: 'message', data: '{}', lastEventId: '' }]);
    // Lines 1-2: frame 0; 3: a comment; 4-8: the held frame and everything after it are unread.
    expect(result.lines).toEqual({ total: 8, inFrames: 2, comments: 1, blanks: 0, unread: 5 });
    expect(result.findings[0]?.message).toMatch(/1,048,576/);
  }

  it('arriving as one chunk: stops at the frame that held too much, and reads nothing after it', () => {
    expectStopped(decode(text));
  });

  it('arriving across many chunks: the same finding at the same line', () => {
    expectStopped(decode(chunksOf(text, 65_536)));
    expectStopped(decode(chunksOf(text, 1_000_003)));
    expectStopped(decode(cutAt(text, [30, 40, 100_000])));
  });

  it('arriving as bytes across many chunks: the same', () => {
    const bytes = utf8(text);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 65_536) chunks.push(bytes.subarray(i, i + 65_536));
    expectStopped(decode(chunks));
  });

  it('counts what is held with its line endings, up to exactly the bound', () => {
    // `data: ` + value + `\n` is exactly MAX_HELD_CHARS characters: held, not too large.
    const atBound = `data: "${'y'.repeat(MAX_HELD_CHARS - 9)}"\n\n`;
    const held = decode(atBound);
    expect(held.stopped).toBe(false);
    expect(held.findings).toEqual([]);
    expect(decode(chunksOf(atBound, 4096)).stopped).toBe(false);
    const over = `data: "${'y'.repeat(MAX_HELD_CHARS - 8)}"\n\n`;
    expect(where(decode(over))).toEqual([['too large', 1, 1, undefined]]);
    expect(where(decode(chunksOf(over, 4096)))).toEqual([['too large', 1, 1, undefined]]);
  });

  it('many short lines without a blank line add up to the bound', () => {
    const line = `data: ${'z'.repeat(993)}\n`; // 1,000 characters held per line
    const text = `data: {}\n\n${line.repeat(1100)}\ndata: {}\n\n`;
    for (const input of [text, chunksOf(text, 65_536), chunksOf(text, 777)]) {
      const result = decode(input);
      expect(where(result)).toEqual([['too large', 3, 1, undefined]]);
      expect(result.lines).toEqual({ total: 1105, inFrames: 2, comments: 0, blanks: 0, unread: 1103 });
    }
  });

  it('comments outside a frame are held too: the line that crosses the bound is named', () => {
    const comment = `: ${'c'.repeat(997)}\n`; // 1,000 characters
    const text = `${comment.repeat(1049)}\ndata: {}\n\n`;
    for (const input of [text, chunksOf(text, 65_536)]) {
      const result = decode(input);
      expect(where(result)).toEqual([['too large', 1049, 1, undefined]]);
      expect(result.lines).toEqual({ total: 1052, inFrames: 0, comments: 1048, blanks: 0, unread: 4 });
    }
  });

  it('findings about lines of the frame that was stopped stand, naming no frame: it was never handed over', () => {
    const text = `data: {}\n\nfoo: 1\nretry: 3s\ndata: ${'x'.repeat(MAX_HELD_CHARS)}\n\n`;
    for (const input of [text, chunksOf(text, 65_536)]) {
      const result = decode(input);
      expect(where(result)).toEqual([
        ['ignored line', 3, 1, undefined],
        ['too large', 3, 1, undefined],
        ['bad retry', 4, 1, undefined],
      ]);
      expect(result.frames).toHaveLength(1);
    }
  });

  it('a 5 MB line fed in 64 KiB chunks stops the stream; the rest is counted, not read', () => {
    const line = `data: ${'w'.repeat(5 * 1024 * 1024)}`;
    const chunks = [...chunksOf(line, 65_536), '\n\ndata: {}\n\n: tail\n'];
    const result = decode(chunks);
    expect(where(result)).toEqual([['too large', 1, 1, undefined]]);
    expect(result.frames).toEqual([]);
    expect(result.lines).toEqual({ total: 5, inFrames: 0, comments: 0, blanks: 0, unread: 5 });
  });

  it('does not hold what it stopped reading: a line longer than any string can be is fed without error', () => {
    // If the decoder kept appending the unread line it would pass V8's maximum string length (2^29 - 24 UTF-16
    // units) and throw a RangeError; it holds at most the bound plus one chunk.
    const chunk = 'v'.repeat(1 << 20);
    const reader = createDecoderFor();
    reader.push('data: ');
    const chunkCount = (1 << 29) / chunk.length + 8;
    for (let i = 0; i < chunkCount; i += 1) reader.push(chunk);
    reader.push('\n\ndata: {}\n\n');
    const summary = reader.end();
    expect(summary.stopped).toBe(true);
    expect(summary.lines).toEqual({ total: 4, inFrames: 0, comments: 0, blanks: 0, unread: 4 });
  });
});

describe('crlf', () => {
  it('is raised when every line ends in CRLF, at the first line ending', () => {
    const result = decode('data: {}\r\n\r\nevent: e\r\ndata: [DONE]\r\n\r\n');
    expect(where(result)).toEqual([['crlf', 1, 9, undefined]]);
    expect(dispatched(result.frames)).toHaveLength(2);
  });

  it('counts a last line with no ending as neither', () => {
    expect(where(decode('data: {}\r\n\r\ndata: {}'))).toEqual([
      ['crlf', 1, 9, undefined],
      ['unterminated', 3, 1, 1],
    ]);
  });

  it('is not raised for mixed endings', () => {
    expect(decode('data: {}\r\n\n').findings).toEqual([]);
    expect(decode('data: {}\r\n\r\ndata: {}\n\n').findings).toEqual([]);
    expect(decode('data: {}\r\r').findings).toEqual([]);
  });

  it('is raised the same way when the CR and LF arrive in different chunks', () => {
    expect(where(decode(['data: {}\r', '\n\r', '\n']))).toEqual([['crlf', 1, 9, undefined]]);
  });
});

describe('bad retry', () => {
  it.each([
    ['retry: 3s', 1],
    ['retry: -1', 1],
    ['retry:', 1],
    ['retry', 1],
    ['retry: 1.5', 1],
  ])('%j is named; the frame keeps no retry', (line, column) => {
    const result = decode(`data: {}\n\n${line}\ndata: {}\n\n`);
    expect(where(result)).toEqual([['bad retry', 3, column, 1]]);
    expect(result.findings[0]?.message).toMatch(/retry: 3000/);
    expect(result.frames[1]?.retry).toBeUndefined();
    expect(result.retry).toBeUndefined();
  });

  it('a valid retry is kept on its frame and for the stream, and is not a finding', () => {
    const result = decode('retry: 2500\ndata: {}\n\nretry: 0100\n\n');
    expect(result.findings).toEqual([]);
    expect(result.frames[0]?.retry).toBe(2500);
    expect(result.retry).toBe(100);
  });
});

describe('the per-code cap', () => {
  it('lists the first 20 of 100,000 non-JSON frames and counts them all', () => {
    const result = decode('data: nope\n\n'.repeat(100_000));
    expect(FINDINGS_LISTED_PER_CODE).toBe(20);
    expect(result.findings).toHaveLength(20);
    expect(result.findings.every((f) => f.code === 'not json')).toBe(true);
    expect(result.findings.map((f) => f.frame)).toEqual([...Array(20).keys()]);
    expect(result.findingCounts).toEqual({ 'not json': 100_000 });
    expect(result.frames).toHaveLength(100_000);
  });

  it('caps each code on its own', () => {
    const result = decode('Data: x\ndata: nope\n\n'.repeat(30));
    expect(result.findingCounts).toEqual({ 'ignored line': 30, 'not json': 30 });
    expect(result.findings).toHaveLength(40);
  });
});


function createDecoderFor() {
  return createDecoder({ onFrame: () => undefined });
}

describe('a JSON document written without data: framing', () => {
  const body = 'data: {"a":1}\n\n{\n  "error": {\n    "code": 499,\n    "status": "CANCELLED"\n  }\n}\n';

  it('is one ignored-line finding, and its text is kept in an undispatched frame', () => {
    const result = decode(body);
    expect(result.findingCounts).toEqual({ 'ignored line': 1 });
    expect(result.findings[0]).toMatchObject({ code: 'ignored line', line: 3, column: 1, frame: 1 });
    expect(result.findings[0]?.message).toContain('Lines 3-8 are a JSON document written without `data:` framing');
    expect(result.frames[1]).toMatchObject({ dispatched: false, line: 3, endLine: 8 });
    expect(JSON.parse(result.frames[1]?.data ?? '')).toEqual({ error: { code: 499, status: 'CANCELLED' } });
  });

  it('is not taken when the lines do not parse together, or a known field is among them', () => {
    expect(decode('data: {"a":1}\n\n{\n  "error": {\n').findingCounts).toEqual({ 'ignored line': 2 });
    const withId = decode('data: {"a":1}\n\n{\nid: 3\n}\n\n');
    expect(withId.findingCounts).toEqual({ 'ignored line': 2 });
    expect(withId.frames[1]?.data).toBe('');
  });
});
