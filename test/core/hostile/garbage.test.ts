// Garbage input is not held whole (issue 13, item 5): past the text the frames table keeps, only the frames that
// listed findings name keep their data, and a frame that cannot be JSON is not handed to JSON.parse.
import { describe, expect, it } from 'vitest';
import { FINDINGS_LISTED_PER_CODE, reconstruct } from '../../../src/index.js';
import { FRAME_DATA_BUDGET } from '../../../src/core/reconstruct.js';

const chunk = (content: string) => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe('not json frames past the kept text', () => {
  it('keep their data only when a listed finding names them', () => {
    const bad = `data: not json ${'x'.repeat(60_000)}\n\n`;
    const count = Math.ceil((3 * FRAME_DATA_BUDGET) / bad.length);
    const result = reconstruct(bad.repeat(count));
    expect(result.findingCounts['not json']).toBe(count);
    const listed = new Set(result.findings.filter((f) => f.code === 'not json').map((f) => f.frame));
    expect(listed.size).toBe(FINDINGS_LISTED_PER_CODE);
    const withData = result.frames.filter((frame) => frame.data !== null);
    const inKeptText = result.frames.filter((frame) => frame.end <= FRAME_DATA_BUDGET).length;
    for (const frame of withData) expect(frame.end <= FRAME_DATA_BUDGET || listed.has(frame.index)).toBe(true);
    expect(withData.length).toBeLessThanOrEqual(inKeptText + FINDINGS_LISTED_PER_CODE);
    expect(result.frames.length - withData.length).toBeGreaterThan(count / 2);
  });

  it('do not stop a stream being read again as the format most frames name', () => {
    // The first frame names Gemini, most frames Chat Completions; garbage past the kept text must not keep the
    // stream from being read again.
    const gemini = `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: 'g' }] }, index: 0 }] })}\n\n`;
    const padding = `data: ${'y'.repeat(60_000)}\n\n`.repeat(Math.ceil((2 * FRAME_DATA_BUDGET) / 60_000));
    const stream = gemini + padding + chunk('a') + chunk('b') + 'data: [DONE]\n\n';
    const result = reconstruct(stream);
    expect(result.format).toBe('chat-completions');
    expect(result.choices[0]?.text).toBe('ab');
  });

  it('read the same whether or not they look like JSON at first', () => {
    for (const data of ['not json', ' nul', 'nullx', 'true false', '\u00a0{}', '', 'tru', '-', '{"a":', '[DONE]', ' [DONE] ']) {
      const result = reconstruct(`data: ${data}\n\n`, { format: 'chat-completions' });
      expect(result.frames[0]?.type === '[DONE]' || result.findingCounts['not json'] === 1, JSON.stringify(data)).toBe(true);
    }
    for (const data of ['null', ' true', 'false ', '0', '-1', '"s"', '[1]', '{}']) {
      const result = reconstruct(`data: ${data}\n\n`, { format: 'chat-completions' });
      expect(result.findingCounts['not json'], JSON.stringify(data)).toBeUndefined();
    }
  });
});
