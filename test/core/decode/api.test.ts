// The decoder's public pieces used on their own: createDecoder, createFrameReader and readPayload.
import { describe, expect, it } from 'vitest';
import { createDecoder, createFrameReader, readPayload, type Frame, type FrameEnding, type Payload } from '../../../src/index.js';
import { FindingList } from '../../../src/core/findings.js';

describe('readPayload', () => {
  it('reads JSON, the [DONE] sentinel (with white space around it), and everything else as not json', () => {
    expect(readPayload('{"a":[1,2]}')).toEqual({ kind: 'json', value: { a: [1, 2] } });
    expect(readPayload('{"type":"ping"}    ')).toEqual({ kind: 'json', value: { type: 'ping' } });
    expect(readPayload('"text"')).toEqual({ kind: 'json', value: 'text' });
    expect(readPayload('[DONE]')).toEqual({ kind: 'done' });
    expect(readPayload(' [DONE]\t')).toEqual({ kind: 'done' });
    expect(readPayload('[1]')).toEqual({ kind: 'json', value: [1] });
    for (const data of ['', 'DONE', '[DONE', '{"a":', 'data: {}', '{"a":1}\n{"b":2}']) {
      expect(readPayload(data), JSON.stringify(data)).toEqual({ kind: 'not json' });
    }
  });
});

describe('createDecoder', () => {
  it('hands over each frame as it ends, how it ended, whether it had data, and where its text starts', () => {
    const seen: Array<[number, FrameEnding, boolean, number, number, number]> = [];
    const decoder = createDecoder({
      onFrame: (frame, ending, hasData, marks) =>
        seen.push([frame.index, ending, hasData, marks.column, marks.dataLine, marks.dataColumn]),
    });
    decoder.push('event: a\ndata: {}\n\n');
    expect(seen).toEqual([[0, 'blank', true, 1, 2, 1]]);
  });

  it("holds a capture's frames until it knows every non-empty line carries a stamp", () => {
    const seen: Array<[number, FrameEnding, boolean, number, number, number]> = [];
    const decoder = createDecoder({
      onFrame: (frame, ending, hasData, marks) =>
        seen.push([frame.index, ending, hasData, marks.column, marks.dataLine, marks.dataColumn]),
    });
    decoder.push('12:00:00 event: a\n12:00:00 data: {}\n12:00:00\n');
    decoder.push('12:00:01 id: 4\n\n12:00:02 data: {');
    expect(seen).toEqual([]);
    const summary = decoder.end();
    expect(seen).toEqual([
      [0, 'blank', true, 10, 2, 10],
      [1, 'blank', false, 10, 0, 0],
      [2, 'eof', true, 10, 6, 10],
    ]);
    expect(summary).toEqual({
      lines: { total: 6, inFrames: 6, comments: 0, blanks: 0, unread: 0 },
      timestamped: true,
      stopped: false,
      lastEventId: '4',
    });
  });

  it('keeps lastEventId across frames and resets it with an empty id, as the spec does', () => {
    const frames: Frame[] = [];
    const decoder = createDecoder({ onFrame: (frame) => frames.push(frame) });
    decoder.push('id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n');
    decoder.end();
    expect(frames.map((f) => f.lastEventId)).toEqual(['1', '1', '']);
  });
});

describe('createFrameReader', () => {
  it('reads each frame once: its payload, null when it has no data or was cut', () => {
    const seen: Array<[number, Payload | null]> = [];
    const findings = new FindingList();
    const reader = createFrameReader((frame, payload) => seen.push([frame.index, payload]), findings);
    reader.push('data: {"n":1}\n\nevent: ping\n\ndata: [DONE]\n\ndata: nope\n\ndata: {"n"');
    const summary = reader.end();
    expect(seen).toEqual([
      [0, { kind: 'json', value: { n: 1 } }],
      [1, null],
      [2, { kind: 'done' }],
      [3, { kind: 'not json' }],
      [4, null],
    ]);
    expect(summary.frameCount).toBe(5);
    expect(summary.readableFrames).toBe(3);
    expect(findings.sorted().map((f) => f.code)).toEqual(['ignored line', 'not json', 'cut']);
  });
});
