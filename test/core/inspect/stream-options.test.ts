// inspectStream() takes the checked options reconstructStream() takes (signal, deadlines, startedAt, a bound on what
// it holds; an unknown name is refused) and holds a bounded part of an endless stream: past the bound it counts.
import { describe, expect, it } from 'vitest';
import { inspectStream } from '../../../src/index.js';
import { scripted } from '../input/helpers.js';

const tiny = 'data: {}\n\n';

async function* frames(count: number): AsyncGenerator<string> {
  for (let i = 0; i < count; i += 100) yield tiny.repeat(Math.min(100, count - i));
}

describe('inspectStream options', () => {
  it.each([
    [{ signa: AbortSignal.abort() }, /^sse-reconstruct: inspectStream\(\) options\.signa is not an option\. Did you mean "signal"\?/],
    [{ deadlines: { idleMs: 'soon' } }, /options\.deadlines\.idleMs must be a number of milliseconds/],
    [{ deadlines: { idle: 5 } }, /options\.deadlines\.idle is not a field/],
    [{ maxInspectedChars: 0 }, /options\.maxInspectedChars must be/],
    [{ path: 3 }, /options\.path must be/],
  ])('%o is refused, saying what to pass', async (options, message) => {
    await expect(inspectStream(scripted(['data: a\n\n']).stream, options as never)).rejects.toThrow(message);
  });

  it('the signal stops the read: the events so far, a `stalled` problem, the body cancelled', async () => {
    const source = scripted(['data: a\n\n', 'hang']);
    const controller = new AbortController();
    const reading = inspectStream(source.stream, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('enough')), 30);
    const result = await reading;
    expect(result.events.map((event) => event.data)).toEqual(['a']);
    expect(result.problemCounts.stalled).toBe(1);
    expect(result.problems.find((problem) => problem.code === 'stalled')?.message).toMatch(/signal.*enough/);
    expect(result.stoppedBy).toBe('signal');
    expect(source.cancelled).not.toBeNull();
  });

  it('a deadline stops a stream that hangs', async () => {
    const source = scripted(['data: a\n\n', 'hang']);
    const result = await inspectStream(source.stream, { deadlines: { idleMs: 60 } });
    expect(result.stoppedBy).toBe('idleMs');
    expect(result.problems.find((problem) => problem.code === 'stalled')?.message).toMatch(/idleMs/);
    expect(source.cancelled).not.toBeNull();
  });

  it('a stream that ends on its own: no stall', async () => {
    const result = await inspectStream(scripted(['data: a\n\n']).stream, { deadlines: { idleMs: 5000 } });
    expect(result.stoppedBy).toBeNull();
    expect(result.problemCounts.stalled).toBeUndefined();
    expect(result.counted).toBeNull();
  });
});

describe('what inspectStream() holds is bounded', () => {
  it('past maxInspectedChars, events are counted, not held', async () => {
    const result = await inspectStream(frames(20_000), { maxInspectedChars: 1000 });
    expect(result.events.length).toBeLessThanOrEqual(1000 / tiny.length + 1);
    expect(result.events.every((event) => event.dispatched)).toBe(true);
    expect(result.counted).not.toBeNull();
    expect(result.events.length + (result.counted?.events ?? 0)).toBe(20_000);
    expect(result.counted?.chars).toBe(20_000 * tiny.length - result.events.length * tiny.length);
    expect(result.problems.map((problem) => problem.code)).not.toContain('not dispatched');
  });

  it('the default bound holds a megabyte and counts the rest', async () => {
    const result = await inspectStream(frames(110_000));
    expect(result.events.length).toBeLessThan(110_000);
    expect(result.events.length + (result.counted?.events ?? 0)).toBe(110_000);
  });
});
