// What a finished reconstruction keeps alive. Each frame's data is a view of the decoded chunk it came in; anything
// the answer holds on to for longer (a tool call's first frame, a learned frame shape, an event id) must be a copy,
// or it keeps its whole chunk alive. These streams start a tool call in almost every chunk, so one such view per
// call would hold most of the input.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createReconstruction } from '../../../src/index.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const CALLS = 300;
const CHUNK_BYTES = 64 * 1024;
const WORDS = ['alpha', 'beta', '東京', 'gamma', 'über', '数据', 'delta'];

function argumentPieces(call: number): string[] {
  const pieces: string[] = ['{"note":"'];
  for (let i = 0; i < 400; i += 1) pieces.push(`${WORDS[(call + i) % WORDS.length]} `);
  pieces.push('"}');
  return pieces;
}

function chatStream(): string {
  const frames: string[] = [];
  const chunk = (delta: unknown, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  frames.push(chunk({ role: 'assistant', content: null }));
  for (let call = 0; call < CALLS; call += 1) {
    frames.push(chunk({ tool_calls: [{ index: call, id: `call_${call}`, type: 'function', function: { name: 'write_note', arguments: '' } }] }));
    for (const piece of argumentPieces(call)) frames.push(chunk({ tool_calls: [{ index: call, function: { arguments: piece } }] }));
  }
  frames.push(chunk({}, 'tool_calls'), 'data: [DONE]\n\n');
  return frames.join('');
}

function anthropicStream(): string {
  const frames: string[] = [];
  const event = (type: string, body: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`;
  const usage = { input_tokens: 10, output_tokens: 1 };
  frames.push(event('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, stop_sequence: null, usage } }));
  for (let call = 0; call < CALLS; call += 1) {
    frames.push(event('content_block_start', { index: call, content_block: { type: 'tool_use', id: `toolu_${call}`, name: 'write_note', input: {} } }));
    for (const piece of argumentPieces(call)) frames.push(event('content_block_delta', { index: call, delta: { type: 'input_json_delta', partial_json: piece } }));
    frames.push(event('content_block_stop', { index: call }));
  }
  frames.push(event('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 9 } }), event('message_stop', {}));
  return frames.join('');
}

function chunksOf(text: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) chunks.push(bytes.subarray(at, at + CHUNK_BYTES));
  return chunks;
}

describe('a finished reconstruction holds its answer, not the input', () => {
  it.each([
    ['chat-completions', chatStream],
    ['anthropic', anthropicStream],
  ])('%s: 300 tool calls, one starting in almost every chunk', (format, build) => {
    const chunks = chunksOf(build());
    const inputMiB = chunks.length * CHUNK_BYTES / 2 ** 20;
    // Twice: the first full collection leaves some of the stream's building garbage for the second.
    collectGarbage();
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const reading = createReconstruction({ frames: false });
    for (const chunk of chunks) reading.push(chunk);
    const result = reading.end();
    collectGarbage();
    collectGarbage();
    const keptMiB = (process.memoryUsage().heapUsed - before) / 2 ** 20;

    expect(result.format).toBe(format);
    expect(result.findings).toEqual([]);
    expect(result.choices[0]?.toolCalls).toHaveLength(CALLS);
    // The answer keeps about 3 MiB (the arguments as two-byte text, their parsed input as much again). Each decoded
    // chunk is two-byte text of up to 128 KiB: one view per call kept alive held 40 MiB here before it was mended.
    expect(inputMiB).toBeGreaterThan(15);
    expect(keptMiB).toBeLessThan(10);
  });
});
