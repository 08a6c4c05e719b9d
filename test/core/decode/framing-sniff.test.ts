// The framing told from the first bytes when no format is named: SSE streams read exactly as the SSE reader reads
// them, two JSON-object lines are NDJSON, a single JSON line stays what SSE makes of it unless an NDJSON format
// claims it, and the choice does not depend on how the bytes are cut.
import { crc32 } from '../../../src/core/decode/aws-event-stream/crc32.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSniffingReader, type NdjsonClaim } from '../../../src/core/decode/framing-sniff.js';
import type { Frame, Payload } from '../../../src/core/decode/frame.js';
import { FindingList } from '../../../src/core/findings.js';
import { FIXTURES } from '../../../src/fixtures/index.js';
import { formatModule, reconstruct } from '../../../src/index.js';
import { readFraming } from './framing-properties.js';
import { cutAt, utf8 } from './helpers.js';

function sniffed(chunks: ReadonlyArray<string | Uint8Array>, claim: NdjsonClaim | null = null) {
  const frames: Frame[] = [];
  const payloads: Array<Payload | null> = [];
  const findings = new FindingList();
  const reader = openSniffingReader({ onFrame: (frame, payload) => void (frames.push({ ...frame }), payloads.push(payload)), findings, options: {}, speed: null, live: false }, claim);
  for (const chunk of chunks) reader.push(chunk);
  const summary = reader.end();
  return structuredClone({ frames, payloads, findings: findings.sorted(), counts: { ...findings.counts }, summary });
}

const RUNS = { numRuns: 60 };

describe('framing sniff', () => {
  it("reads every fixture of every format as its format's framing reader does, cut anywhere", () => {
    const streams = FIXTURES.map((fixture) => [fixture.stream, formatModule(fixture.format).framing ?? 'sse'] as const);
    expect(streams.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(fc.constantFrom(...streams), fc.array(fc.nat(), { maxLength: 6 }), ([stream, framing], at) => {
        expect(sniffed(cutAt(utf8(stream), at))).toEqual(readFraming(framing, [stream]));
      }),
      RUNS,
    );
  });

  it('reads JSON-object lines as NDJSON, however they are cut', () => {
    const stream = '{"a":1}\n{"b":2}\n\n{"c":3}\n';
    const whole = sniffed([stream]);
    expect(whole).toEqual(readFraming('ndjson', [stream]));
    expect(whole.frames.map((frame) => frame.data)).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: stream.length }), { maxLength: 6 }), (at) => {
        expect(sniffed(cutAt(stream, at))).toEqual(whole);
      }),
      RUNS,
    );
  });

  it('leaves a single JSON line (an error body) to SSE, which names it, unless an NDJSON format claims it', () => {
    const body = '{"error":{"message":"bad key","type":"invalid_request_error"}}\n';
    expect(sniffed([body])).toEqual(readFraming('sse', [body]));
    expect(sniffed([body]).counts).toMatchObject({ 'ignored line': 1 });
    const claim: NdjsonClaim = (value) => 'error' in value;
    expect(sniffed([body], claim)).toEqual(readFraming('ndjson', [body]));
    // A claimed first line decides at once: the rest may be anything.
    expect(sniffed(['{"error":"x"}\n', 'data: {}\n\n'], claim).counts).toMatchObject({ 'not json': 1 });
  });

  it('leaves a pretty-printed JSON body, SSE with a JSON-looking start, and blank input to SSE', () => {
    for (const stream of ['{\n  "error": {"message": "x"}\n}\n', '{"a":1}\ndata: {"b":2}\n\n', '', '\n\n', ': hi\n\ndata: {}\n\n', '{"cut":']) {
      expect(sniffed([stream])).toEqual(readFraming('sse', [stream]));
    }
  });

  it('reads a stream that starts with a valid AWS prelude as the AWS event stream, and zeros as text', () => {
    const bytes = new Uint8Array([0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0, 5, 6, 7, 8]);
    new DataView(bytes.buffer).setUint32(8, crc32(bytes, 0, 8));
    expect(sniffed([bytes])).toEqual(readFraming('aws-event-stream', [bytes]));
    // Its message checksum does not match: a framing finding, never a throw.
    expect(Object.keys(sniffed([bytes]).counts)).toContain('frame checksum');
    // Zeros only start like a prelude: read as text, so an endless input meets the held bound.
    const zeros = new Uint8Array(32);
    expect(sniffed([zeros])).toEqual(readFraming('sse', [zeros]));
  });

  it('reconstructs an NDJSON body no format names: every line a frame, no SSE findings', () => {
    const result = reconstruct('{"hello":1}\n{"hello":2}\n');
    expect(result.frameCount).toBe(2);
    expect(result.frames.map((frame) => frame.line)).toEqual([1, 2]);
    expect(result.findings.map((finding) => finding.code)).toEqual(['no format']);
  });

  it('throws only on a chunk of the wrong type', () => {
    expect(() => sniffed([42 as unknown as string])).toThrow(/push\(\) takes a string or a Uint8Array/);
  });
});
