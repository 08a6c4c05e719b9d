// One read per stream, the options a live read takes, the kept text, and no timer left behind.
import { describe, expect, test, vi } from 'vitest';
import { reconstructStream } from '../../../src/index.js';
import { configure } from '../../../src/runners/vitest.js';
import { chat, chatAnswer, scripted } from './helpers.js';


describe('one read per stream', () => {
  test('reconstructStream, then matchers, then reconstructStream again: one read, the same result', async () => {
    const source = scripted([chat.role, chat.delta('once'), chat.finish, chat.done]);
    const first = await reconstructStream(source.stream);
    const pulled = source.pulled;
    await expect(source.stream).toBeComplete();
    await expect(source.stream).toHaveText('once');
    expect(await reconstructStream(source.stream)).toBe(first);
    expect(source.pulled).toBe(pulled);
  });

  test('another format reads the kept text again, keeping the live read’s timing and its stall', async () => {
    const source = scripted([chat.role, chat.delta('x'), 'hang']);
    const first = await reconstructStream(source.stream, { deadlines: { idleMs: 60 } });
    const again = await reconstructStream(source.stream, { format: 'chat-completions' });
    expect(again).not.toBe(first);
    expect(again.outcome).toBe('stalled');
    expect(again.timing).toEqual(first.timing);
    expect(again.summary).toContain('stalled');
    expect(again.findingCounts.stalled).toBe(1);
    expect(again.source).toBe(first.source);
  });

  test('another format when the text was not kept whole says what to do', async () => {
    const big = chat.role + Array.from({ length: 9000 }, (_, i) => chat.delta(`piece ${i} `)).join('') + chat.finish + chat.done;
    const source = scripted([big]);
    const first = await reconstructStream(source.stream);
    expect(first.verdict).toBe('complete');
    await expect(reconstructStream(source.stream, { format: 'anthropic' })).rejects.toThrow(
      /this stream was read already \(with the format told from the frames\), and its text is not kept whole .* cannot be read again as anthropic/,
    );
    expect(() => first.source?.text()).toThrow(RangeError);
    expect(() => first.source?.text()).toThrow(/up to 1,048,576 characters .*response\.clone\(\)/);
  });

  test('source.text() with frames: false keeps nothing, and says so', async () => {
    const source = scripted([chatAnswer(['a'])]);
    const result = await reconstructStream(source.stream, { frames: false });
    expect(result.verdict).toBe('complete');
    expect(() => result.source?.text()).toThrow(/frames: false/);
  });

  test('no timer is left once a read ends, a deadline passes or a signal aborts', async () => {
    // Every timer set during the reads has fired or been cleared by the end (counted here, not process-wide: other
    // test files may share the process).
    const live = new Set<unknown>();
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    const set = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
      const handle: unknown = realSet(() => {
        live.delete(handle);
        callback();
      }, ms);
      live.add(handle);
      return handle;
    }) as typeof setTimeout);
    const clear = vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((handle: Parameters<typeof clearTimeout>[0]) => {
      live.delete(handle);
      realClear(handle);
    }) as typeof clearTimeout);
    try {
      await reconstructStream(scripted([chatAnswer(['a'])]).stream);
      await reconstructStream(scripted([chat.role, 'hang']).stream, { deadlines: { firstContentMs: 30 } });
      const controller = new AbortController();
      const reading = reconstructStream(scripted(['hang']).stream, { signal: controller.signal });
      controller.abort();
      await reading;
      expect(set).toHaveBeenCalled();
      expect(live.size).toBe(0);
    } finally {
      set.mockRestore();
      clear.mockRestore();
    }
  });
});

describe('options a live read takes are checked', () => {
  test('configure() takes { deadlines } and says what to pass otherwise', () => {
    expect(() => configure({ deadlines: { idle: 5 } } as never)).toThrow(/^sse-reconstruct: configure\(\) settings\.deadlines\.idle is not a field\. Did you mean "idleMs"\?/);
    expect(() => configure({ timeout: 5 } as never)).toThrow(/settings\.timeout is not an option/);
    expect(() => configure('fast' as never)).toThrow(/settings must be an object such as \{ deadlines: \{ firstContentMs: 2000/);
    const previous = configure({ deadlines: { idleMs: 5 } });
    expect(configure(previous)).toEqual({ deadlines: { idleMs: 5 } });
  });

  const stream = () => scripted([chatAnswer(['a'])]).stream;
  test.each([
    [{ signal: 'stop' }, /^sse-reconstruct: reconstructStream\(\) options\.signal must be an AbortSignal \(such as AbortSignal\.timeout\(5000\) or controller\.signal\); received "stop"\.$/],
    [{ startedAt: Number.NaN }, /options\.startedAt must be a performance\.now\(\) reading taken when the request was sent; received NaN/],
    [{ deadlines: 'x' }, /options\.deadlines must be an object such as/],
    [{ deadlines: { firstByteMs: -1 } }, /options\.deadlines\.firstByteMs must be a number of milliseconds, at least 0 \(Infinity for no limit\); received -1/],
    [{ deadlines: { idleMS: 10 } }, /options\.deadlines\.idleMS is not a field\. Did you mean "idleMs"\?/],
    [{ signa: AbortSignal.abort() }, /options\.signa is not an option\. Did you mean "signal"\?/],
  ])('%o', async (options, message) => {
    await expect(reconstructStream(stream(), options as never)).rejects.toThrow(TypeError);
    await expect(reconstructStream(stream(), options as never)).rejects.toThrow(message);
  });
});
