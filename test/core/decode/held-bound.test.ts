// `maxHeldChars`: the bound on what a reader holds without a blank line, 1 MiB unless the caller names its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFrameReader, decode, isReconstruction, MAX_HELD_CHARS, reconstruct, reconstructStream, synthesize, type DecodeResult } from '../../../src/index.js';
import { FindingList } from '../../../src/core/findings.js';

function where(result: { findings: Array<{ code: string; line: number }> }): Array<[string, number]> {
  return result.findings.map((finding) => [finding.code, finding.line]);
}

function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

/** Frame 0 small, frame 1 with a 200-character value, frame 2 small. */
const MIXED = `data: {"a":1}\n\ndata: "${'x'.repeat(200)}"\n\ndata: {"b":2}\n\n`;

describe('decode() with maxHeldChars', () => {
  it('stops at a frame past a bound of the caller, naming the bound and the option', () => {
    const result = decode(MIXED, { maxHeldChars: 100 });
    expect(where(result)).toEqual([['too large', 3]]);
    expect(result.stopped).toBe(true);
    expect(result.frames.map((frame) => frame.data)).toEqual(['{"a":1}']);
    expect(result.findings[0]?.message).toMatch(/More than 100 characters .*maxHeldChars/);
  });

  it('counts the bound as the default does: up to it exactly is held', () => {
    // `data: "` + 200 x + `"` + LF: 209 characters held before the blank line.
    expect(decode(MIXED, { maxHeldChars: 209 }).stopped).toBe(false);
    expect(decode(MIXED, { maxHeldChars: 208 }).stopped).toBe(true);
  });

  it('Infinity reads a frame of any size whole', () => {
    const value = 'y'.repeat(MAX_HELD_CHARS + 50_000);
    const text = `data: "${value}"\n\ndata: {}\n\n`;
    const bounded = decode(text);
    expect(where(bounded)).toEqual([['too large', 1]]);
    expect(bounded.findings[0]?.message).toMatch(/common 1 MiB bound/);
    for (const input of [text, chunksOf(text, 65_536)]) {
      const result = decode(input, { maxHeldChars: Infinity });
      expect(result.findings).toEqual([]);
      expect(result.frames.map((frame) => frame.data.length)).toEqual([value.length + 2, 2]);
    }
  });

  it('any chunking gives the same frames and findings under a small bound, timestamped captures too', () => {
    const body = fc.oneof(fc.constant(''), fc.string({ maxLength: 40 }).map((value) => `data: ${value.replace(/[\r\n]/g, ' ')}`));
    // Stamps of every length, so that chunks end inside them: a stamp cut short is not a stamp until it is whole.
    const stamp = fc.constantFrom('12:00:00.5', '12:00:01.25', '[12:00:02]', '2025-03-01T12:00:03.123456Z', '9:00:04,5');
    const lines = fc
      .record({ every: fc.boolean(), lines: fc.array(fc.tuple(fc.option(stamp, { freq: 3 }), body), { maxLength: 20 }) })
      .map(({ every, lines: list }) => list.map(([at, line]) => (at !== null || (every && line !== '') ? `${at ?? '12:00:00'}${line === '' ? '' : ' '}${line}` : line)));
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 60 }), fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 6 }), (list, bound, sizes) => {
        const text = list.map((line) => `${line}\n`).join('');
        const whole = decode(text, { maxHeldChars: bound });
        const chunks: string[] = [];
        for (let at = 0, i = 0; at < text.length; i += 1) {
          const size = sizes[i % sizes.length] as number;
          chunks.push(text.slice(at, at + size));
          at += size;
        }
        const cut: DecodeResult = decode(chunks, { maxHeldChars: bound });
        expect(cut.frames).toEqual(whole.frames);
        expect(cut.findings).toEqual(whole.findings);
        expect(cut.lines).toEqual(whole.lines);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });

  it('createFrameReader() takes the same option', () => {
    const data: string[] = [];
    const findings = new FindingList();
    const reader = createFrameReader((frame) => data.push(frame.data), findings, undefined, { maxHeldChars: 100 });
    reader.push(MIXED);
    expect(reader.end().stopped).toBe(true);
    expect(data).toEqual(['{"a":1}']);
    expect(findings.sorted().map((finding) => finding.code)).toEqual(['too large']);
  });
});

describe('reconstruct() with maxHeldChars', () => {
  // A Responses answer longer than 1 MiB: its done events and response.completed each repeat it whole.
  const text = 'word '.repeat(230_000);
  const response = {
    id: 'resp_1',
    object: 'response',
    created_at: 1_700_000_000,
    model: 'gpt-test',
    status: 'completed',
    error: null,
    incomplete_details: null,
    output: [{ id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] }],
    usage: { input_tokens: 5, output_tokens: 230_000, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 230_005 },
  };
  const stream = synthesize('responses', response, { pieceSize: 40_000 });

  it('by default stops at the first done event past 1 MiB: the stream did not finish', () => {
    const result = reconstruct(stream);
    expect(result.findingCounts['too large']).toBe(1);
    expect(result.verdict).toBe('did not finish');
  });

  it('with a bound that holds the answer, reads the whole stream: complete, no findings, the same response', () => {
    for (const maxHeldChars of [Infinity, 4 * MAX_HELD_CHARS]) {
      const result = reconstruct(stream, { maxHeldChars });
      expect(result.findings).toEqual([]);
      expect(result.verdict).toBe('complete');
      expect(result.choices[0]?.text).toBe(text);
      expect(result.response).toEqual(response);
    }
  });

  it('reconstructStream() takes it too, for a live Response: a reconstruction the matchers read as it is', async () => {
    const live = await reconstructStream(new Response(stream, { headers: { 'content-type': 'text/event-stream' } }), { maxHeldChars: Infinity });
    expect(isReconstruction(live)).toBe(true);
    expect(live.verdict).toBe('complete');
    expect(live.findings).toEqual([]);
  });
});

describe('a bound that is not one', () => {
  it.each([0, -1, 1.5, Number.NaN, -Infinity, '100', null])('throws a TypeError saying what to pass (%p)', (value) => {
    const message = /maxHeldChars must be a whole number of characters \(at least 1\) or Infinity/;
    expect(() => decode('data: {}\n\n', { maxHeldChars: value as number })).toThrow(message);
    expect(() => reconstruct('data: {}\n\n', { maxHeldChars: value as number })).toThrow(TypeError);
    expect(() => reconstruct('data: {}\n\n', { maxHeldChars: value as number })).toThrow(/options\.maxHeldChars/);
  });

  it('names what it received', () => {
    expect(() => decode('', { maxHeldChars: 0 })).toThrow(/received 0\./);
    expect(() => decode('', { maxHeldChars: '100' as unknown as number })).toThrow(/received "100"\./);
  });
});
