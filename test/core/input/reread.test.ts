// A live stream asked for again with other options goes through the same stages (decode, detect, assemble, judge)
// from its kept chunks, each at the time it arrived, under the first read's arrival clock: nothing is patched by hand.
import { describe, expect, test } from 'vitest';
import { reconstructStream } from '../../../src/index.js';
import { chat, scripted } from './helpers.js';

describe('reading a live stream again as another format', () => {
  test('the judge times the frames the re-read takes as content, under the arrival facts of the read', async () => {
    const source = scripted([chat.role, { waitMs: 30 }, chat.delta('x'), 'hang']);
    const first = await reconstructStream(source.stream, { deadlines: { idleMs: 60 } });
    expect(first.outcome).toBe('stalled');
    expect(first.timing.firstContentMs).not.toBeNull();

    // Read as Anthropic Messages, no frame carries content: the stall stays (the read was cut there), and the
    // timing is judged from the frames read this time, not copied.
    const again = await reconstructStream(source.stream, { format: 'anthropic' });
    expect(again.outcome).toBe('stalled');
    expect(again.findingCounts.stalled).toBe(1);
    expect(again.findings.find((finding) => finding.code === 'stalled')).toEqual(first.findings.find((finding) => finding.code === 'stalled'));
    expect(again.timing).toEqual({ ...first.timing, firstContentMs: null, maxIdleMs: null });
    expect(again.frames.map((frame) => frame.elapsedMs)).toEqual(first.frames.map((frame) => frame.elapsedMs));
    // The frames were not read as Anthropic frames: the last one is named by its event, not a type it was read with.
    expect(again.trace).toEqual({ ...first.trace, firstContentMs: null, lastEventType: 'message', outcome: 'stalled', stopReason: null });
    expect(again.source).toBe(first.source);
  });

  test('read again as the format it was read as, with other options, it gives what the first read gave', async () => {
    const source = scripted([chat.role, chat.delta('same'), chat.finish, chat.done]);
    const first = await reconstructStream(source.stream);
    const again = await reconstructStream(source.stream, { format: 'chat-completions' });
    expect(again).not.toBe(first);
    const { source: _a, frames: framesAgain, ...rest } = again;
    const { source: _b, frames: framesFirst, ...restFirst } = first;
    expect(rest).toEqual(restFirst);
    expect(framesAgain).toEqual(framesFirst);
  });
});
