import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../../src/index.js';
import type { FormatName, Reconstruction } from '../../../src/index.js';

/** The recorded streams: byte copies of the shared corpus, one folder per format. */
const recorded = new URL('../../../fixtures/recorded/', import.meta.url);
const streamsOf = (format: FormatName) => readdirSync(new URL(`${format}/`, recorded)).filter((name) => name.endsWith('.sse'));
const readStream = (format: FormatName, name: string) => readFileSync(new URL(`${format}/${name}`, recorded), 'utf8');
const codes = (result: Reconstruction) => result.findings.map((finding) => finding.code);

describe('detection: every recorded stream is read as the format of its folder', () => {
  const formats: FormatName[] = ['chat-completions', 'responses', 'anthropic', 'gemini', 'behavior-run'];
  for (const format of formats) {
    const names = streamsOf(format);
    it(`${format} has recorded streams`, () => expect(names.length).toBeGreaterThan(0));
    for (const name of names) {
      it(`${format}/${name}`, () => {
        const result = reconstruct(readStream(format, name));
        expect(result.format).toBe(format);
        expect(codes(result)).not.toContain('mixed');
      });
    }
  }
});

describe('detection: streams that could mislead a reader of the first frame', () => {
  it('a Responses stream without event: lines that ends in [DONE] (as OpenRouter sends it) is Responses', () => {
    const original = readStream('responses', 'pydantic-ai--gpt4o-text.sse');
    const bare = `${original.replace(/^event: .*\n/gm, '')}data: [DONE]\n\n`;
    expect(bare).not.toMatch(/^event:/m);
    const result = reconstruct(bare);
    expect(result.format).toBe('responses');
    expect(codes(result)).not.toContain('mixed');
    expect(result.choices[0]?.text).toBe(reconstruct(original).choices[0]?.text);
  });

  it('an OpenRouter chat stream with `: OPENROUTER PROCESSING` comment lines is Chat Completions', () => {
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'gen-1', object: 'chat.completion.chunk', created: 1, model: 'openai/gpt-4o', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const stream = [': OPENROUTER PROCESSING\n\n', ': OPENROUTER PROCESSING\n\n', chunk({ role: 'assistant', content: 'Hel' }), ': OPENROUTER PROCESSING\n\n', chunk({ content: 'lo' }), chunk({}, 'stop'), 'data: [DONE]\n\n'].join('');
    const result = reconstruct(stream);
    expect(result.format).toBe('chat-completions');
    expect(result.choices[0]?.text).toBe('Hello');
    expect(result.verdict).toBe('complete');
    expect(codes(result)).not.toContain('mixed');
  });

  it('a Gemini stream whose first frame has no candidates (only usageMetadata) is Gemini, and that frame is read', () => {
    const frame = (payload: object) => `data: ${JSON.stringify(payload)}\r\n\r\n`;
    const stream = [
      frame({ usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 }, modelVersion: 'gemini-2.5-flash' }),
      frame({ candidates: [{ content: { parts: [{ text: 'Hi' }], role: 'model' }, index: 0 }], modelVersion: 'gemini-2.5-flash' }),
      frame({ candidates: [{ content: { parts: [{ text: '!' }], role: 'model' }, finishReason: 'STOP', index: 0 }], modelVersion: 'gemini-2.5-flash' }),
    ].join('');
    const result = reconstruct(stream);
    expect(result.format).toBe('gemini');
    expect(result.usage).toEqual({ promptTokenCount: 5, totalTokenCount: 5 });
    expect(result.choices[0]?.text).toBe('Hi!');
    expect(codes(result)).toEqual(['crlf']);
  });

  it('three Anthropic frames and one chat chunk: Anthropic, mixed, and the chat frame an unknown event', () => {
    const event = (name: string, payload: object) => `event: ${name}\ndata: ${JSON.stringify({ type: name, ...payload })}\n\n`;
    const stream = [
      event('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, usage: { input_tokens: 3, output_tokens: 0 } } }),
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o', choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null }] })}\n\n`,
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hello' } }),
    ].join('');
    const result = reconstruct(stream);
    expect(result.format).toBe('anthropic');
    expect(codes(result)).toContain('mixed');
    const unknown = result.findings.filter((finding) => finding.code === 'unknown event');
    expect(unknown.map((finding) => finding.frame)).toEqual([2]);
    expect(result.choices[0]?.text).toBe('Hello');
  });

  it('a Behavior run is not taken for Responses, though both name response.completed', () => {
    const result = reconstruct(readStream('behavior-run', 'ours--draft-text-only.sse'));
    expect(result.format).toBe('behavior-run');
    expect(codes(result)).toEqual([]);
  });
});

describe('detection: `format` overrides what the frames say', () => {
  it('reads a Gemini stream as Chat Completions when told to, with no mixed finding', () => {
    const result = reconstruct(readStream('gemini', 'pydantic-ai--text.sse'), { format: 'chat-completions' });
    expect(result.format).toBe('chat-completions');
    expect(codes(result)).not.toContain('mixed');
    expect(result.choices.map((choice) => choice.text).join('')).not.toContain('Paris');
  });

  it('reads an Anthropic stream as Gemini when told to: every frame is foreign, none is called mixed', () => {
    const stream = readStream('anthropic', 'anthropic-sdk-python--basic-text.sse');
    const result = reconstruct(stream, { format: 'gemini' });
    expect(result.format).toBe('gemini');
    expect(codes(result)).not.toContain('mixed');
    // The capture has no blank line after its last frame (unterminated); nothing else but foreign frames.
    expect(new Set(codes(result))).toEqual(new Set(['unknown event', 'unterminated', 'no end']));
    expect(result.frames.every((frame) => frame.carried === 'not a Gemini frame: not read')).toBe(true);
    expect(result.verdict).toBe('did not finish');
  });

  it('reads a Behavior run as Behavior Run even when most frames would be read as something else', () => {
    const stream = readStream('behavior-run', 'salyro--refund-helper-complete.sse');
    expect(reconstruct(stream, { format: 'behavior-run' }).response).toEqual(reconstruct(stream).response);
    expect(reconstruct(stream, { format: 'anthropic' }).format).toBe('anthropic');
  });
});
