// A forced `bedrock` reads both of its framings: the binary AWS event stream of a real body and the SSE frames its
// fixtures are written in, told apart by the first byte; a format with one framing reads with it whatever comes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReconstruction, reconstruct } from '../../../../src/core/index.js';
import { fixtures } from '../../../../src/fixtures/index.js';
import { runInProcess } from '../../../cli/in-process.js';

const vectors = join(import.meta.dirname, '../../../vectors/bedrock');
const capture = (name: string): Uint8Array[] => (JSON.parse(readFileSync(join(vectors, name), 'utf8')) as { chunks: string[] }).chunks.map((c) => new Uint8Array(Buffer.from(c, 'base64')));
const joined = (chunks: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(chunks));

describe('forced format on binary bytes', () => {
  it.each(['converse-reasoning.json', 'converse-validation-exception.json'])('%s: forced bedrock reads it as detection does', (name) => {
    const chunks = capture(name);
    const told = reconstruct(chunks);
    const forced = reconstruct(chunks, { format: 'bedrock' });
    expect(told.format).toBe('bedrock');
    expect(forced.format).toBe('bedrock');
    expect({ choices: forced.choices, verdict: forced.verdict, outcome: forced.outcome, findings: forced.findings, frames: forced.frameCount }).toEqual({
      choices: told.choices,
      verdict: told.verdict,
      outcome: told.outcome,
      findings: told.findings,
      frames: told.frameCount,
    });
    // Binary frames: placed by byte offset, not by line.
    expect(forced.frames.every((frame) => frame.line === 0)).toBe(true);
  });

  it('the real reasoning body, forced, gives its text, its reasoning and its stop reason', () => {
    const result = reconstruct(capture('converse-reasoning.json'), { format: 'bedrock' });
    expect(result.verdict).toBe('complete');
    expect(result.choices[0]?.finishReason).toBe('end_turn');
    expect(result.choices[0]?.text.length).toBeGreaterThan(0);
    expect(result.choices[0]?.reasoning?.length).toBeGreaterThan(0);
  });

  it('one byte at a time, after an empty chunk: the first byte still tells the framing', () => {
    const bytes = joined(capture('converse-reasoning.json'));
    const session = createReconstruction({ format: 'bedrock' });
    session.push(new Uint8Array(0));
    for (let at = 0; at < bytes.length; at += 1) session.push(bytes.subarray(at, at + 1));
    const result = session.end();
    expect(result.choices).toEqual(reconstruct([bytes]).choices);
    expect(result.findings).toEqual([]);
  });

  it('its text fixtures, forced, still read as SSE frames', () => {
    for (const fixture of fixtures('bedrock')) {
      const text = fixture.stream as string;
      const forced = reconstruct(text, { format: 'bedrock' });
      expect(forced.choices).toEqual(reconstruct(text).choices);
      expect(forced.frames.every((frame) => frame.line > 0)).toBe(true);
    }
  });

  it('a format with one framing reads binary bytes with it (SSE): no AWS frame is made', () => {
    const result = reconstruct(capture('converse-reasoning.json'), { format: 'chat-completions' });
    expect(result.format).toBe('chat-completions');
    expect(result.findings.some((finding) => finding.code === 'frame checksum' || finding.offset !== undefined)).toBe(false);
    expect(result.verdict).not.toBe('complete');
  });

  it('the CLI: --format bedrock on a binary body', async () => {
    const run = await runInProcess(['--format', 'bedrock', '--json'], { input: joined(capture('converse-reasoning.json')) });
    const result = JSON.parse(run.stdout) as { format: string; verdict: string; choices: Array<{ finishReason: string }> };
    expect(run.status).toBe(0);
    expect(result).toMatchObject({ format: 'bedrock', verdict: 'complete' });
    expect(result.choices[0]?.finishReason).toBe('end_turn');
  });
});
