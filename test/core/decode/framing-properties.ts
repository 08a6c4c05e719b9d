// The properties every framing's reader keeps, generated for each (the SSE decoder's own, in properties.test.ts, are
// the model): bytes in, never a throw; any chunking gives the same frames and findings; frames in order with
// positions; the bound holds; the frames agree with a reference reader we did not write. A framing's test file calls
// `framingProperties` with its streams and its reference; a binary framing passes `text: false`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { framingOf, type FramingName } from '../../../src/core/decode/framing.js';
import type { Frame, Payload } from '../../../src/core/decode/frame.js';
import { FindingList, type Finding } from '../../../src/core/findings.js';
import { cutAt } from './helpers.js';

/** What one framing reader made of a stream, in a form `toEqual` compares whole. */
export interface FramingRead {
  frames: Frame[];
  payloads: Array<Payload | null>;
  findings: Finding[];
  counts: Partial<Record<string, number>>;
  summary: unknown;
}

/** Reads `chunks` with the framing's reader, as the pipeline opens it. */
export function readFraming(name: FramingName, chunks: ReadonlyArray<string | Uint8Array>, maxHeldChars?: number): FramingRead {
  const frames: Frame[] = [];
  const payloads: Array<Payload | null> = [];
  const findings = new FindingList();
  const reader = framingOf(name).open({
    onFrame: (frame, payload) => {
      frames.push({ ...frame });
      payloads.push(payload);
    },
    findings,
    options: maxHeldChars === undefined ? {} : { maxHeldChars },
    speed: null,
    live: false,
  });
  for (const chunk of chunks) reader.push(chunk);
  const summary = reader.end();
  return structuredClone({ frames, payloads, findings: findings.sorted(), counts: { ...findings.counts }, summary });
}

/** A framing under test: how its streams are drawn, and a reference reader of the same bytes. */
export interface FramingUnderTest {
  name: FramingName;
  /** Streams of this framing as writers write them and get them wrong, as bytes. */
  streams: fc.Arbitrary<Uint8Array>;
  /** The JSON values a reference client (one we did not write) gets from the bytes, in order. */
  reference(bytes: Uint8Array): Promise<unknown[]>;
  /** A stream with one frame past `bound` (characters for a text framing, bytes for a binary one) and one after it. */
  oversized(bound: number): Uint8Array;
  /** True for a text framing: positions are lines, and text chunks read like their bytes. */
  text: boolean;
}

const RUNS = { numRuns: Math.max(100, Number(process.env.FC_RUNS ?? 100)) };
const cuts = fc.array(fc.nat(), { maxLength: 12 });
const decoded = (bytes: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/** The properties, as one describe block named after the framing. */
export function framingProperties(subject: FramingUnderTest): void {
  const { name } = subject;
  const anyBytes = fc.oneof({ weight: 3, arbitrary: subject.streams }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) });
  describe(`${name} framing: properties`, () => {
    it('never throws on arbitrary bytes, cut anywhere', () => {
      fc.assert(fc.property(anyBytes, cuts, (bytes, at) => void readFraming(name, cutAt(bytes, at))), RUNS);
    });
    it('gives the same frames and findings however the bytes are cut', () => {
      fc.assert(
        fc.property(anyBytes, cuts, (bytes, at) => {
          expect(readFraming(name, cutAt(bytes, at))).toEqual(readFraming(name, [bytes]));
        }),
        RUNS,
      );
    });
    it('frames come in order, numbered from 0, each with its place', () => {
      fc.assert(
        fc.property(subject.streams, (bytes) => {
          const read = readFraming(name, [bytes]);
          read.frames.forEach((frame, index) => {
            expect(frame.index).toBe(index);
            const previous = read.frames[index - 1];
            if (previous !== undefined) expect(frame.start).toBeGreaterThanOrEqual(previous.end);
            if (subject.text) expect(frame.line).toBeGreaterThan(previous?.endLine ?? 0);
            else expect(frame.byteOffset).toBeGreaterThanOrEqual(previous?.byteOffset ?? 0);
          });
          for (const finding of read.findings) if (finding.frame !== undefined) expect(read.frames[finding.frame]).toBeDefined();
        }),
        RUNS,
      );
    });
    it('agrees with a reference client on the JSON each frame carries', async () => {
      await fc.assert(
        fc.asyncProperty(subject.streams, async (bytes) => {
          const read = readFraming(name, [bytes]);
          const values = read.payloads.flatMap((payload) => (payload?.kind === 'json' ? [payload.value] : []));
          expect(values).toEqual(await subject.reference(bytes));
        }),
        RUNS,
      );
    });
    it('stops at the held bound, names it, and reads nothing after', () => {
      for (const bound of [64, 1000]) {
        const read = readFraming(name, [subject.oversized(bound)], bound);
        expect(read.counts['too large']).toBe(1);
        expect((read.summary as { stopped: boolean }).stopped).toBe(true);
        expect(read.frames.every((frame) => frame.end - frame.start <= bound + 2)).toBe(true);
      }
    });
    if (!subject.text) return;
    it('text chunks read as their UTF-8 bytes do', () => {
      fc.assert(
        fc.property(subject.streams, cuts, (bytes, at) => {
          const text = decoded(bytes);
          // Cut only between code points: a string chunk cannot hold half of one.
          const pieces = cutAt(text, at.filter((cut) => !(text.charCodeAt(cut) >= 0xdc00 && text.charCodeAt(cut) <= 0xdfff)));
          const mixed = pieces.map((piece, i) => (i % 2 === 0 ? piece : new TextEncoder().encode(piece)));
          expect(readFraming(name, mixed)).toEqual(readFraming(name, [text]));
        }),
        RUNS,
      );
    });
    it('lines are accounted for: the tallies add up to the lines of the text', () => {
      fc.assert(
        fc.property(subject.streams, (bytes) => {
          const text = decoded(bytes).replace(/^\uFEFF/, '');
          const read = readFraming(name, [bytes]);
          const { total, inFrames, comments, blanks, unread } = (read.summary as { lines: Record<string, number> }).lines as Record<string, number>;
          const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
          expect(total).toBe(lines);
          expect((inFrames ?? 0) + (comments ?? 0) + (blanks ?? 0) + (unread ?? 0)).toBe(total);
          // Each frame's text, its line end taken off, is its data.
          for (const frame of read.frames) expect(decoded(bytes).slice(frame.start, frame.end).replace(/\n$/, '').replace(/\r$/, '')).toBe(frame.data);
        }),
        RUNS,
      );
    });
  });
}
