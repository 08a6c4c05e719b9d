// The live-read cache is the matchers' (src/matchers/live-reads.ts): two matchers on one Response read it once, and
// core's reconstructStream() keeps nothing (a second read of the same body is the caller's mistake, and says so).
import { describe, expect, test } from 'vitest';
import { reconstructStream as coreReconstructStream } from '../../src/core/index.js';
import { reconstructStream } from '../../src/index.js';
import '../../src/runners/vitest.js';
import { chat, scripted } from '../core/input/helpers.js';

const eventStream = { 'content-type': 'text/event-stream' };
const encoder = new TextEncoder();
/** A Response whose body writes `frames` as bytes, counting the chunks read. */
function responseOf(frames: string[]) {
  const source = scripted(frames.map((frame) => encoder.encode(frame)));
  return { source, response: new Response(source.stream as ReadableStream<Uint8Array>, { headers: eventStream }) };
}

describe('one read per Response, kept by the matchers', () => {
  test('two matchers on one Response read its body once', async () => {
    const { source, response } = responseOf([chat.role, chat.delta('once'), chat.finish, chat.done]);
    await expect(response).toBeComplete();
    const pulled = source.pulled;
    expect(pulled).toBeGreaterThan(0);
    await expect(response).toHaveText('once');
    await expect(response).toBeFormat('chat-completions');
    expect(source.pulled).toBe(pulled);
    expect((await reconstructStream(response)).choices[0]?.text).toBe('once');
  });

  test('a matcher asking for another format reads the kept text again, through the same stages', async () => {
    const { response } = responseOf([chat.role, chat.delta('again'), chat.finish, chat.done]);
    const first = await reconstructStream(response);
    await expect(response).toBeFormat('chat-completions');
    const again = await reconstructStream(response, { format: 'chat-completions' });
    expect(again).not.toBe(first);
    expect(again.choices).toEqual(first.choices);
    expect(again.trace).toEqual(first.trace);
  });

  test("core's reconstructStream keeps no read: a second read of one body finds it read already", async () => {
    const { response } = responseOf([chat.role, chat.delta('x'), chat.finish, chat.done]);
    const first = await coreReconstructStream(response);
    expect(first.choices[0]?.text).toBe('x');
    const second = await coreReconstructStream(response);
    expect(second).not.toBe(first);
    expect(second.source?.readError).toMatch(/already read by something else/);
    expect(second.choices).toEqual([]);
  });
});
