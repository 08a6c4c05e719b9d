// What the official SDKs really do with each fault the server injects: a stream that ends, a thrown error, or a hang.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { reconstruct } from '../../src/core/index.js';
import { serveStream, type ServeOptions, type StreamServer } from '../../src/server/index.js';

const recorded = join(__dirname, '../../fixtures/recorded');
const CHAT = readFileSync(join(recorded, 'chat-completions/openai-python--text-only.sse'), 'utf8');
const CHAT_TEXT = reconstruct(CHAT).choices[0]?.text ?? '';
// The recorded capture ends without the blank line after message_stop; a provider sends one.
const RECORDED_MESSAGES = readFileSync(join(recorded, 'anthropic/anthropic-sdk-python--basic-text.sse'), 'utf8');
const MESSAGES = `${RECORDED_MESSAGES}\n\n`;
const FIRST_CHUNK = CHAT.split(/(?<=\n\n)/)[0] ?? '';

let server: StreamServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const PENDING = Symbol('still pending');
/** What a promise has become after `ms`: its value, or PENDING. */
function after<T>(promise: Promise<T>, ms: number): Promise<T | typeof PENDING> {
  return Promise.race([promise, new Promise<typeof PENDING>((resolve) => setTimeout(() => resolve(PENDING), ms))]);
}

async function openai(source: string, options: ServeOptions = {}, client: { timeout?: number; maxRetries?: number } = {}) {
  server = await serveStream({ 'POST /v1/chat/completions': source }, options);
  return new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test-key', maxRetries: 2, ...client });
}

async function chatText(client: OpenAI, signal?: AbortSignal): Promise<string> {
  const stream = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true }, { signal });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
  return text;
}

async function anthropic(source: string, options: ServeOptions = {}, client: { timeout?: number; maxRetries?: number } = {}) {
  server = await serveStream({ 'POST /v1/messages': source }, options);
  return new Anthropic({ baseURL: server.url, apiKey: 'test-key', maxRetries: 2, ...client });
}

const PARAMS = { model: 'claude-x', max_tokens: 64, messages: [{ role: 'user' as const, content: 'hi' }] };

async function messageText(client: Anthropic, signal?: AbortSignal): Promise<string> {
  const stream = await client.messages.create({ ...PARAMS, stream: true }, { signal });
  let text = '';
  for await (const event of stream) if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
  return text;
}

describe('openai (Chat Completions) against the fault server', () => {
  test('a clean stream: the SDK gives the text; the journal has what it sent', async () => {
    const client = await openai(CHAT);
    expect(await chatText(client)).toBe(CHAT_TEXT);
    expect(server?.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { model: 'gpt-4o', stream: true } });
    expect(server?.requests[0]?.headers.authorization).toBe('Bearer test-key');
  });

  test('a silent end (no [DONE], cut after 3 frames): the SDK ends quietly with part of the text', async () => {
    const client = await openai(CHAT, { destroy: { afterFrames: 3, how: 'end' } });
    const text = await chatText(client);
    expect(text.length).toBeLessThan(CHAT_TEXT.length);
    expect(CHAT_TEXT.startsWith(text)).toBe(true);
  });

  test('a stream without [DONE] at all: the SDK ends quietly with all the text', async () => {
    const client = await openai(CHAT.replace('data: [DONE]\n\n', ''));
    expect(await chatText(client)).toBe(CHAT_TEXT);
  });

  test.each(['reset', 'close'] as const)('a %s mid-stream: the SDK throws TypeError "terminated"', async (how) => {
    const client = await openai(CHAT, { destroy: { afterFrames: 3, how } });
    await expect(chatText(client)).rejects.toThrow(expect.objectContaining({ name: 'TypeError', message: 'terminated' }));
  });

  test('an error frame after the 200: the SDK throws an APIError with its message', async () => {
    const client = await openai(`${FIRST_CHUNK}data: {"error":{"message":"boom","type":"server_error"}}\n\n`);
    await expect(chatText(client)).rejects.toThrow(expect.objectContaining({ constructor: OpenAI.APIError, message: 'boom', status: undefined }));
  });

  test('a stall after the headers: the SDK waits past its timeout (it covers the headers only); an abort then ends the loop quietly', async () => {
    // A timeout the headers beat even on a loaded machine (at 200 ms a busy run timed out before them), then a wait past it.
    const client = await openai(CHAT, { stall: { afterFrames: 2 } }, { timeout: 1000, maxRetries: 0 });
    const controller = new AbortController();
    const reading = chatText(client, controller.signal);
    expect(await after(reading, 1300)).toBe(PENDING);
    controller.abort();
    // No error: the for-await loop just stops, with the text of the two frames.
    const text = await reading;
    expect(CHAT_TEXT.startsWith(text)).toBe(true);
    expect(text).toBe(reconstruct(CHAT.split(/(?<=\n\n)/).slice(0, 2).join('')).choices[0]?.text);
    const disconnect = await server?.waitForDisconnect();
    expect(disconnect?.afterMs).toBeGreaterThanOrEqual(500);
  });

  test('headers later than its timeout: the SDK throws APIConnectionTimeoutError', async () => {
    const client = await openai(CHAT, { firstByteDelayMs: 600 }, { timeout: 200, maxRetries: 0 });
    await expect(chatText(client)).rejects.toThrow(OpenAI.APIConnectionTimeoutError);
  });

  test('429 once, retry-after 0: the SDK retries by itself and gets the stream', async () => {
    const client = await openai(CHAT, { error: { status: 429, retryAfter: 0, times: 1 } });
    expect(await chatText(client)).toBe(CHAT_TEXT);
    expect(server?.requests).toHaveLength(2);
  });

  test('429 every time: three tries (maxRetries 2), then RateLimitError with the body', async () => {
    const client = await openai(CHAT, { error: { status: 429, retryAfter: 0 } });
    await expect(chatText(client)).rejects.toThrow(expect.objectContaining({ constructor: OpenAI.RateLimitError, status: 429, code: 'rate_limit_exceeded' }));
    expect(server?.requests).toHaveLength(3);
  });

  test('400 with a JSON error: no retry, BadRequestError', async () => {
    const client = await openai(CHAT, { error: { status: 400, message: "'messages' is required" } });
    await expect(chatText(client)).rejects.toThrow(expect.objectContaining({ constructor: OpenAI.BadRequestError, status: 400, message: "400 'messages' is required" }));
    expect(server?.requests).toHaveLength(1);
  });
});

describe('@anthropic-ai/sdk (Messages) against the fault server', () => {
  test('a clean stream: create() and stream().finalMessage() give the answer', async () => {
    const client = await anthropic(MESSAGES);
    expect(await messageText(client)).toBe('Hello there!');
    const message = await client.messages.stream(PARAMS).finalMessage();
    expect(message).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text', text: 'Hello there!' }] });
    expect(server?.requests[0]?.headers).toMatchObject({ authorization: 'Bearer test-key', 'anthropic-version': expect.any(String) });
  });

  test('the recorded capture without its last blank line: create() ends quietly, stream() throws (message_stop never dispatched)', async () => {
    const client = await anthropic(RECORDED_MESSAGES);
    expect(await messageText(client)).toBe('Hello there!');
    await expect(client.messages.stream(PARAMS).finalMessage()).rejects.toThrow('stream ended without producing a Message with role=assistant');
  });

  test('no message_stop: create() ends quietly with the text; stream() throws', async () => {
    const client = await anthropic(MESSAGES.replace(/event: message_stop[^]*$/, ''));
    expect(await messageText(client)).toBe('Hello there!');
    await expect(client.messages.stream(PARAMS).finalMessage()).rejects.toThrow('stream ended without producing a Message with role=assistant');
  });

  test('a reset mid-stream: TypeError "terminated" from create(), AnthropicError from stream()', async () => {
    const client = await anthropic(MESSAGES, { destroy: { afterFrames: 3, how: 'reset' } });
    await expect(messageText(client)).rejects.toThrow(expect.objectContaining({ name: 'TypeError', message: 'terminated' }));
    await expect(client.messages.stream(PARAMS).finalMessage()).rejects.toThrow(expect.objectContaining({ constructor: Anthropic.AnthropicError, message: 'terminated' }));
  });

  test('an overloaded_error event after the 200: APIError carrying the event', async () => {
    const frames = MESSAGES.split(/(?<=\n\n)/);
    const client = await anthropic(`${frames.slice(0, 3).join('')}event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n`);
    await expect(messageText(client)).rejects.toThrow(expect.objectContaining({ constructor: Anthropic.APIError, error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } }));
  });

  test('529 overloaded once: the SDK retries by itself', async () => {
    const client = await anthropic(MESSAGES, { error: { status: 529, retryAfter: 0, times: 1 } });
    expect(await messageText(client)).toBe('Hello there!');
    expect(server?.requests).toHaveLength(2);
  });

  test('429 every time: RateLimitError with the rate_limit_error body after three tries', async () => {
    const client = await anthropic(MESSAGES, { error: { status: 429, retryAfter: 0 } }, { maxRetries: 2 });
    await expect(messageText(client)).rejects.toThrow(
      expect.objectContaining({ constructor: Anthropic.RateLimitError, status: 429, error: { type: 'error', error: { type: 'rate_limit_error', message: 'Rate limit reached; try again later.' } } }),
    );
    expect(server?.requests).toHaveLength(3);
  });

  test('a stall after the headers: the SDK waits past its timeout too; an abort ends the loop quietly', async () => {
    const client = await anthropic(MESSAGES, { stall: { afterFrames: 4 } }, { timeout: 1000, maxRetries: 0 });
    const controller = new AbortController();
    const reading = messageText(client, controller.signal);
    expect(await after(reading, 1300)).toBe(PENDING);
    controller.abort();
    expect(await reading).toBe('Hello');
    expect(await server?.waitForDisconnect()).toMatchObject({ request: 0, path: '/v1/messages' });
  });
});
