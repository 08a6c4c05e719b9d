import { describe, expect, test } from 'vitest';
import { reconstruct } from '../../src/core/index.js';
import {
  addBOM, appendError, applyFaults, cutInside, delay, drop, dropEnd, dropStart, duplicate, joinDataLines, pace, readScript, removeIndex,
  renameEvent, scriptOf, scriptText, stall, stripFinalBlankLine, swap, toCRLF, truncateAfter,
} from '../../src/faults/index.js';
import { fixture } from '../../src/fixtures/index.js';
import { oracleExpectation } from '../oracle/expect.js';
import { expectStatedReading } from './reading.js';

const text = (name: string) => fixture(name).stream;
const frames = (stream: string) => scriptOf(stream).pieces.filter((p) => p.frame !== null).map((p) => p.text);

describe('each fault states what it causes', () => {
  test.each([
    ['anthropic/text', [truncateAfter(4)], 'did not finish', 'dropped', ['block open', 'no end']],
    ['chat-completions/text', [dropEnd()], 'did not finish', 'dropped', ['no end']],
    ['gemini/text', [dropEnd()], 'did not finish', 'dropped', ['crlf', 'no end']],
    ['responses/text', [dropEnd()], 'did not finish', 'dropped', ['no end']],
    ['anthropic/text', [dropStart()], 'not the whole stream', 'ok', ['no start']],
    ['behavior-run/text', [dropStart()], 'not the whole stream', 'ok', ['no start']],
    ['anthropic/text', [truncateAfter(5), appendError()], 'did not finish', 'error_event', ['block open', 'error event']],
    ['chat-completions/text', [truncateAfter(3), appendError({ style: 'event' })], 'did not finish', 'error_event', ['error event']],
    ['responses/text', [truncateAfter(6), appendError({ style: 'response.failed' })], 'did not finish', 'error_event', ['done mismatch', 'error event']],
    ['gemini/text', [truncateAfter(2), appendError()], 'did not finish', 'error_event', ['crlf', 'error event']],
    ['anthropic/tool-call', [duplicate(3)], 'complete', 'ok', ['arguments not json']],
    ['anthropic/text', [duplicate(2)], 'not the whole stream', 'ok', ['block restarted']],
    ['responses/text', [drop(4)], 'not the whole stream', 'ok', ['done mismatch', 'sequence gap']],
    ['anthropic/text', [drop(3)], 'complete', 'ok', []],
    ['anthropic/text', [drop(1)], 'complete', 'ok', []],
    ['chat-completions/text', [swap(4, 5)], 'complete', 'ok', ['after end', 'no finish reason']],
    ['chat-completions/text', [toCRLF()], 'complete', 'ok', ['crlf']],
    ['chat-completions/text', [addBOM()], 'complete', 'ok', ['bom']],
    ['chat-completions/text', [stripFinalBlankLine()], 'complete', 'ok', ['unterminated']],
    ['chat-completions/text', [cutInside(4, 30)], 'did not finish', 'dropped', ['cut', 'no end']],
    ['chat-completions/text', [joinDataLines(1)], 'complete', 'ok', ['not json']],
    ['anthropic/text', [renameEvent(3, 'delta')], 'complete', 'ok', ['event mismatch']],
    ['chat-completions/parallel-tool-calls', [removeIndex()], 'complete', 'ok', ['tool call no index']],
    ['chat-completions/length-limit', [dropEnd()], 'did not finish', 'dropped', ['no end']],
    ['anthropic/length-limit', [drop(7)], 'complete', 'ok', ['no finish reason']],
  ] as const)('%s with %s', (name, list, verdict, outcome, findings) => {
    const script = applyFaults(fixture(name), ...list);
    expect(script.expected).toMatchObject({ verdict, outcome, findings: [...findings].sort() });
    expect(oracleExpectation(fixture(name), list)).toMatchObject({ verdict, outcome, findings: [...findings].sort(), exact: true });
    expectStatedReading(fixture(name), list);
  });

  test('a cut may end in a reset instead of a clean close; the reading is the same', () => {
    const reset = applyFaults(fixture('chat-completions/text'), cutInside(4, 30, { reset: true }));
    expect(reset.end).toEqual({ kind: 'reset' });
    expect(reset.expected).toEqual(applyFaults(fixture('chat-completions/text'), cutInside(4, 30)).expected);
    expect(applyFaults(fixture('chat-completions/text'), truncateAfter(3, { reset: true })).end).toEqual({ kind: 'reset' });
    expect(String(truncateAfter(3, { reset: true }))).toBe('truncateAfter(3, { reset: true })');
    expect(() => truncateAfter(3, { reset: 'yes' } as never)).toThrow(/takes options such as \{ reset: true \}/);
  });

  test('faults compose in order, and a fault applies to a script as to a stream', () => {
    const once = applyFaults(fixture('anthropic/text'), truncateAfter(5), appendError(), toCRLF());
    const stepwise = toCRLF().apply(appendError().apply(truncateAfter(5).apply(fixture('anthropic/text'))));
    expect(scriptText(stepwise)).toBe(scriptText(once));
    expect(stepwise.expected).toEqual(once.expected);
    expect(once.expected.findings).toContain('crlf');
  });
});

describe('bytes they do not touch are kept', () => {
  test('drop, duplicate and swap move whole frames, byte for byte', () => {
    const all = frames(text('anthropic/text'));
    expect(frames(scriptText(applyFaults(text('anthropic/text'), drop(3))))).toEqual([...all.slice(0, 3), ...all.slice(4)]);
    expect(frames(scriptText(applyFaults(text('anthropic/text'), duplicate(3))))).toEqual([...all.slice(0, 4), all[3], ...all.slice(4)]);
    expect(frames(scriptText(applyFaults(text('anthropic/text'), swap(3, 5))))).toEqual([...all.slice(0, 3), all[5], all[4], all[3], ...all.slice(6)]);
  });

  test('truncateAfter and cutInside keep a prefix; addBOM and stripFinalBlankLine touch one end', () => {
    const stream = text('responses/tool-call');
    expect(stream.startsWith(scriptText(applyFaults(stream, truncateAfter(4))))).toBe(true);
    expect(stream.startsWith(scriptText(applyFaults(stream, cutInside(5, 17))))).toBe(true);
    expect(scriptText(applyFaults(stream, cutInside(5, 17))).length).toBe(stream.length - (stream.length - frames(stream).slice(0, 5).join('').length) + 17);
    expect(scriptText(applyFaults(stream, addBOM()))).toBe(`\uFEFF${stream}`);
    expect(scriptText(applyFaults(stream, stripFinalBlankLine()))).toBe(stream.slice(0, -1));
  });

  test('appendError writes each format its own error shape', () => {
    const last = (name: string, ...args: Parameters<typeof appendError>) => frames(scriptText(applyFaults(fixture(name), appendError(...args)))).at(-1);
    expect(last('chat-completions/text')).toMatch(/^data: \{"error":\{"message":/);
    expect(last('chat-completions/text', { style: 'event' })).toMatch(/^event: error\ndata: \{"error"/);
    expect(last('anthropic/text')).toContain('"overloaded_error"');
    expect(last('gemini/text')).toContain('"status":"UNAVAILABLE"');
    expect(last('responses/text')).toMatch(/^event: error\n.*"sequence_number":11/);
    expect(last('responses/text', { style: 'response.failed' })).toMatch(/^event: response.failed\n.*"status":"failed"/);
    expect(last('behavior-run/text', { message: 'tool crashed' })).toContain('"message":"tool crashed"');
  });

  test('a capture that is not a fixture keeps every byte of what no fault touched', () => {
    const capture = ': OPENROUTER PROCESSING\n\ndata: {"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\n\n: tail\ndata: [DONE]\n\n';
    const script = applyFaults(capture, duplicate(0));
    expect(scriptText(script)).toBe(capture.replace('\n\n\n', `\n\n${frames(capture)[0]}\n`));
  });
});

describe('timing', () => {
  test('stall() sets deadlines below the stall; read with them, the script stalls', () => {
    const script = applyFaults(fixture('anthropic/text'), stall(4, 60_000));
    expect(script.expected.outcome).toBe('stalled');
    expect(script.expected.deadlines).toEqual({ firstContentMs: 59_999, idleMs: 59_999, totalMs: 300_000 });
    expect(readScript(script).outcome).toBe('stalled');
    expect(readScript(script, { deadlines: { firstContentMs: 120_000, idleMs: 120_000 } }).outcome).toBe('ok');
    expectStatedReading(fixture('anthropic/text'), [stall(4, 60_000)]);
  });

  test('a stall after the last frame hangs the connection: the script ends in a stall', () => {
    const script = applyFaults(fixture('anthropic/text'), stall(9, Infinity));
    expect(script.end).toEqual({ kind: 'stall', ms: Infinity });
    expect(script.expected.outcome).toBe('stalled');
    // Read offline, no frame comes after the stall to measure it by: only a live reader sees it.
    expect(readScript(script).outcome).toBe('ok');
  });

  test('stall(after, Infinity) stops after `after` frames: nothing after them is written, the connection hangs', () => {
    const source = frames(text('anthropic/text'));
    const script = applyFaults(fixture('anthropic/text'), stall(3, Infinity));
    expect(scriptText(script)).toBe(source.slice(0, 3).join(''));
    expect(script.end).toEqual({ kind: 'stall', ms: Infinity });
    expect(script.expected).toMatchObject({ verdict: 'did not finish', outcome: 'stalled' });
    expect(script.expected.findings).toContain('stalled');
  });

  test('stall(0, ms) stalls before the first frame, as the server\'s stall: { afterFrames: 0 } does', () => {
    const held = applyFaults(fixture('anthropic/text'), stall(0, 25_000));
    expect(scriptText(held)).toBe(text('anthropic/text'));
    expect(held.pieces[0]?.delayMs).toBe(25_000);
    expect(held.expected.outcome).toBe('stalled');
    expectStatedReading(fixture('anthropic/text'), [stall(0, 25_000)]);
    const hung = applyFaults(fixture('anthropic/text'), stall(0, Infinity));
    expect(hung.pieces).toEqual([]);
    expect(hung.end).toEqual({ kind: 'stall', ms: Infinity });
    expect(hung.expected).toMatchObject({ verdict: 'did not finish', outcome: 'stalled' });
  });

  test('delay() past the default idle deadline stalls; a short one does not', () => {
    expect(applyFaults(fixture('anthropic/text'), delay(5, 31_000)).expected.outcome).toBe('stalled');
    expect(applyFaults(fixture('anthropic/text'), delay(5, 2_000)).expected.outcome).toBe('ok');
    expectStatedReading(fixture('anthropic/text'), [delay(5, 31_000)]);
  });

  test('every limit counts from the start of reading: a wait before the first frame counts toward the first content', () => {
    const script = applyFaults(fixture('anthropic/text'), addBOM(), delay(0, 20_001));
    expect(script.expected).toMatchObject({ verdict: 'complete', outcome: 'stalled', findings: ['bom', 'stalled'] });
    expectStatedReading(fixture('anthropic/text'), [addBOM(), delay(0, 20_001)]);
    expect(applyFaults(fixture('anthropic/text'), delay(0, 19_000)).expected.outcome).toBe('ok');
  });

  test('a live reader is cancelled at the deadline: expected.live states the cut reading, offline the script reads whole', () => {
    const script = applyFaults(fixture('anthropic/text'), delay(5, 31_000));
    expect(script.expected).toMatchObject({ verdict: 'complete', outcome: 'stalled' });
    const stated = { verdict: 'did not finish', outcome: 'stalled', findings: ['block open', 'no end', 'stalled'] };
    // The oracle states the codes the live reading has at least; the library's own live reading has them.
    expect(oracleExpectation(fixture('anthropic/text'), [delay(5, 31_000)]).live).toEqual(stated);
    expect(script.expected.live).toMatchObject({ verdict: stated.verdict, outcome: stated.outcome });
    expect(script.expected.live?.findings).toEqual(expect.arrayContaining(stated.findings));
    // The frames that came before the deadline, as a cut stream reads them.
    const before = scriptOf(scriptText(script).split('\n\n').slice(0, 5).join('\n\n') + '\n\n', { format: 'anthropic' });
    const cut = readScript(before);
    for (const code of script.expected.live?.findings.filter((c) => c !== 'stalled') ?? []) expect(Object.keys(cut.findingCounts)).toContain(code);
    expect(cut.verdict).toBe('did not finish');
    // A stall at the end or no stall at all: a live read sees the whole script, and no live reading is stated.
    expect(applyFaults(fixture('anthropic/text'), stall(9, Infinity)).expected.live).toBeUndefined();
    expect(applyFaults(fixture('anthropic/text'), delay(5, 2_000)).expected.live).toBeUndefined();
  });

  test('pace() waits ttftMs before the first content, then paces content frames, the same for the same seed', () => {
    const paced = applyFaults(fixture('anthropic/text'), pace({ ttftMs: 800, tokensPerSec: 10, jitter: 0.5, seed: 4 }));
    const delays = paced.pieces.map((p) => p.delayMs);
    expect(delays.slice(0, 3)).toEqual([0, 0, 0]);
    expect(delays[3]).toBeGreaterThanOrEqual(400);
    expect(delays[3]).toBeLessThanOrEqual(1200);
    for (const ms of delays.slice(4, 6)) expect(ms).toBeGreaterThanOrEqual(50);
    expect(applyFaults(fixture('anthropic/text'), pace({ ttftMs: 800, tokensPerSec: 10, jitter: 0.5, seed: 4 })).pieces).toEqual(paced.pieces);
    expect(readScript(paced).timing.firstContentMs).toBe(delays[3]);
    expectStatedReading(fixture('anthropic/text'), [pace({ ttftMs: 800, tokensPerSec: 10, jitter: 0.5, seed: 4 })]);
  });

  test('a timestamped capture keeps its recorded pace through faults', () => {
    const capture = '12:00:00.000 data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n12:00:00.000\n12:00:40.000 data: {"choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}\n12:00:40.000\n12:00:40.100 data: [DONE]\n12:00:40.100\n';
    const script = applyFaults(capture, toCRLF());
    expect(script.expected.outcome).toBe(reconstruct(capture).outcome);
    expect(readScript(script).outcome).toBe('stalled');
  });
});

describe('misuse and faults that cannot apply throw TypeErrors that say so', () => {
  test.each([
    [() => applyFaults(fixture('anthropic/text'), drop(40)), /drop\(40\) cannot apply: the stream has 9 frames \(0 to 8\), so it has no frame 40/],
    [() => applyFaults(fixture('anthropic/text'), truncateAfter(9)), /truncateAfter\(9\) cannot apply: the stream has 9 frames; pass 1 to 8/],
    [() => applyFaults(fixture('anthropic/text'), cutInside(2, 500)), /frame 2 has \d+ characters; pass 1 to \d+/],
    [() => applyFaults(fixture('anthropic/text'), removeIndex()), /applies to Chat Completions streams/],
    [() => applyFaults(fixture('chat-completions/text'), removeIndex()), /no frame carries a tool-call fragment with an index/],
    [() => applyFaults(fixture('anthropic/text'), appendError({ style: 'event' })), /leave style out/],
    [() => applyFaults(fixture('chat-completions/error-mid-stream'), dropEnd()), /has no frame that ends a finished chat-completions answer/],
    [() => applyFaults(fixture('anthropic/text'), cutInside(2, 5), appendError()), /apply it before cutInside/],
    [() => applyFaults(fixture('anthropic/text'), addBOM(), addBOM()), /already starts with a byte-order mark/],
    [() => applyFaults(fixture('anthropic/text'), stripFinalBlankLine(), stripFinalBlankLine()), /no blank line after it already/],
    [() => applyFaults(fixture('anthropic/text'), joinDataLines(8)), /frame 8 is the last/],
    [() => applyFaults(fixture('anthropic/text'), { name: 'x' } as never), /takes faults made by this module/],
    [() => drop(-1), /drop\(frame\) takes the frame to drop \(0-based\) as a whole number/],
    [() => drop('2' as never), /received the string "2"/],
    [() => swap(3, 3), /two different frames/],
    [() => stall(2, -5), /in milliseconds, a number of 0 or more \(Infinity for forever\)/],
    [() => delay(2, Infinity), /in milliseconds, a number of 0 or more; it received a number \(Infinity\)/],
    [() => pace({ jitter: 2 }), /jitter.*from 0 to 1/],
    [() => pace({ tokensPerSec: 0 }), /tokensPerSec.*above 0/],
    [() => renameEvent(1, 'a\nb'), /non-empty string on one line/],
    [() => appendError({ message: 5 } as never), /message is a string/],
  ])('%#', (call, message) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });

  test('a script without a format says how to give it one', () => {
    expect(() => applyFaults('data: hello\n\n', dropEnd())).toThrow(/make the script with scriptOf\(stream, \{ format \}\)/);
  });

  test('faults print as their names', () => {
    expect(String(drop(3))).toBe('drop(3)');
    expect(`${pace({ ttftMs: 5 })}`).toBe('pace({"ttftMs":5})');
  });
});
