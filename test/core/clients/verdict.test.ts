// Each reading's two facts, apart: what the stream is (whole, did not finish, off its documentation) and what the
// client does with it (hands over the answer, returns part quietly, returns another answer, throws, hangs). One body
// per combination real clients produce, read by the real profiles.
import { describe, expect, test } from 'vitest';
import { clientProfiles, clientsOf, reconstruct, type BodyEnding, type ClientReading } from '../../../src/index.js';
import { readingOf } from '../../../src/core/clients/verdict.js';
import { fixture } from '../../../src/fixtures/index.js';
import { SHARED_INDEX_CALLS as sharedIndex } from './streams.js';

// The clients these bodies are about, by format (other clients' profiles of the same formats have their own tests).
const ASKED: Record<string, string[]> = { 'chat-completions': ['openai-node', 'ai-sdk'], anthropic: ['@anthropic-ai/sdk'] };

/** The asked readers of the body's format, each read by its profile, held against the documented assembly. */
function readings(text: string, ending: BodyEnding = 'closed'): ClientReading[] {
  const reconstruction = reconstruct(text);
  const profiles = (clientProfiles().get(reconstruction.format!) ?? []).filter((profile) => ASKED[reconstruction.format!]!.includes(profile.client));
  return profiles.map((profile) => readingOf(profile, profile.read({ text, ending }), reconstruction));
}

function facts(list: readonly ClientReading[]): string[][] {
  return list.map((reading) => [`${reading.client}: ${reading.reader.split(/[ ,]/)[0]}`, reading.stream, reading.verdict, String(reading.readsWhole)]);
}

const chat = fixture('chat-completions/text').stream;
const chatCut = chat.slice(0, chat.lastIndexOf('data: {'));
const anthropic = fixture('anthropic/text').stream;

describe('a whole stream', () => {
  test('every reader hands over the answer: it reads whole', () => {
    const list = readings(chat);
    expect(facts(list)).toEqual([
      ['openai-node: for', 'whole', 'hands over the answer', 'true'],
      ['openai-node: chat.completions.stream().finalChatCompletion()', 'whole', 'hands over the answer', 'true'],
      ['ai-sdk: streamText()', 'whole', 'hands over the answer', 'true'],
    ]);
    expect(list[0]!.streamWhy).toBe('');
    expect(list[0]!.why).toBe('hands its caller the whole answer, as the documented assembly');
  });

  test('a client that skips frames without event lines returns another answer, or throws: the client is at fault', () => {
    const list = readings(anthropic.replace(/^event: .*\n/gm, ''));
    expect(facts(list)).toEqual([
      ['@anthropic-ai/sdk: for', 'whole', 'returns another answer', 'false'],
      ['@anthropic-ai/sdk: messages.stream().finalMessage()', 'whole', 'throws', 'false'],
    ]);
    expect(list[0]!.why).toBe('returns 0 characters of text where the stream holds 31, not the documented assembly');
  });

  test('a body left open after [DONE] hangs the readers that read to the body end; a reset there throws', () => {
    expect(facts(readings(chat, 'open')).map((row) => row.slice(1))).toEqual(Array(3).fill(['whole', 'hangs', 'false']));
    const reset = readings(chat, 'failed');
    expect(reset.map((reading) => [reading.stream, reading.verdict])).toEqual(Array(3).fill(['whole', 'throws']));
    expect(reset[0]!.why).toBe('throws TypeError: terminated after handing over 31 characters');
  });
});

describe('a stream that did not finish', () => {
  test('a cut: the loop and streamText() hide it by returning part quietly, the final helper throws', () => {
    const list = readings(chatCut);
    expect(facts(list).map((row) => row.slice(1))).toEqual([
      ['did not finish', 'returns part quietly', 'false'],
      ['did not finish', 'throws', 'false'],
      ['did not finish', 'returns part quietly', 'false'],
    ]);
    expect(list[0]!.streamWhy).toBe('it was cut before its end (no end: the frame that ends a finished answer never came)');
    expect(list[0]!.why).toMatch(/^returns without an error though the stream did not finish: its caller gets 31 characters and cannot tell it is partial$/);
  });

  test('a cut mid tool call: the part a client keeps may differ from the documented one, and it still hides the cut', () => {
    const tools = fixture('anthropic/tool-call').stream;
    const list = readings(tools.slice(0, tools.lastIndexOf('input_json_delta')));
    expect(list.map((reading) => [reading.stream, reading.verdict])).toEqual([
      ['did not finish', 'returns part quietly'],
      ['did not finish', 'throws'],
    ]);
  });

  test('a cut on a body left open: every reader hangs', () => {
    expect(readings(chatCut, 'open').map((reading) => [reading.stream, reading.verdict])).toEqual(Array(3).fill(['did not finish', 'hangs']));
  });

  test('an error event: the stream says why it did not finish', () => {
    const list = readings(fixture('chat-completions/error-mid-stream').stream);
    expect(list[0]!.stream).toBe('did not finish');
    expect(list[0]!.streamWhy).toMatch(/^it ended in an error/);
  });
});

describe('a stream off its documentation (its end is there)', () => {
  test('parallel calls sharing index 0: the AI SDK hands over both calls right, openai-node merges them', async () => {
    const { stream, streamWhy, readings: list } = await clientsOf(sharedIndex, { clients: ['openai-node', 'ai-sdk'] });
    expect(stream).toBe('off its documentation');
    expect(streamWhy).toBe('its end is there, but it is off its documentation (tool call id changed at line 5: a new tool call at an index already in use)');
    expect(facts(list).map((row) => row.slice(1))).toEqual([
      ['off its documentation', 'returns another answer', 'false'],
      ['off its documentation', 'returns another answer', 'false'],
      ['off its documentation', 'hands over the answer', 'false'],
    ]);
    expect(list[2]!.why).toMatch(/^hands its caller the answer the documented assembly makes of this stream: the stream is at fault, not this client/);
    expect(list[0]!.why).toBe('returns 1 tool call where the stream holds 2, not the documented assembly');
  });

  test('no message_start: the loop hands over what the documentation makes of it, finalMessage() throws', () => {
    const list = readings(anthropic.replace(/^event: message_start\n.*\n\n/m, ''));
    expect(list.map((reading) => [reading.stream, reading.verdict])).toEqual([
      ['off its documentation', 'hands over the answer'],
      ['off its documentation', 'throws'],
    ]);
  });
});
