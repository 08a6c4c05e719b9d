// One rule for a last frame with no blank line after it. Pasted text (a string, bytes, a file) is read leniently: a
// terminal or an editor may have dropped the last blank line, so the frame is read and `unterminated` warns. A live
// read (a Response, a ReadableStream, an async iterable, a Node stream) is judged as a spec client reads it: that
// frame is never dispatched, so the stream did not finish (`not dispatched`, an error), whatever it carried.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FINDINGS, FORMAT_MODULES, reconstruct, reconstructStream, type Reconstruction } from '../../../src/index.js';
import { streams } from '../../../src/arbitraries/index.js';
import '../../../src/runners/vitest.js';
import { chatAnswer, scripted } from './helpers.js';

/** The text without the blank line (and line ending) after its last frame. */
const withoutFinalBlank = (text: string) => text.replace(/(?:\r\n|\r|\n)+$/, '');

const body = withoutFinalBlank(chatAnswer(['Hello', ' world']));
const codes = (result: Reconstruction) => Object.keys(result.findingCounts).sort();

function sources(): Array<[string, () => unknown]> {
  return [
    ['a Response', () => new Response(body, { headers: { 'content-type': 'text/event-stream' } })],
    ['a ReadableStream', () => scripted([body]).stream],
    ['an async iterable', () => (async function* () { yield body.slice(0, 40); yield body.slice(40); })()],
    ['a Node stream', () => Readable.from([Buffer.from(body)])],
  ];
}

describe('a live read whose last frame has no blank line', () => {
  test.each(sources())('%s: did not finish, `not dispatched`, and the answer is still shown', async (_name, make) => {
    const result = await reconstructStream(make() as Response);
    expect(result.verdict).toBe('did not finish');
    expect(result.outcome).toBe('dropped');
    expect(codes(result)).toContain('not dispatched');
    expect(codes(result)).not.toContain('unterminated');
    const finding = result.findings.find((f) => f.code === 'not dispatched');
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toMatch(/live read/);
    expect(finding?.message).toMatch(/^Frame 4 \(line 9\)/);
    // Nothing is lost: the frame is listed and its text assembled.
    expect(result.choices[0]?.text).toBe('Hello world');
  });

  test('the matchers read it as a spec client does', async () => {
    await expect(expect(new Response(body)).toBeComplete()).rejects.toThrow(/did not finish/);
    await expect(new Response(body)).toHaveFinding('not dispatched');
  });

  test('pasted text keeps the lenient reading, and its finding states the one rule', () => {
    const result = reconstruct(body);
    expect(result.verdict).toBe('complete');
    expect(codes(result)).toContain('unterminated');
    const finding = result.findings.find((f) => f.code === 'unterminated');
    expect(finding?.severity).toBe('warning');
    expect(finding?.message).toMatch(/pasted|text/i);
    expect(finding?.message).toMatch(/live read/);
    expect(FINDINGS.unterminated.meaning).toMatch(/live read/);
    expect(FINDINGS['not dispatched'].meaning).toMatch(/live read/);
  });

  test('read once live and again as another format: still not finished', async () => {
    const response = new Response(body);
    await reconstructStream(response);
    const again = await reconstructStream(response, { format: 'chat-completions' });
    expect(again.verdict).toBe('did not finish');
    expect(codes(again)).toContain('not dispatched');
  });
});

describe('property: a live stream without a final blank line never reads complete', () => {
  test('any format carried by SSE, any response, any chunking', async () => {
    // An NDJSON line needs no blank line after it: its last line is read when it parses, as its clients read it.
    const format = fc.constantFrom(...FORMAT_MODULES.filter((module) => (module.framing ?? 'sse') === 'sse').map((module) => module.name));
    await fc.assert(
      fc.asyncProperty(
        format.chain((name) => streams(name)),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }),
        async (fixture, sizes) => {
          const text = withoutFinalBlank(fixture.stream);
          const pieces: string[] = [];
          for (let at = 0, i = 0; at < text.length; i += 1) {
            const size = sizes[i % sizes.length] ?? 1;
            pieces.push(text.slice(at, at + size));
            at += size;
          }
          const live = await reconstructStream(scripted(pieces).stream, { format: fixture.format });
          expect(live.verdict).not.toBe('complete');
          expect(live.outcome).not.toBe('ok');
          expect(codes(live).some((code) => code === 'not dispatched' || code === 'cut')).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
