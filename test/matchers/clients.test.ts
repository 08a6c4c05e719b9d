// toBeReadableBy and clientsOf under Vitest (from src): a whole stream every client reads; streams that real clients
// read otherwise (cut, merged calls, frames without event lines), each named with what the client does; live input.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, test } from 'vitest';
import { clientProfiles, clientsOf, reconstruct } from '../../src/index.js';
import { fixture } from '../../src/fixtures/index.js';
import '../../src/runners/vitest.js';
import { SHARED_INDEX_CALLS as sharedIndex } from '../core/clients/streams.js';

async function failure(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the matcher passed');
}

const whole = fixture('chat-completions/tool-call').stream;
const cut = whole.slice(0, whole.lastIndexOf('data: {'));

describe('clientsOf', () => {
  test('every reader of a whole stream reads it whole', async () => {
    const report = await clientsOf(whole);
    expect(report.stream).toBe('whole');
    expect(report.readings.length).toBe(clientProfiles().get('chat-completions')!.length);
    expect(report.readings.every((reading) => reading.verdict === 'hands over the answer' && reading.readsWhole)).toBe(true);
  });

  test('a stream cut before its end: the loop and streamText() return part of it quietly, the final helper throws', async () => {
    const { readings } = await clientsOf(cut, { clients: ['openai-node', 'ai-sdk'] });
    expect(readings.map((reading) => [reading.reader.split(',')[0], reading.verdict])).toEqual([
      ['for await (chunk of stream)', 'returns part quietly'],
      ['chat.completions.stream().finalChatCompletion()', 'throws'],
      ['streamText() text/toolCalls/finishReason', 'returns part quietly'],
    ]);
    // The AI SDK finishes the step anyway, with a finish reason its caller may not check.
    expect(readings[2]!.notes).toContain('finishReason: other');
    expect(readings[1]!.thrown).toBe('OpenAIError: missing finish_reason for choice 0');
    // LangChain merges what came, in its loop and in invoke() alike.
    const langchain = await clientsOf(cut, { clients: ['@langchain/openai'] });
    expect(langchain.readings.map((reading) => reading.verdict)).toEqual(['returns part quietly', 'returns part quietly']);
  });

  test('a live stream that fails part-way: every reader throws', async () => {
    const resetBody = () => {
      let pulls = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulls++ === 0) controller.enqueue(new TextEncoder().encode(cut));
          else controller.error(new TypeError('terminated'));
        },
      });
    };
    const { readings } = await clientsOf(new Response(resetBody(), { headers: { 'content-type': 'text/event-stream' } }), { clients: ['openai-node', 'ai-sdk'] });
    expect(readings.map((reading) => reading.ends)).toEqual(['throws', 'throws', 'throws']);
    // Every other reader of the format throws on a reset too.
    const all = await clientsOf(new Response(resetBody(), { headers: { 'content-type': 'text/event-stream' } }));
    expect(new Set(all.readings.map((reading) => reading.ends))).toEqual(new Set(['throws']));
  });

  test('only the clients asked for', async () => {
    const { readings } = await clientsOf(fixture('anthropic/text').stream, { clients: ['@anthropic-ai/sdk'] });
    expect(new Set(readings.map((reading) => reading.client))).toEqual(new Set(['@anthropic-ai/sdk']));
    await expect(clientsOf(whole, { clients: ['openai-python-9'] })).rejects.toThrow(/knows no client "openai-python-9"; pass some of "openai-node"/);
  });
});

describe('toBeReadableBy', () => {
  test('passes on a whole stream, for the clients that read its format', async () => {
    await expect(whole).toBeReadableBy(['openai-node']);
    await expect(new Response(whole)).toBeReadableBy(['openai-node', '@anthropic-ai/sdk']);
  });

  test('fails on parallel calls sharing index 0, naming the client and what it does', async () => {
    const message = await failure(() => expect(sharedIndex).toBeReadableBy(['openai-node']));
    expect(message).toContain('expect(received).toBeReadableBy(clients)');
    expect(message).toContain('The stream is broken: its end is there, but it is off its documentation (tool call id changed at line 5: a new tool call at an index already in use); 2 of 2 readers do not hand over the answer the documentation makes of it.');
    expect(message).toMatch(/openai-node >=6\.0\.0 <7, chat\.completions\.stream\(\)\.finalChatCompletion\(\): returns 1 tool call where the stream holds 2, not the documented assembly/);
  });

  test('a broken stream a client reads right: the failure says the stream is what to fix', async () => {
    const message = await failure(() => expect(sharedIndex).toBeReadableBy(['ai-sdk']));
    expect(message).toContain('every reader hands over the answer the documentation makes of it, so the stream is what to fix.');
    expect(message).toMatch(/ai-sdk .*streamText\(\).*: hands its caller the answer the documented assembly makes of this stream: the stream is at fault, not this client/);
  });

  test('a cut: the stream did not finish, and the readers that return hide it', async () => {
    const message = await failure(() => expect(cut).toBeReadableBy(['openai-node']));
    expect(message).toContain('The stream is broken: it was cut before its end (no end: the frame that ends a finished answer never came); 2 of 2 readers do not hand over the answer the documentation makes of it, 1 of them returns part of it quietly.');
  });

  test('fails when an Anthropic relay drops the event lines: the SDK skips every frame', async () => {
    const dataOnly = fixture('anthropic/text').stream.replace(/^event: .*\n/gm, '');
    expect(reconstruct(dataOnly).verdict).toBe('complete');
    const message = await failure(() => expect(dataOnly).toBeReadableBy(['@anthropic-ai/sdk']));
    expect(message).toContain('The stream is whole; 2 of 2 readers do not hand over the answer the documentation makes of it.');
    expect(message).toMatch(/for await .*: returns 0 characters of text where the stream holds 31/);
    expect(message).toMatch(/finalMessage\(\): throws AnthropicError: request ended without sending any chunks/);
  });

  test('.not, and misuse', async () => {
    await expect(cut).not.toBeReadableBy(['openai-node']);
    expect(() => expect(whole).toBeReadableBy(['nobody'])).toThrow(/Pass the clients as an array of names, some of "openai-node"/);
    expect(() => expect(reconstruct(whole)).toBeReadableBy(['openai-node'])).toThrow(/a reconstruction made from text keeps none/);
    expect(() => expect(whole).toBeReadableBy(['@anthropic-ai/sdk'])).toThrow(/none of them reads chat-completions streams/);
  });
});
