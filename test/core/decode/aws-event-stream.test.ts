// The AWS event-stream reader against the AWS SDK's own codec (@smithy/eventstream-codec 4.5.2, as installed):
// messages it encodes read the same (headers and payload), any chunking reads the same, and bytes it refuses (it
// throws) are a finding of ours at the same frame. Properties run with the run's seed (test/setup).
import fc from 'fast-check';
import { EventStreamCodec, Int64 } from '@smithy/eventstream-codec';
import { Crc32 } from '@smithy/core/checksum';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { describe, expect, it } from 'vitest';
import { FindingList } from '../../../src/core/findings.js';
import { crc32, encodeEventStreamMessage, EventStreamReader, type EventStreamHeader, type EventStreamMessage } from '../../../src/core/decode/aws-event-stream/index.js';
import { cutAt } from './helpers.js';

const RUNS = { numRuns: Math.max(200, Number(process.env.FC_RUNS ?? 200)) };
const codec = new EventStreamCodec(toUtf8, fromUtf8);

type SmithyHeader = Parameters<EventStreamCodec['encode']>[0]['headers'][string];

const pair = (ours: EventStreamHeader, theirs: SmithyHeader): [EventStreamHeader, SmithyHeader] => [ours, theirs];

/** One header as a generated pair: ours and the codec's. */
const header: fc.Arbitrary<[EventStreamHeader, SmithyHeader]> = fc.oneof(
  fc.boolean().map((v) => pair({ name: '', type: 'boolean', value: v }, { type: 'boolean', value: v })),
  fc.integer({ min: -128, max: 127 }).map((v) => pair({ name: '', type: 'byte', value: v }, { type: 'byte', value: v })),
  fc.integer({ min: -32768, max: 32767 }).map((v) => pair({ name: '', type: 'short', value: v }, { type: 'short', value: v })),
  fc.integer().map((v) => pair({ name: '', type: 'integer', value: v }, { type: 'integer', value: v })),
  fc.integer({ min: -(2 ** 52), max: 2 ** 52 }).map((v) => pair({ name: '', type: 'long', value: String(v) }, { type: 'long', value: Int64.fromNumber(v) })),
  fc.uint8Array({ maxLength: 40 }).map((v) => pair({ name: '', type: 'binary', value: v }, { type: 'binary', value: v })),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map((v) => pair({ name: '', type: 'string', value: v }, { type: 'string', value: v })),
  fc.integer({ min: 0, max: 4_102_444_800_000 }).map((v) => pair({ name: '', type: 'timestamp', value: v }, { type: 'timestamp', value: new Date(v) })),
  fc.uuid().map((v) => pair({ name: '', type: 'uuid', value: v }, { type: 'uuid', value: v })),
);

const message: fc.Arbitrary<Generated> = fc.record({
  // The codec decodes headers into a plain object, where a header named `__proto__` sets the prototype and is lost:
  // the comparisons leave that name out, and a case below checks our reader keeps it.
  headers: fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }).filter((name) => name !== '__proto__'), header), { maxLength: 6, selector: ([name]) => name }),
  body: fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.json().map((j) => fromUtf8(j))),
});

type Generated = { headers: [string, [EventStreamHeader, SmithyHeader]][]; body: Uint8Array };

function encodeAll(messages: Generated[]): Uint8Array {
  const parts = messages.map(({ headers, body }) => codec.encode({ headers: Object.fromEntries(headers.map(([name, [, theirs]]) => [name, theirs])), body }));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `payloadViews`: read with views of the payloads (as the framing does), each copied while it is valid. */
function readOurs(chunks: readonly Uint8Array[], maxFrameBytes?: number, payloadViews = false): { messages: EventStreamMessage[]; findings: FindingList } {
  const findings = new FindingList();
  const messages: EventStreamMessage[] = [];
  const keep = (m: EventStreamMessage): number => messages.push(payloadViews ? { ...m, payload: m.payload.slice() } : m);
  const reader = new EventStreamReader(keep, findings, { ...(maxFrameBytes === undefined ? {} : { maxFrameBytes }), payloadViews });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return { messages, findings };
}

/** The codec's reading, split by declared lengths as its chunked stream does: the messages, then where it threw. */
function readTheirs(bytes: Uint8Array): { messages: ReturnType<EventStreamCodec['decode']>[]; threwAt: number | null } {
  const messages: ReturnType<EventStreamCodec['decode']>[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < 4) return { messages, threwAt: messages.length };
    const total = new DataView(bytes.buffer, bytes.byteOffset + at).getUint32(0, false);
    if (at + total > bytes.length || total < 4) return { messages, threwAt: messages.length };
    try {
      messages.push(codec.decode(bytes.subarray(at, at + total)));
    } catch {
      return { messages, threwAt: messages.length };
    }
    at += total;
  }
  return { messages, threwAt: null };
}

function theirHeaders(headers: ReturnType<EventStreamCodec['decode']>['headers']): Omit<EventStreamHeader, never>[] {
  return Object.entries(headers).map(([name, { type, value }]) => ({
    name,
    type,
    value: type === 'long' ? String((value as InstanceType<typeof Int64>).valueOf()) : type === 'timestamp' ? (value as Date).getTime() : type === 'binary' ? new Uint8Array(value as Uint8Array) : (value as EventStreamHeader['value']),
  }));
}

/** Headers in name order: the codec's object puts integer-like names first. */
const byName = <T extends { name: string }>(headers: readonly T[]): T[] => [...headers].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

describe('AWS event-stream reader', () => {
  it('computes the CRC-32 the SDK computes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (bytes, split) => {
        const theirs = new Crc32();
        theirs.update(bytes);
        expect(crc32(bytes)).toBe(theirs.digestSync());
        const cut = Math.min(split, bytes.length);
        expect(crc32(bytes, cut, bytes.length, crc32(bytes, 0, cut))).toBe(theirs.digestSync());
      }),
      RUNS,
    );
  });

  it('reads what the codec encodes: the same headers and payloads, in any chunks, with no finding', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 6 }), fc.array(fc.nat(4000), { maxLength: 8 }), (messages, cuts) => {
        const bytes = encodeAll(messages);
        const theirs = readTheirs(bytes);
        expect(theirs.threwAt).toBeNull();
        const whole = readOurs([bytes]);
        expect(whole.findings.listed).toEqual([]);
        expect(whole.messages.map((m) => ({ headers: byName(m.headers), body: m.payload }))).toEqual(theirs.messages.map((m) => ({ headers: byName(theirHeaders(m.headers)), body: new Uint8Array(m.body) })));
        const chunked = readOurs(cutAt(bytes, cuts));
        expect(chunked.messages).toEqual(whole.messages);
        // Views of the held bytes, read before the buffer moves on, are the same payloads.
        expect(readOurs(cutAt(bytes, cuts), undefined, true).messages).toEqual(whole.messages);
      }),
      RUNS,
    );
  });

  it('writes what the codec reads', () => {
    fc.assert(
      fc.property(message, ({ headers, body }) => {
        const ours = headers.map(([name, [h]]) => ({ ...h, name }));
        const decoded = codec.decode(encodeEventStreamMessage(ours, body));
        expect(byName(theirHeaders(decoded.headers))).toEqual(byName(ours));
        expect(new Uint8Array(decoded.body)).toEqual(body);
      }),
      RUNS,
    );
  });

  it('reports a finding at the frame where the codec throws, and never throws itself', () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 5 }), fc.nat(), fc.integer({ min: 1, max: 255 }), fc.array(fc.nat(4000), { maxLength: 6 }), (messages, where, flip, cuts) => {
        const bytes = encodeAll(messages);
        const at = where % bytes.length;
        bytes[at] = (bytes[at] as number) ^ flip;
        const theirs = readTheirs(bytes);
        const ours = readOurs(cutAt(bytes, cuts));
        const first = ours.findings.sorted()[0];
        expect(theirs.threwAt).not.toBeNull();
        expect(first?.frame).toBe(theirs.threwAt);
        expect(ours.messages.slice(0, theirs.threwAt ?? 0).map((m) => m.payload)).toEqual(theirs.messages.map((m) => new Uint8Array(m.body)));
      }),
      RUNS,
    );
  });

  it('reports a stream cut inside a prelude or a payload, at its frame and byte', () => {
    const one = encodeEventStreamMessage([{ name: ':event-type', value: 'chunk' }], '{"a":1}');
    for (const keep of [5, 20]) {
      const bytes = new Uint8Array([...one, ...one.subarray(0, keep)]);
      const { messages, findings } = readOurs([bytes]);
      expect(messages).toHaveLength(1);
      expect(findings.sorted()).toMatchObject([{ code: 'frame cut', line: 0, column: 0, offset: one.length, frame: 1 }]);
    }
  });

  it('keeps a header named __proto__ as data (the codec loses it in its plain object)', () => {
    const bytes = encodeEventStreamMessage([{ name: '__proto__', type: 'string', value: 'x' }, { name: ':event-type', type: 'string', value: 'chunk' }], 'hi');
    const { messages, findings } = readOurs([bytes]);
    expect(findings.sorted()).toEqual([]);
    expect(messages[0]!.headers.map((h) => [h.name, h.value])).toEqual([['__proto__', 'x'], [':event-type', 'chunk']]);
    expect(Object.keys(codec.decode(bytes).headers)).toEqual([':event-type']);
  });

  it('names an unknown header type and keeps the payload', () => {
    const good = encodeEventStreamMessage([{ name: 'a', value: 'x' }], 'hi');
    const bytes = good.slice();
    bytes[12 + 2] = 42; // the type byte of header `a`
    const view = new DataView(bytes.buffer);
    view.setUint32(bytes.length - 4, crc32(bytes, 0, bytes.length - 4), false);
    const { messages, findings } = readOurs([bytes]);
    expect(findings.sorted().map((f) => f.code)).toEqual(['bad header']);
    expect(new TextDecoder().decode(messages[0]?.payload)).toBe('hi');
  });

  it('skips a message larger than the bound without holding it, then reads on', () => {
    const big = encodeEventStreamMessage([{ name: ':event-type', value: 'big' }], 'x'.repeat(5000));
    const small = encodeEventStreamMessage([{ name: ':event-type', value: 'small' }], 'ok');
    const bytes = new Uint8Array([...big, ...small]);
    const { messages, findings } = readOurs(cutAt(bytes, [100, 3000, 5020]), 1000);
    expect(findings.sorted().map((f) => f.code)).toEqual(['frame too large']);
    expect(messages.map((m) => [m.index, m.eventType])).toEqual([[1, 'small']]);
  });

  it('resynchronises after lengths that cannot be right, and never loops', () => {
    const good = encodeEventStreamMessage([{ name: ':event-type', value: 'e' }], '{}');
    const broken = new Uint8Array(12);
    const view = new DataView(broken.buffer);
    view.setUint32(0, 4, false);
    view.setUint32(4, 0, false);
    view.setUint32(8, crc32(broken, 0, 8), false);
    const { messages, findings } = readOurs([new Uint8Array([...broken, ...good])]);
    expect(findings.sorted().map((f) => f.code)).toEqual(['bad frame length']);
    expect(messages.map((m) => m.eventType)).toEqual(['e']);
  });
});
