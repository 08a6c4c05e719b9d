import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameTable } from '../../../src/core/pipeline/frame-table.js';
import type { FrameRecord } from '../../../src/core/model.js';
import { createReconstruction, reconstruct } from '../../../src/index.js';

const word = fc.constantFrom('message', 'content_block_delta', 'ping', 'x'.repeat(300), '');
const record = fc.record({
  event: word,
  lastEventId: fc.constantFrom('', '7', 'abc'),
  dispatched: fc.boolean(),
  startGap: fc.integer({ min: -3, max: 5_000_000_000 }),
  length: fc.integer({ min: 1, max: 100_000 }), // a frame has at least one line
  lineGap: fc.integer({ min: -2, max: 70_000 }),
  span: fc.nat(70_000),
  type: fc.option(word, { nil: null }),
  carried: fc.oneof(fc.string(), fc.constantFrom('text +1 chars to choice 0', 'usage')),
  progress: fc.boolean(),
  elapsedMs: fc.option(fc.nat(100_000), { nil: undefined }),
  retry: fc.option(fc.nat(10_000), { nil: undefined }),
});

describe('FrameTable', () => {
  it('gives back every row as it was added, whatever the numbers (a log of varints)', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 60 }), (specs) => {
        const table = new FrameTable(true, 0);
        const added: FrameRecord[] = [];
        let end = 0;
        let endLine = 0;
        specs.forEach((spec, index) => {
          const start = end + spec.startGap;
          const line = endLine + spec.lineGap;
          const row: FrameRecord = {
            index, event: spec.event || 'message', data: null, lastEventId: spec.lastEventId, dispatched: spec.dispatched,
            line, endLine: line + spec.span, start, end: start + spec.length, type: spec.type, carried: spec.carried, progress: spec.progress,
          };
          if (spec.retry !== undefined) row.retry = spec.retry;
          if (spec.elapsedMs !== undefined) row.elapsedMs = spec.elapsedMs;
          table.add(row, false);
          added.push(row);
          end = row.end;
          endLine = row.endLine;
        });
        expect(table.length).toBe(added.length);
        expect(table.rows()).toEqual(added);
        expect(table.timed().map((timed) => timed.index)).toEqual(added.filter((row) => row.elapsedMs !== undefined).map((row) => row.index));
      }),
    );
  });

  it('keeps what a late read set, over what the row was written with', () => {
    const table = new FrameTable(true, 0);
    const row: FrameRecord = { index: 0, event: 'message', data: null, lastEventId: '', dispatched: true, line: 1, endLine: 2, start: 0, end: 10, type: null, carried: '', progress: false };
    table.add(row, false);
    table.setRead(0, { type: 'chat.completion.chunk', carried: 'text +1 chars to choice 0', progress: true });
    expect(table.rows()[0]).toMatchObject({ type: 'chat.completion.chunk', carried: 'text +1 chars to choice 0', progress: true });
  });

  it('without rows keeps the count and the timed frames only', () => {
    const table = new FrameTable(false, 1024);
    table.addText('data: {}\n\n');
    table.add({ index: 0, event: 'message', data: '{}', lastEventId: '', dispatched: true, line: 1, endLine: 2, start: 0, end: 10, type: null, carried: '', progress: true, elapsedMs: 5 }, true);
    expect(table.length).toBe(1);
    expect(table.rows()).toEqual([]);
    expect(table.timed()).toEqual([{ index: 0, line: 1, elapsedMs: 5, progress: true }]);
  });
});

describe('the input text a reconstruction keeps for its frames', () => {
  const payload = (content: string, finish: string | null = null) =>
    JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] });
  const chunk = (content: string, finish: string | null = null) => `data: ${payload(content, finish)}\n\n`;
  const utf8 = new TextEncoder();
  const rowsOf = (input: Parameters<typeof reconstruct>[0]) => reconstruct(input).frames.map(({ data, start, end, line }) => ({ data, start, end, line }));
  const content = fc.array(fc.constantFrom('a', 'é', '東京', '🙂', '\uFEFF', '"', '\\', ' '), { maxLength: 8 }).map((parts) => parts.join(''));

  it('gives every frame the same data whether the input came as bytes cut anywhere, as strings, or both', () => {
    fc.assert(
      fc.property(fc.array(content, { minLength: 1, maxLength: 6 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 12 }), fc.array(fc.boolean(), { maxLength: 8 }), (contents, bom, cuts, asBytes) => {
        const text = (bom ? '\uFEFF' : '') + contents.map((piece, i) => chunk(piece, i === contents.length - 1 ? 'stop' : null)).join('') + 'data: [DONE]\n\n';
        // Segments end on code points (a string chunk ends the decoder's run of bytes); a byte segment is cut anywhere.
        const points = [...text];
        const marks = [...new Set(cuts.map((cut) => cut % (points.length + 1)))].sort((a, b) => a - b);
        const input: Array<string | Uint8Array> = [];
        let from = 0;
        [...marks, points.length].forEach((mark, i) => {
          const segment = points.slice(from, mark).join('');
          from = mark;
          if (!asBytes[i % Math.max(1, asBytes.length)]) return void input.push(segment);
          const bytes = utf8.encode(segment);
          const step = 1 + ((cuts[i] ?? 3) % 5);
          for (let at = 0; at < bytes.length; at += step) input.push(bytes.subarray(at, at + step));
        });
        const whole = rowsOf(text);
        expect(whole.map((row) => row.data)).toEqual([...contents.map((piece, i) => payload(piece, i === contents.length - 1 ? 'stop' : null)), '[DONE]']);
        expect(rowsOf(input)).toEqual(whole);
      }),
    );
  });

  it('gives every frame the same data for string chunks cut anywhere, a surrogate pair included', () => {
    fc.assert(
      fc.property(fc.array(content, { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }), (contents, sizes) => {
        const text = contents.map((piece) => chunk(piece)).join('') + chunk('', 'stop') + 'data: [DONE]\n\n';
        const input: string[] = [];
        for (let at = 0, i = 0; at < text.length; i += 1) {
          const size = sizes[i % sizes.length] as number;
          input.push(text.slice(at, at + size));
          at += size;
        }
        expect(rowsOf(input)).toEqual(rowsOf(text));
      }),
    );
  });

  it('keeps a copy of the bytes: a caller reusing its buffer after push() does not change the frames', () => {
    const text = chunk('東京 🙂') + chunk('', 'stop') + 'data: [DONE]\n\n';
    const bytes = utf8.encode(text);
    const buffer = new Uint8Array(16);
    const session = createReconstruction();
    for (let at = 0; at < bytes.length; at += buffer.length) {
      const piece = bytes.subarray(at, at + buffer.length);
      buffer.set(piece);
      session.push(buffer.subarray(0, piece.length));
      buffer.fill(0x78);
    }
    expect(session.end().frames.map((frame) => frame.data)).toEqual(rowsOf(text).map((row) => row.data));
  });

  it('reads bad bytes and a character cut before a string chunk as the decoder did (U+FFFD), with the same offsets', () => {
    const head = utf8.encode(chunk('ok'));
    const bad = Uint8Array.from([...utf8.encode('data: {"x":"a'), 0xff, ...utf8.encode('b"}\n\n'), ...utf8.encode('data: {"y":"'), 0xe6, 0x9d]);
    const tail = '"}\n\n' + chunk('', 'stop') + 'data: [DONE]\n\n';
    const asText = new TextDecoder().decode(Uint8Array.from([...head, ...bad])) + tail;
    expect(asText).toContain('a\uFFFDb');
    expect(rowsOf([head.subarray(0, 5), head.subarray(5), bad.subarray(0, 3), bad.subarray(3), tail])).toEqual(rowsOf(asText));
    expect(rowsOf([Uint8Array.from([...head, ...bad]), tail])[2]?.data).toBe('{"y":"\uFFFD"}');
  });

  it('cuts the kept text at the budget on the same character for bytes as for a string', () => {
    // 1 MiB of kept text ends inside this stream, in a run of multi-byte characters cut at odd byte offsets.
    const text = Array.from({ length: 2600 }, (_, i) => chunk(`${i} ${'東京🙂é'.repeat(60)}`)).join('') + chunk('', 'stop') + 'data: [DONE]\n\n';
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const bytes = utf8.encode(text);
    const pieces: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += 4099) pieces.push(bytes.subarray(at, at + 4099));
    const whole = rowsOf(text);
    const kept = whole.filter((row) => row.data !== null).length;
    expect(kept).toBeGreaterThan(1000);
    expect(kept).toBeLessThan(whole.length - 100);
    expect(rowsOf(pieces)).toEqual(whole);
    // Chunks larger than the blocks the kept bytes are copied into, cut inside a character.
    const inside = (from: number) => bytes.findIndex((byte, i) => i >= from && (byte & 0xc0) === 0x80);
    const [first, second] = [inside(100_000), inside(300_000)];
    const large = [bytes.subarray(0, first), bytes.subarray(first, second), bytes.subarray(second)];
    expect(rowsOf(large)).toEqual(whole);
    expect(rowsOf([text.slice(0, 777_777), bytes.subarray(utf8.encode(text.slice(0, 777_777)).length)])).toEqual(whole);
  });
});
