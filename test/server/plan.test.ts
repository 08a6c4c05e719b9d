import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkServeOptions, type ServeOptions } from '../../src/server/options.js';
import { planWrites, WRITE_BYTES, type Finish, type Segment } from '../../src/server/plan.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const FRAMES = ['data: {"a":1}\n\n', 'event: ping\ndata: {}\n\n', 'data: {"b":"two"}\n\n', 'data: [DONE]\n\n'];
const STREAM = FRAMES.join('');
const CLOSE: Finish = { kind: 'end', afterMs: 0 };

function plan(segments: Segment[], options: ServeOptions, end: Finish = CLOSE): { writes: Segment[]; finish: Finish } {
  const generator = planWrites(segments, end, checkServeOptions(options));
  const writes: Segment[] = [];
  let next = generator.next();
  while (next.done !== true) {
    writes.push(next.value);
    next = generator.next();
  }
  return { writes, finish: next.value };
}

const texts = (writes: Segment[]) => writes.map((write) => decoder.decode(write.bytes));
const whole = (text: string): Segment[] => [{ bytes: encoder.encode(text), delayMs: 0 }];

describe('planWrites', () => {
  test('by default, writes with no pause go out together, as views of the source (no copy)', () => {
    const source = encoder.encode(STREAM);
    const { writes, finish } = plan([{ bytes: source, delayMs: 0 }], { stall: { afterFrames: 2, ms: 0 } });
    expect(texts(writes)).toEqual([STREAM]);
    expect(writes[0]?.bytes.buffer).toBe(source.buffer);
    expect(finish).toEqual(CLOSE);
  });

  test('a stall after a frame falls where a spec client has it: a lone CR ending a piece, a BOM, multi-byte text', () => {
    const pieces = [
      { bytes: encoder.encode('\uFEFFdata: "é"\n\ndata: "😀"\r\r'), delayMs: 0 },
      { bytes: encoder.encode('\ndata: 3\n\n'), delayMs: 0 },
    ];
    const texts = (writes: Segment[]) => writes.map((write) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(write.bytes));
    const stalled = plan(pieces, { stall: { afterFrames: 1, ms: 10 } }).writes;
    expect(texts(stalled)).toEqual(['\uFEFFdata: "é"\n\n', 'data: "😀"\r\r\ndata: 3\n\n']);
    expect(stalled.map((write) => write.delayMs)).toEqual([0, 10]);
    // The CR ends the second frame; the LF after it, in the next piece, goes out after the stall.
    expect(texts(plan(pieces, { stall: { afterFrames: 2, ms: 10 } }).writes)).toEqual(['\uFEFFdata: "é"\n\ndata: "😀"\r\r', '\ndata: 3\n\n']);
  });

  test('a large source is written 64 KiB at a time, each a view of it', () => {
    const source = new Uint8Array(WRITE_BYTES * 2 + 10);
    const { writes } = plan([{ bytes: source, delayMs: 0 }], {});
    expect(writes.map((write) => write.bytes.length)).toEqual([WRITE_BYTES, WRITE_BYTES, 10]);
    expect(writes.every((write) => write.bytes.buffer === source.buffer)).toBe(true);
  });

  test("chunk: 'frame' writes one frame a write; chunk: n writes n bytes a write", () => {
    expect(texts(plan(whole(STREAM), { chunk: 'frame' }).writes)).toEqual(FRAMES);
    const sized = plan(whole(STREAM), { chunk: 7 }).writes;
    expect(sized.slice(0, -1).every((write) => write.bytes.length === 7)).toBe(true);
    expect(texts(sized).join('')).toBe(STREAM);
  });

  test("chunk: 'piece' keeps a script's pieces; a pause always starts a new write", () => {
    const pieces = [
      { bytes: encoder.encode('data: {"a"'), delayMs: 0 },
      { bytes: encoder.encode(':1}\n\n'), delayMs: 30 },
      { bytes: encoder.encode('data: [DONE]\n\n'), delayMs: 0 },
    ];
    expect(plan(pieces, { chunk: 'piece' }).writes.map((w) => [decoder.decode(w.bytes), w.delayMs])).toEqual([
      ['data: {"a"', 0],
      [':1}\n\n', 30],
      ['data: [DONE]\n\n', 0],
    ]);
    expect(plan(pieces, {}).writes.map((w) => [decoder.decode(w.bytes), w.delayMs])).toEqual([
      ['data: {"a"', 0],
      [':1}\n\ndata: [DONE]\n\n', 30],
    ]);
    // One frame a write: the pause inside the frame comes before the whole frame.
    expect(plan(pieces, { chunk: 'frame' }).writes.map((w) => [decoder.decode(w.bytes), w.delayMs])).toEqual([
      ['data: {"a":1}\n\n', 30],
      ['data: [DONE]\n\n', 0],
    ]);
  });

  test('stall after n frames: a pause there, or a hang in place of the rest', () => {
    const paused = plan(whole(STREAM), { stall: { afterFrames: 2, ms: 500 } }).writes;
    expect(paused.map((w) => [decoder.decode(w.bytes), w.delayMs])).toEqual([
      [FRAMES[0]! + FRAMES[1]!, 0],
      [FRAMES[2]! + FRAMES[3]!, 500],
    ]);
    const hung = plan(whole(STREAM), { stall: { afterFrames: 1 } });
    expect(texts(hung.writes)).toEqual([FRAMES[0]]);
    expect(hung.finish).toEqual({ kind: 'end', afterMs: Infinity });
    expect(plan(whole(STREAM), { stall: { afterFrames: 4, ms: 80 } }).finish).toEqual({ kind: 'end', afterMs: 80 });
  });

  test('destroy after n bytes or frames cuts exactly there, ending as asked', () => {
    const bytes = plan(whole(STREAM), { destroy: { afterBytes: 20, how: 'close' } });
    expect(texts(bytes.writes).join('')).toBe(STREAM.slice(0, 20));
    expect(bytes.finish).toEqual({ kind: 'close', afterMs: 0 });
    const frames = plan(whole(STREAM), { destroy: { afterFrames: 3 } });
    expect(texts(frames.writes).join('')).toBe(FRAMES.slice(0, 3).join(''));
    expect(frames.finish).toEqual({ kind: 'reset', afterMs: 0 });
    expect(plan(whole(STREAM), { destroy: { afterFrames: 0, how: 'end' } })).toEqual({ writes: [], finish: { kind: 'end', afterMs: 0 } });
  });

  test('pacing: recorded pauses scaled, a fixed pause per frame, or a model pace with seeded jitter', () => {
    const pieces = FRAMES.map((frame, i) => ({ bytes: encoder.encode(frame), delayMs: i * 100 }));
    expect(plan(pieces, { pace: { scale: 0.5 } }).writes.map((w) => w.delayMs)).toEqual([0, 50, 100, 150]);
    expect(plan(pieces, { pace: 'none' }).writes.map((w) => w.delayMs)).toEqual([0]);
    expect(plan(whole(STREAM), { pace: { delayMs: 25 } }).writes.map((w) => w.delayMs)).toEqual([25, 25, 25, 25]);
    const model = plan(whole(STREAM), { pace: { ttftMs: 300, tokensPerSec: 10, jitter: 0.5, seed: 3 } }).writes.map((w) => w.delayMs);
    expect(model[0]).toBe(300);
    for (const delay of model.slice(1)) expect(delay).toBeGreaterThanOrEqual(50), expect(delay).toBeLessThanOrEqual(150);
    expect(plan(whole(STREAM), { pace: { ttftMs: 300, tokensPerSec: 10, jitter: 0.5, seed: 3 } }).writes.map((w) => w.delayMs)).toEqual(model);
  });

  test('every plan writes the source byte for byte, up to where a fault cuts it', () => {
    const options = fc.record(
      {
        chunk: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom('frame' as const, 'piece' as const)),
        stall: fc.record({ afterFrames: fc.nat(5), ms: fc.nat(50) }),
        destroy: fc.record({ afterBytes: fc.nat(120) }),
        pace: fc.constantFrom('recorded' as const, 'none' as const, { delayMs: 5 }),
      },
      { requiredKeys: [] },
    );
    const pieces = fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.nat(20)), { maxLength: 8 });
    fc.assert(
      fc.property(options, pieces, (chosen, cuts) => {
        const bytes = encoder.encode(STREAM);
        const segments: Segment[] = [];
        let at = 0;
        for (const [size, delayMs] of cuts) {
          if (at >= bytes.length) break;
          segments.push({ bytes: bytes.subarray(at, at + size), delayMs });
          at += size;
        }
        if (at < bytes.length) segments.push({ bytes: bytes.subarray(at), delayMs: 0 });
        const { writes, finish } = plan(segments, chosen);
        const written = texts(writes).join('');
        const limit = chosen.destroy?.afterBytes ?? Infinity;
        if (finish.afterMs === Infinity) expect(STREAM.startsWith(written)).toBe(true);
        else expect(written).toBe(STREAM.slice(0, limit));
        if (typeof chosen.chunk === 'number') expect(writes.every((w) => w.bytes.length <= (chosen.chunk as number))).toBe(true);
      }),
    );
  });
});

describe('options', () => {
  test.each([
    [{ chunk: 0 }, /chunk must be a number of bytes per write/],
    [{ pace: 'fast' }, /pace must be 'recorded', 'none'/],
    [{ pace: { tokensPerSec: 0 } }, /tokensPerSec must be/],
    [{ stall: 3 }, /stall must be \{ afterFrames, ms \}/],
    [{ destroy: { how: 'reset' } }, /destroy needs afterBytes or afterFrames/],
    [{ destroy: { afterBytes: 3, how: 'kill' } }, /destroy.how must be 'reset', 'close' or 'end'/],
    [{ status: 99 }, /status must be an HTTP status/],
    [{ error: 200 }, /error.status must be 400 or more/],
    [{ heartbeat: { everyMs: 10, text: 'ping' } }, /heartbeat.text must be comment lines/],
    [{ headers: { 'bad name': 'x' } }, /is not a header name/],
    [{ format: 'openai' }, /format must be one of/],
    [{ stal: {} }, /"stal" is not an option of a stream; pass chunk, pace/],
  ])('%j is refused with a TypeError that says what to pass', (options, message) => {
    expect(() => checkServeOptions(options)).toThrow(TypeError);
    expect(() => checkServeOptions(options)).toThrow(message);
  });
});
