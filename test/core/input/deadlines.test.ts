// Live reads with deadlines: a hung stream is cancelled at its deadline, whatever kept the socket busy, and every
// limit counts from the start of reading.
import { describe, expect, test, vi } from 'vitest';
import { reconstruct, reconstructStream } from '../../../src/index.js';
import '../../../src/runners/vitest.js';
import { anthropic, anthropicAnswer, chat, chatAnswer, scripted, wait } from './helpers.js';

const stalledFinding = (result: { findings: Array<{ code: string; message: string }> }) => result.findings.find((finding) => finding.code === 'stalled');

describe('a deadline stops the read while it waits', () => {
  test('no byte at all: stalled at firstByteMs, the stream cancelled', async () => {
    const source = scripted(['hang']);
    const started = performance.now();
    const result = await reconstructStream(source.stream, { deadlines: { firstByteMs: 100 } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    expect(result.outcome).toBe('stalled');
    expect(source.cancelled).not.toBeNull();
    expect(stalledFinding(result)?.message).toMatch(/^No byte arrived within 100 ms of the moment reading began \(deadline firstByteMs\)\. Not one byte came\./);
    expect(result.timing.firstByteMs).toBeNull();
    // start + 100 − start can come out a hair under 100 in floating point.
    expect(result.timing.totalMs).toBeGreaterThanOrEqual(100 - 1e-9);
  });

  test('a `: connected` comment, then silence, fails firstContentMs: 200 at 200 ms', async () => {
    const source = scripted([': connected\n\n', { waitMs: 800 }, chatAnswer(['late'])]);
    const result = await reconstructStream(source.stream, { deadlines: { firstContentMs: 200 } });
    // Stalled, and the answer that would come at 800 ms never read: the deadline ended the read, not the stream.
    expect(result.outcome).toBe('stalled');
    expect(source.cancelled).not.toBeNull();
    expect(source.pending()).toBe(0);
    const message = stalledFinding(result)?.message ?? '';
    expect(message).toContain('No content arrived within 200 ms of the moment reading began (deadline firstContentMs)');
    expect(message).toContain('13 bytes came, but no whole frame');
    // On a loaded machine the deadline can pass before the first read is handled: then no byte was timed at all.
    expect(result.timing.firstByteMs ?? 0).toBeLessThanOrEqual(result.timing.totalMs!);
  });

  test('291 of a 292-byte frame at once, then 600 ms: no first content, total past 300 ms', async () => {
    const body = chatAnswer(['Hello']);
    const firstFrame = chat.role;
    const bytes = new TextEncoder().encode(firstFrame);
    const source = scripted([bytes.slice(0, bytes.length - 1), { waitMs: 600 }, bytes.slice(bytes.length - 1), body.slice(firstFrame.length)]);
    const stream = source.stream;
    await expect(expect(stream).toArriveWithin({ firstByteMs: 100, firstContentMs: 100, totalMs: 300 })).rejects.toThrow(/first content/);
    const result = await reconstructStream(stream);
    expect(result.outcome).toBe('stalled');
    // On a loaded machine the deadline can pass before the first read is handled: then no byte was timed at all.
    expect(result.timing.firstByteMs ?? 0).toBeLessThanOrEqual(result.timing.totalMs!);
    expect(result.timing.totalMs).toBeGreaterThanOrEqual(100 - 1e-9);
    expect(source.cancelled).not.toBeNull();
  });

  test('content, then only Anthropic pings: stalled at idleMs, naming the last content and the last ping', async () => {
    const steps = [anthropic.start, anthropic.blockStart, anthropic.delta('Hi'), ...Array.from({ length: 20 }, () => [{ waitMs: 40 }, anthropic.ping]).flat(), anthropic.stop];
    const source = scripted(steps);
    const result = await reconstructStream(source.stream, { deadlines: { idleMs: 250 } });
    expect(result.outcome).toBe('stalled');
    expect(result.verdict).toBe('did not finish');
    expect(result.choices[0]?.text).toBe('Hi');
    const message = stalledFinding(result)?.message ?? '';
    expect(message).toMatch(/^No content came for 250 ms after frame 2 \(content_block_delta, line 7, \d+ ms in\), past the idleMs deadline \(250 ms between content\); pings, comments and frames without content do not count\. The last frame was frame \d+ \(ping, line \d+/);
    expect(message).toContain('The read was cancelled there (the reader and the body).');
    expect(source.cancelled).not.toBeNull();
    expect(source.pulled).toBeLessThan(steps.length);
  });

  test('heartbeat comments keep the socket busy but are not progress', async () => {
    const steps = [chat.role, chat.delta('a'), ...Array.from({ length: 30 }, () => [{ waitMs: 30 }, ': keepalive\n\n']).flat(), chat.finish, chat.done];
    const source = scripted(steps);
    const result = await reconstructStream(source.stream, { deadlines: { idleMs: 200 } });
    expect(result.outcome).toBe('stalled');
    expect(stalledFinding(result)?.message).toContain('past the idleMs deadline');
  });

  test('the end frame came but the body never closed: stalled, and the message says so', async () => {
    const source = scripted([chatAnswer(['done']), 'hang']);
    const result = await reconstructStream(source.stream, { deadlines: { idleMs: 150 } });
    expect(result.outcome).toBe('stalled');
    expect(result.verdict).toBe('complete');
    expect(result.trace?.terminalSeen).toBe(true);
    expect(stalledFinding(result)?.message).toContain('The frame that ends the stream had come, but the body was never closed');
  });

  test('a stream that keeps sending content is stopped at totalMs', async () => {
    const steps = [chat.role, ...Array.from({ length: 100 }, (_, i) => [{ waitMs: 20 }, chat.delta(`${i} `)]).flat(), chat.finish, chat.done];
    const source = scripted(steps);
    const result = await reconstructStream(source.stream, { deadlines: { totalMs: 300 } });
    expect(result.outcome).toBe('stalled');
    expect(stalledFinding(result)?.message).toMatch(/^The stream was still open 300 ms after reading began \(deadline totalMs\)/);
    expect(result.timing.totalMs).toBeCloseTo(300, -1);
    expect(result.choices[0]?.text.length).toBeGreaterThan(0);
  });

  test('a deadline that moves sooner (the first content starts a short idle wait) is kept', async () => {
    const source = scripted([chat.role, chat.delta('x'), 'hang']);
    const result = await reconstructStream(source.stream, { deadlines: { firstContentMs: 5000, idleMs: 100 } });
    expect(stalledFinding(result)?.message).toContain('past the idleMs deadline (100 ms between content)');
  });

  test('within every deadline: no stall, timing from the start of reading', async () => {
    const source = scripted([{ waitMs: 60 }, chat.role, chat.delta('a'), { waitMs: 60 }, chat.delta('b'), chat.finish, chat.done]);
    const result = await reconstructStream(source.stream, { deadlines: { firstContentMs: 2000, idleMs: 2000 } });
    expect(result.outcome).toBe('ok');
    expect(result.timing.firstByteMs).toBeGreaterThanOrEqual(50);
    expect(result.timing.firstContentMs).toBeGreaterThanOrEqual(50);
    expect(result.timing.maxIdleMs).toBeGreaterThanOrEqual(50);
    expect(result.timing.totalMs).toBeGreaterThanOrEqual(110);
    expect(source.cancelled).toBeNull();
  });

  test('startedAt moves the origin back: time already spent counts', async () => {
    const startedAt = performance.now();
    await wait(150);
    const source = scripted([chat.role, { waitMs: 10 }, chatAnswer(['late']).slice(chat.role.length)]);
    const result = await reconstructStream(source.stream, { startedAt, deadlines: { firstContentMs: 100 } });
    expect(result.outcome).toBe('stalled');
    expect(stalledFinding(result)?.message).toContain('No content arrived within 100 ms of the moment reading began');
  });
});

describe('long and absent deadlines', () => {
  test('a deadline past a timer’s longest delay does not fire at once, again and again', async () => {
    const source = scripted([chat.role, { waitMs: 150 }, chat.delta('a'), chat.finish, chat.done]);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      const result = await reconstructStream(source.stream, { deadlines: { firstByteMs: 1e12, firstContentMs: 1e12, idleMs: Infinity, totalMs: 1e13 } });
      expect(result.outcome).toBe('ok');
      // The script's one wait, and the watch's one timer (a delay past 2^31 - 1 ms would fire every millisecond).
      expect(timers.mock.calls.length).toBeLessThan(5);
    } finally {
      timers.mockRestore();
    }
  });
});

describe('a signal ends the read the same way', () => {
  test('an abort part-way: stalled, with the reason, the stream cancelled', async () => {
    const source = scripted([chat.role, chat.delta('a'), 'hang']);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('the test gave up')), 80);
    const result = await reconstructStream(source.stream, { signal: controller.signal });
    expect(result.outcome).toBe('stalled');
    expect(stalledFinding(result)?.message).toMatch(/^The signal ended the read \d+ ms after reading began: the test gave up\./);
    expect(source.cancelled).not.toBeNull();
    expect(result.choices[0]?.text).toBe('a');
  });

  test('AbortSignal.timeout, and a signal aborted before the read begins', async () => {
    const hung = scripted(['hang']);
    const timedOut = await reconstructStream(hung.stream, { signal: AbortSignal.timeout(60) });
    expect(stalledFinding(timedOut)?.message).toContain('The operation was aborted due to timeout');
    const early = scripted([chatAnswer(['never read'])]);
    const result = await reconstructStream(early.stream, { signal: AbortSignal.abort('not today') });
    expect(result.outcome).toBe('stalled');
    expect(early.pulled).toBe(0);
    expect(stalledFinding(result)?.message).toContain('not today');
  });

  test('an async generator that hangs is left at once', async () => {
    let finished = false;
    async function* hangs() {
      try {
        yield chat.role;
        await new Promise(() => undefined);
      } finally {
        finished = true;
      }
    }
    const result = await reconstructStream(hangs(), { deadlines: { firstContentMs: 100 } });
    expect(result.outcome).toBe('stalled');
    expect(finished).toBe(false); // a generator stuck in an await cannot be stopped; it is only no longer read
  });
});

describe('the held bound stops reading at once', () => {
  test('an endless body without a blank line is cancelled just past the bound, not held', async () => {
    let pulled = 0;
    let cancelled = false;
    const piece = new TextEncoder().encode(`data: ${'x'.repeat(64 * 1024 - 6)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(piece);
      },
      cancel() {
        cancelled = true;
      },
    });
    const result = await reconstructStream(endless, { deadlines: { totalMs: 5000 } });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(20 + 2); // 1 MiB in 64 KiB chunks, and the reader's queue
    expect(result.findingCounts['too large']).toBe(1);
    expect(result.outcome).not.toBe('stalled');
  });
});

describe('the fast lane stays on for live streams', () => {
  test('the same frames, answer and findings as reconstruct() of the same chunks, with arrival times per chunk', async () => {
    const body = anthropicAnswer(Array.from({ length: 200 }, (_, i) => `word${i} `));
    const chunks: string[] = [];
    for (let at = 0; at < body.length; at += 997) chunks.push(body.slice(at, at + 997));
    const source = scripted(chunks.flatMap((chunk, i) => (i === 10 ? [{ waitMs: 50 }, chunk] : [chunk])));
    const live = await reconstructStream(source.stream);
    const whole = reconstruct(chunks);
    expect(live.response).toEqual(whole.response);
    expect(live.findings).toEqual(whole.findings);
    const withoutTimes = live.frames.map(({ elapsedMs: _elapsed, ...frame }) => frame);
    expect(withoutTimes).toEqual(whole.frames);
    const times = live.frames.map((frame) => frame.elapsedMs ?? -1);
    expect(times.every((time, i) => time >= 0 && (i === 0 || time >= (times[i - 1] ?? 0)))).toBe(true);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(45);
  });
});

describe('toArriveWithin on a stream that sends nothing', () => {
  test('fails (not a usage error) when no first byte came before its firstByteMs deadline', async () => {
    const source = scripted(['hang']);
    const failure = await Promise.resolve(expect(source.stream).toArriveWithin({ firstByteMs: 100 })).then(
      () => null,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/no first byte arrived in the \d+(\.\d)? ms the read waited/);
    expect(failure?.message).not.toMatch(/Matcher error/);
    expect(source.cancelled).not.toBeNull();
  });
});
