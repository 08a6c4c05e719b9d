// The NDJSON framing's reader: hand streams, and the properties every framing keeps, with ollama-js (0.6.4, the
// official client of an NDJSON API) as the reference client: its reader of a streamed body, fed our bytes through
// a fake fetch.
import fc from 'fast-check';
import { Ollama } from 'ollama';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { framingProperties, readFraming } from './framing-properties.js';
import { utf8 } from './helpers.js';

// ollama-js warns on each line it cannot parse; the properties draw many.
beforeAll(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterAll(() => vi.restoreAllMocks());

/** What ollama-js yields for a streamed body of these bytes, up to where it stops (it wants a `done` object). */
async function ollamaReads(bytes: Uint8Array): Promise<unknown[]> {
  const client = new Ollama({ host: 'http://127.0.0.1:9', fetch: async () => new Response(bytes.slice(), { status: 200, headers: { 'content-type': 'application/x-ndjson' } }) });
  const values: unknown[] = [];
  try {
    for await (const part of await client.chat({ model: 'm', messages: [], stream: true })) values.push(part);
  } catch {
    // It throws when the body ends without `done`: what it yielded before is what it read.
  }
  return values;
}

// Documents the reference reads through: objects without the keys its iterator acts on (`error`, `done`, `status`).
const key = fc.string({ maxLength: 6 }).filter((name) => !['error', 'done', 'status', '__proto__'].includes(name));
const documentText = fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map((value) => JSON.stringify(value));
const line = fc.oneof(
  { weight: 8, arbitrary: documentText },
  { weight: 1, arbitrary: fc.constantFrom('', '  ', '\t', 'not json', '[DONE]', 'data: {"a":1}', '{"cut":', '{"a":1} {"b":2}', 'é') },
);
const ndjsonStream: fc.Arbitrary<Uint8Array> = fc
  .record({
    bom: fc.constantFrom('', '', '', '\uFEFF'),
    lines: fc.array(fc.tuple(line, fc.constantFrom('\n', '\n', '\n', '\r\n')), { maxLength: 12 }),
    lastEnding: fc.boolean(),
  })
  .map(({ bom, lines, lastEnding }) => utf8(bom + lines.map(([text, eol], i) => (i === lines.length - 1 && !lastEnding ? text : text + eol)).join('')));

framingProperties({
  name: 'ndjson',
  streams: ndjsonStream,
  reference: ollamaReads,
  oversized: (bound) => utf8(`{"a":1}\n{"big":"${'x'.repeat(bound)}"}\n{"after":1}\n`),
  text: true,
});

describe('ndjson framing: hand streams', () => {
  it('reads each line as one frame, placed at its line', () => {
    const read = readFraming('ndjson', ['{"a":1}\n{"b":', '2}\r\n']);
    expect(read.frames.map(({ index, data, line, endLine, start, end, dispatched }) => ({ index, data, line, endLine, start, end, dispatched }))).toEqual([
      { index: 0, data: '{"a":1}', line: 1, endLine: 1, start: 0, end: 8, dispatched: true },
      { index: 1, data: '{"b":2}', line: 2, endLine: 2, start: 8, end: 17, dispatched: true },
    ]);
    expect(read.payloads).toEqual([{ kind: 'json', value: { a: 1 } }, { kind: 'json', value: { b: 2 } }]);
    expect(read.findings).toEqual([]);
  });

  it('names a line that is not JSON, and a blank line between documents (not one after the last), at their lines', () => {
    const read = readFraming('ndjson', ['{"a":1}\n\nnope\n[DONE]\n{"b":2}\n  \n']);
    expect(read.findings.map(({ code, line, column, frame }) => ({ code, line, column, frame }))).toEqual([
      { code: 'blank line', line: 2, column: 1, frame: undefined },
      { code: 'not json', line: 3, column: 1, frame: 1 },
      { code: 'not json', line: 4, column: 1, frame: 2 },
    ]);
    expect((read.summary as { lines: { blanks: number } }).lines.blanks).toBe(2);
    expect(read.payloads.map((payload) => payload?.kind)).toEqual(['json', 'not json', 'not json', 'json']);
  });

  it('reads a last line with no line end when it parses (as NDJSON clients do), and calls it cut when it does not', () => {
    const whole = readFraming('ndjson', ['{"a":1}\n{"b":2}']);
    expect(whole.frames).toHaveLength(2);
    expect(whole.findings.map((finding) => [finding.code, finding.line])).toEqual([['unterminated', 2]]);
    const cut = readFraming('ndjson', ['{"a":1}\n{"b":']);
    expect(cut.findings.map((finding) => [finding.code, finding.line, finding.frame])).toEqual([['cut', 2, 1]]);
    expect(cut.payloads[1]).toBeNull();
  });

  it('takes off a leading byte-order mark and says so; whitespace after the last document is not named', () => {
    const read = readFraming('ndjson', [utf8('\uFEFF{"a":1}\n\n  ')]);
    expect(read.findings.map((finding) => finding.code)).toEqual(['bom']);
    expect(read.frames[0]?.start).toBe(1);
  });

  it('names an input with no document `empty`', () => {
    expect(readFraming('ndjson', ['\n\n']).counts).toMatchObject({ empty: 1 });
    expect(readFraming('ndjson', []).counts).toEqual({ empty: 1 });
  });

  it('keeps no more than the bound of a line that never ends', () => {
    const read = readFraming('ndjson', ['{"a":1}\n', `{"b":"${'x'.repeat(100)}`, 'x'.repeat(100)], 64);
    expect(read.counts['too large']).toBe(1);
    expect(read.frames).toHaveLength(1);
    expect((read.summary as { lines: { unread: number } }).lines.unread).toBe(1);
  });

  it('throws only on misuse: a chunk of the wrong type, a push after end', () => {
    const read = () => readFraming('ndjson', [42 as unknown as string]);
    expect(read).toThrow(/push\(\) takes a string or a Uint8Array/);
  });
});
