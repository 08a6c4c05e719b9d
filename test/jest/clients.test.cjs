// toBeReadableBy and clientsOf under Jest, from the built package through the preset: a whole stream passes, a cut
// one fails naming each client and what it does, a live Response is read once for both.
const { describe, expect, test } = require('@jest/globals');
const { stripVTControlCharacters } = require('node:util');
const { clientsOf } = require('../../dist/index.cjs');
const { fixture } = require('../../dist/fixtures.cjs');

const whole = fixture('chat-completions/text').stream;
const cut = whole.slice(0, whole.lastIndexOf('data: {'));

describe('toBeReadableBy', () => {
  test('a whole stream passes, text or live', async () => {
    await expect(whole).toBeReadableBy(['openai-node']);
    const response = new Response(whole);
    await expect(response).toBeReadableBy(['openai-node']);
    const { readings } = await clientsOf(response);
    expect(readings.every((reading) => reading.verdict === 'hands over the answer' && reading.stream === 'whole')).toBe(true);
  });

  test('a cut stream fails, naming what each reader does', async () => {
    let message = '';
    try {
      await expect(cut).toBeReadableBy(['openai-node']);
    } catch (error) {
      message = stripVTControlCharacters(error.message);
    }
    expect(message).toContain('expect(received).toBeReadableBy(clients)');
    expect(message).toMatch(/for await .*: returns without an error though the stream did not finish/);
    expect(message).toMatch(/finalChatCompletion\(\): throws OpenAIError: missing finish_reason for choice 0/);
    await expect(cut).not.toBeReadableBy(['openai-node']);
  });
});
