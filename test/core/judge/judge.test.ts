import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../../src/index.js';

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}`;

/** A timestamped capture: each frame stamped at the given second. */
function stamped(frames: Array<[number, string]>): string {
  const at = (s: number) => `2026-11-30T10:00:${String(Math.floor(s % 60)).padStart(2, '0')}.${String(Math.round((s % 1) * 1000)).padStart(3, '0')}Z`;
  return frames.map(([s, line]) => `${at(s)} ${line}\n${at(s)}\n`).join('');
}

describe('stall deadlines on timestamped captures', () => {
  it('reads arrival times and finds no stall within the default deadlines', () => {
    const result = reconstruct(
      stamped([
        [0, chunk({ role: 'assistant', content: '' })],
        [1.5, chunk({ content: 'Hello' })],
        [2, chunk({}, 'stop')],
        [2.25, 'data: [DONE]'],
      ]),
    );
    expect(result.timestamped).toBe(true);
    expect(result.frames.map((frame) => frame.elapsedMs)).toEqual([0, 1500, 2000, 2250]);
    expect(result.timing).toEqual({ firstContentMs: 1500, maxIdleMs: 750, totalMs: 2250 });
    expect(result.outcome).toBe('ok');
    expect(result.findings).toEqual([]);
  });

  it('is stalled when the first content comes after the first-content deadline', () => {
    const result = reconstruct(
      stamped([
        [0, chunk({ role: 'assistant', content: '' })],
        [25, chunk({ content: 'late' })],
        [26, chunk({}, 'stop')],
        [26, 'data: [DONE]'],
      ]),
    );
    expect(result.outcome).toBe('stalled');
    expect(result.verdict).toBe('complete');
    const stall = result.findings.find((finding) => finding.code === 'stalled');
    expect(stall).toMatchObject({ line: 3, frame: 1 });
    expect(stall?.message).toContain('25 s');
  });

  it('is stalled when content stops for longer than the idle deadline, and takes custom deadlines', () => {
    const capture = stamped([
      [0, chunk({ content: 'a' })],
      [5, chunk({ content: 'b' })],
      [12, chunk({}, 'stop')],
      [12, 'data: [DONE]'],
    ]);
    expect(reconstruct(capture).outcome).toBe('ok');
    const strict = reconstruct(capture, { deadlines: { idleMs: 4000 } });
    expect(strict.outcome).toBe('stalled');
    expect(strict.findingCounts.stalled).toBe(1);
  });

  it('puts a stall before an error and a drop in the outcome order', () => {
    const result = reconstruct(stamped([[0, chunk({ role: 'assistant' })], [40, chunk({ content: 'x' })]]));
    expect(result.verdict).toBe('did not finish');
    expect(result.outcome).toBe('stalled');
  });
});

describe('outcome precedence: error, then dropped, then length limit, then filtered', () => {
  it('error_event beats dropped', () => {
    const result = reconstruct(`${chunk({ content: 'x' })}\n\ndata: {"error":{"message":"boom","type":"server_error"}}\n\n`);
    expect(result.outcome).toBe('error_event');
    expect(result.verdict).toBe('did not finish');
    expect(result.error).toEqual({ message: 'boom', type: 'server_error' });
  });

  it('dropped when the end never came, even with a length finish reason', () => {
    const result = reconstruct(`${chunk({ content: 'x' })}\n\n${chunk({}, 'length')}\n\n`);
    expect(result.outcome).toBe('dropped');
    expect(result.findingCounts['no end']).toBe(1);
  });

  it('length_limit and filtered follow the finish reason table', () => {
    expect(reconstruct(`${chunk({ content: 'x' })}\n\n${chunk({}, 'length')}\n\ndata: [DONE]\n\n`).outcome).toBe('length_limit');
    const filtered = reconstruct(`${chunk({ content: 'x' })}\n\n${chunk({}, 'content_filter')}\n\ndata: [DONE]\n\n`);
    expect(filtered.outcome).toBe('filtered');
    expect(filtered.choices[0]?.finishMeaning).toMatch(/filter/i);
  });

  it('gives an unknown finish reason a meaning that says so, a finding, and an outcome that is not ok', () => {
    const result = reconstruct(`${chunk({ content: 'x' })}\n\n${chunk({}, 'gremlins')}\n\ndata: [DONE]\n\n`);
    expect(result.choices[0]?.finishMeaning).toContain('"gremlins"');
    expect(result.findings.map((f) => f.code)).toContain('unknown finish reason');
    expect(result.outcome).toBe('error_event');
  });
});

describe('the summary line', () => {
  it('says format, verdict, outcome, choices, text, tool calls and findings', () => {
    const result = reconstruct(`${chunk({ content: 'Hello' })}\n\n${chunk({}, 'stop')}\n\ndata: [DONE]\n\n`);
    expect(result.summary).toBe('chat-completions · complete · ok · 1 choice · 5 chars of text · 0 tool calls · 0 findings');
  });
});

describe('a stream that goes quiet and is then cut', () => {
  it('is stalled at the frame that came after the idle deadline', () => {
    const result = reconstruct(
      stamped([
        [0, chunk({ role: 'assistant', content: 'a' })],
        [1, chunk({ content: 'b' })],
      ]) + '2026-11-30T10:00:33.000Z data: {"id":"c1","obj',
    );
    expect(result.outcome).toBe('stalled');
    expect(result.verdict).toBe('did not finish');
    expect(result.frames[2]?.carried).toBe('cut off inside the frame: not read');
    expect(result.findings.find((finding) => finding.code === 'stalled')).toMatchObject({ line: 5, frame: 2 });
  });
});
