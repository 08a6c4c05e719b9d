// Frames read before any frame names a format wait for one, within a budget: past it they are counted, not kept,
// so an endless stream of frames no format names holds bounded memory (issue 20 item 32).
import { describe, expect, it } from 'vitest';
import { reconstruct, type Frame } from '../../../src/index.js';
import { FindingList } from '../../../src/core/findings.js';
import { FrameDispatch } from '../../../src/core/pipeline/dispatch.js';
import { FrameTable } from '../../../src/core/pipeline/frame-table.js';
import { WAITING_FRAMES } from '../../../src/core/pipeline/waiting.js';

const chunk = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const CHAT = chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop') + 'data: [DONE]\n\n';

function frameAt(index: number): Frame {
  const start = index * 10;
  return { index, event: 'message', data: '{}', lastEventId: '', dispatched: true, line: index * 2 + 1, endLine: index * 2 + 2, start, end: start + 10 };
}

describe('frames waiting for a format', () => {
  it('are kept up to the budget, however many come, with frames: false', () => {
    const dispatch = new FrameDispatch(null, new FrameTable(false), new FindingList());
    const frames = WAITING_FRAMES * 5;
    for (let i = 0; i < frames; i += 1) dispatch.frame(frameAt(i), { kind: 'json', value: {} });
    expect(dispatch.waitingFrames).toBe(WAITING_FRAMES);
    const { findings } = dispatch.finish(false);
    const noFormat = findings.sorted().find((finding) => finding.code === 'no format');
    // Counted, all of them.
    const counted = frames.toLocaleString('en-US'); // counts print with thousands separators
    expect(noFormat?.message).toContain(`The ${counted} frames carry ${counted} JSON objects (no keys)`);
  });

  it('past the budget, a format named later reads only the frames kept, and says so: not the whole stream', () => {
    const early = 'data: {}\n\n'.repeat(WAITING_FRAMES + 10);
    for (const frames of [true, false]) {
      const result = reconstruct(early + CHAT, { frames });
      expect(result.format).toBe('chat-completions');
      expect(result.findingCounts['unread before format']).toBe(1);
      const finding = result.findings.find((f) => f.code === 'unread before format');
      expect(finding?.message).toContain('10 frames');
      expect(finding?.line).toBe(2 * WAITING_FRAMES + 1);
      expect(result.verdict).not.toBe('complete');
      expect(result.choices[0]?.text).toBe('Hi');
    }
  });

  it('within the budget, reads every frame that waited, as before', () => {
    const result = reconstruct('data: {}\n\n'.repeat(10) + CHAT, { frames: false });
    expect(result.findingCounts['unread before format']).toBeUndefined();
    expect(result.choices[0]?.text).toBe('Hi');
  });

  it('keeps an error document that comes past the budget, so the error is still read', () => {
    const error = 'data: {"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}\n\n';
    const result = reconstruct('data: {}\n\n'.repeat(WAITING_FRAMES + 3) + error, { frames: false });
    expect(result.findingCounts['error body']).toBe(1);
    expect(result.error).not.toBeNull();
  });
});
