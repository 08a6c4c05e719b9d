// A mixed stream (frames of two formats) is read the same way whatever its size: past the 1 MiB of text the frames
// table keeps, the frames another format names keep their data, so the stream is still read again as the format most
// frames name.
import { describe, expect, it } from 'vitest';
import { FRAME_DATA_BUDGET } from '../../../src/core/pipeline/session.js';
import { reconstruct } from '../../../src/index.js';

const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
const messageStart =
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":0}}}\n\n';
const MiB = 1024 * 1024;
const PIECE = 'p'.repeat(1000);

/** The first frame names Anthropic Messages, every other one Chat Completions; `padding` fills it to `size`. */
function mixed(padding: (size: number) => string, size: number): string {
  return messageStart + padding(size) + chunk('a') + chunk('b') + chunk('c', 'stop') + 'data: [DONE]\n\n';
}

const paddings: Record<string, (size: number) => string> = {
  'comment lines': (size) => `: ${PIECE}\n\n`.repeat(Math.ceil(size / (PIECE.length + 4))),
  'long Chat Completions deltas': (size) => chunk(PIECE).repeat(Math.ceil(size / chunk(PIECE).length)),
};

/** What must not change with the size: the format, the answer (padding text aside) and the finding codes. */
function reading(text: string) {
  const result = reconstruct(text);
  return {
    format: result.format,
    verdict: result.verdict,
    outcome: result.outcome,
    choices: result.choices.map((choice) => ({ ...choice, text: choice.text.replaceAll(PIECE, '') })),
    codes: Object.keys(result.findingCounts).sort(),
  };
}

describe('a mixed stream reads the same below and above 1 MiB', () => {
  it.each(Object.keys(paddings))('padded with %s', (name) => {
    const pad = paddings[name] as (size: number) => string;
    const small = mixed(pad, MiB / 2);
    const large = mixed(pad, 2 * MiB);
    expect(small.length).toBeLessThan(FRAME_DATA_BUDGET);
    expect(large.length).toBeGreaterThan(FRAME_DATA_BUDGET);
    const below = reading(small);
    expect(below.format).toBe('chat-completions');
    expect(below.choices[0]?.text).toBe('abc');
    expect(below.codes).toEqual(['mixed', 'unknown event']);
    expect(reading(large)).toEqual(below);
  });
});
