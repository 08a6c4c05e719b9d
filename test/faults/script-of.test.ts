import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { decode, reconstruct } from '../../src/core/index.js';
import { readScript, RECORDED_END_PREFIX, scriptOf, scriptText } from '../../src/faults/index.js';

const recorded = join(__dirname, '../../fixtures/recorded');
const corpus = readdirSync(recorded).flatMap((folder) =>
  folder.endsWith('.md') ? [] : readdirSync(join(recorded, folder)).filter((f) => f.endsWith('.sse')).map((f) => join(recorded, folder, f)),
);

describe('scriptOf', () => {
  test.each(corpus.map((path) => [path.slice(recorded.length + 1), path]))('%s: pieces join to the stream, one per frame, expected is its reading', (_, path) => {
    const text = readFileSync(path, 'utf8');
    const script = scriptOf(text);
    expect(scriptText(script)).toBe(text);
    const frames = decode(text, { maxHeldChars: Infinity }).frames;
    const framePieces = script.pieces.filter((piece) => piece.frame !== null);
    expect(framePieces.map((piece) => piece.frame)).toEqual(frames.map((frame) => frame.index));
    for (const piece of framePieces) expect(piece.text).toBe(text.slice(frames[piece.frame!]!.start, frames[piece.frame!]!.end));
    const reading = reconstruct(text);
    expect(script.format).toBe(reading.format);
    expect(script.expected).toEqual({ verdict: reading.verdict, outcome: reading.outcome, findings: Object.keys(reading.findingCounts).sort() });
    expect(script.end).toEqual({ kind: 'close' });
  });

  test('text between frames (comments, stray blank lines, a BOM) is its own piece with no frame', () => {
    const text = '\uFEFF: hello\n\ndata: {"a":1}\r\n\r\n\r\ndata: [DONE]';
    const script = scriptOf(text);
    expect(script.pieces.map((p) => [p.text, p.frame])).toEqual([
      ['\uFEFF: hello\n\n', null],
      ['data: {"a":1}\r\n\r\n', 0],
      ['\r\n', null],
      ['data: [DONE]', 1],
    ]);
  });

  test('bytes, ArrayBuffers and chunks give the same script as their text, a character split across chunks included', () => {
    const text = '\uFEFFdata: {"choices":[{"index":0,"delta":{"content":"é😀"}}]}\n\ndata: [DONE]\n\n';
    const bytes = new TextEncoder().encode(text);
    expect(scriptText(scriptOf(bytes))).toBe(text);
    expect(scriptText(scriptOf(bytes.buffer.slice(0)))).toBe(text);
    const at = text.indexOf('😀') + 8; // inside the emoji's four bytes
    expect(scriptText(scriptOf([bytes.slice(0, at), bytes.slice(at, at + 1), bytes.slice(at + 1)]))).toBe(text);
    expect(scriptText(scriptOf(['data: {"a"', ':1}\n\n']))).toBe('data: {"a":1}\n\n');
  });

  test('a timestamped capture: stamps come off the text and its pace becomes the delays', () => {
    const text = readFileSync(join(__dirname, '../../fixtures/captures/relay-cut-mid-tool-call.sse'), 'utf8');
    const script = scriptOf(text);
    const stripped = scriptText(script);
    expect(decode(stripped).timestamped).toBe(false);
    expect(decode(stripped).frames.map((f) => f.data)).toEqual(decode(text).frames.map((f) => f.data));
    const frames = decode(text).frames;
    const delays = script.pieces.filter((p) => p.frame !== null).map((p) => p.delayMs);
    const elapsed = frames.map((f) => f.elapsedMs ?? 0);
    expect(delays).toEqual(elapsed.map((ms, i) => ms - (i === 0 ? 0 : elapsed[i - 1]!)));
    expect(delays.some((ms) => ms > 30_000)).toBe(true);
    // Read at its pace, the script gives what the capture gives.
    expect(readScript(script).outcome).toBe(reconstruct(text).outcome);
    expect(Object.keys(readScript(script).findingCounts).sort()).toEqual(Object.keys(reconstruct(text).findingCounts).sort());
  });

  test.each([
    ['client left', 60_000, { kind: 'stall', ms: Infinity }],
    ['upstream ended', 5_000, { kind: 'stall', ms: 5_000 }],
    ['upstream ended', 0, { kind: 'close' }],
    ['upstream failed', 2_000, { kind: 'reset', afterMs: 2_000 }],
    ['upstream failed', 0, { kind: 'reset' }],
  ] as const)("a recorded end, '%s' %i ms after the last line: the script ends so (a stall stays a stall)", (how, ms, end) => {
    const stamp = (at: number) => new Date(Date.UTC(2026, 11, 1, 10, 0, 0) + at).toISOString().replace('Z', '000Z');
    const frames = `${stamp(0)} data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n${stamp(0)}\n${stamp(100)} data: [DONE]\n${stamp(100)}\n`;
    const script = scriptOf(`${frames}${stamp(100 + ms)} ${RECORDED_END_PREFIX}${how}\n`);
    expect(scriptText(script)).toBe('data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\ndata: [DONE]\n\n');
    expect(script.end).toEqual(end);
    expect(script.expected).toEqual(scriptOf(frames).expected);
  });

  test('a script is copied, not shared', () => {
    const script = scriptOf('data: [DONE]\n\n');
    const copy = scriptOf(script);
    copy.pieces[0]!.text = 'x';
    expect(script.pieces[0]!.text).toBe('data: [DONE]\n\n');
  });

  test('misuse throws a TypeError that says what to pass', () => {
    expect(() => scriptOf(42 as never)).toThrow(/takes a stream's text \(a string\), its bytes.*received a number \(42\)/);
    expect(() => scriptOf([1] as never)).toThrow(/chunk 0 is a number \(1\)/);
    expect(() => scriptText({} as never)).toThrow(/scriptText\(\) takes a stream script/);
  });
});
