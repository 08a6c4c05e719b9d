import { describe, expect, it } from 'vitest';
import { createInspection, inspect, inspectStream, renderInspection } from '../../../src/index.js';
import { HARBOUR } from './examples.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function* arriving(pieces: ReadonlyArray<[string, number]>): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder();
  for (const [text, waitMs] of pieces) {
    await pause(waitMs);
    yield bytes.encode(text);
  }
}

describe('inspectStream', () => {
  it('reads a live stream as it arrives: every event gets its arrival time, the timing its first byte and longest gap', async () => {
    const startedAt = performance.now();
    const result = await inspectStream(arriving([['data: a\n\n', 20], ['data: b\n\n', 5], ['data: c\n\n', 120]]), { startedAt });
    expect(result.events.map((e) => e.data)).toEqual(['a', 'b', 'c']);
    expect(result.events[0]?.elapsedMs).toBe(0);
    expect(result.timing?.firstByteMs).toBeGreaterThanOrEqual(15);
    expect(result.timing?.longestGapBefore).toBe(2);
    expect(result.timing?.longestGapMs).toBeGreaterThanOrEqual(100);
    expect(result.source).toMatchObject({ kind: 'AsyncIterable', chunks: 3, readError: null });
    expect(renderInspection(result)).toMatch(/Timing: first byte \d+ ms · first event 0 ms · longest gap \d+ ms \(before event 2\)/);
  });

  it('gives what inspect() gives for the same text, with the HTTP facts of a Response', async () => {
    const response = new Response(HARBOUR, { headers: { 'content-type': 'text/event-stream' } });
    const { source, timing, events, stoppedBy, counted, ...rest } = await inspectStream(response);
    expect({ stoppedBy, counted }).toEqual({ stoppedBy: null, counted: null });
    const { timing: _timing, events: plainEvents, ...plain } = inspect(HARBOUR);
    expect(rest).toEqual(plain);
    expect(events.map(({ elapsedMs: _e, ...event }) => event)).toEqual(plainEvents);
    expect(source).toMatchObject({ kind: 'Response', status: 200, contentType: 'text/event-stream', httpProblem: null });
    expect(timing?.firstEventMs).toBe(0);
  });

  it('inspects text and bytes as inspect() does', async () => {
    expect(await inspectStream(HARBOUR)).toEqual({ ...inspect(HARBOUR), source: null, stoppedBy: null, counted: null });
  });

  it('arrival times from createInspection().push(chunk, arrivedMs) leave a timestamped capture on its own clock', () => {
    const session = createInspection({ timestamps: true });
    session.push('12:00:00.000 data: a\n12:00:00.000\n', 1000);
    session.push('12:00:01.000 data: b\n12:00:01.000\n', 9000);
    expect(session.end().events.map((e) => e.elapsedMs)).toEqual([0, 1000]);
  });
});
