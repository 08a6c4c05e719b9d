// toRelay and toMatchNonStreamed under Jest, from the built package through the preset: a translation that carries
// the answer, one that drops the start (the difference with both places in the message), live sides, `.not`.
const { describe, expect, test } = require('@jest/globals');
const { stripVTControlCharacters } = require('node:util');
const { FORMAT_MODULES, synthesize } = require('../../dist/index.cjs');

function textResponse(format, text) {
  const spec = FORMAT_MODULES.find((module) => module.name === format).fixtures.specs.find((candidate) => candidate.kind === 'text');
  const json = JSON.stringify(spec.response);
  const response = JSON.parse(text === undefined ? json : json.replace('The capital of France is Paris.', text));
  // The Chat Completions fixture carries no usage: give it the counts the others carry (a relay asked for usage).
  if (format === 'chat-completions') response.usage = { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 };
  return response;
}

const upstream = synthesize('anthropic', textResponse('anthropic'));
const relayed = synthesize('chat-completions', textResponse('chat-completions'));
const dropped = synthesize('chat-completions', textResponse('chat-completions', 'tal of France is Paris.'));

async function failure(run) {
  try {
    await run();
  } catch (error) {
    return stripVTControlCharacters(error.message);
  }
  throw new Error('the matcher passed');
}

describe('toRelay', () => {
  test('passes on a translation that carries the answer, live or not', async () => {
    await expect(relayed).toRelay(upstream);
    await expect(new Response(relayed)).toRelay(new Response(upstream).body);
    await expect(dropped).not.toRelay(upstream);
  });

  test('fails with the aligned difference, both places, and both streams', async () => {
    const message = await failure(() => expect(dropped).toRelay(upstream));
    expect(message).toContain('expect(received).toRelay(upstream)');
    expect(message).toMatch(/text dropped at start \(error\) at choices\[0\]\.text/);
    // Each side: its frame and line:column (once the assemblers record places; else none), and its value there.
    expect(message).toMatch(/upstream: {3}(frame #\d+ at \d+:\d+|\(no frame\)) {2}"The capi"/);
    expect(message).toMatch(/downstream: (frame #\d+ at \d+:\d+|\(no frame\)) {2}""/);
    expect(message).toMatch(/Upstream: anthropic/);
    expect(message).toMatch(/Downstream: chat-completions/);
  });

  test('.not on the same answer fails; misuse is a matcher error', async () => {
    expect(await failure(() => expect(relayed).not.toRelay(upstream))).toContain('it carries the same answer');
    expect(await failure(() => expect(relayed).toRelay(upstream, { usage: 'loose' }))).toContain('Matcher error');
  });
});

describe('toMatchNonStreamed', () => {
  test('the stream matches the reply in another format; a dropped start does not', async () => {
    await expect(relayed).toMatchNonStreamed(textResponse('anthropic'));
    await expect(new Response(relayed)).toMatchNonStreamed(new Response(JSON.stringify(textResponse('gemini'))));
    const message = await failure(() => expect(dropped).toMatchNonStreamed(textResponse('anthropic')));
    expect(message).toMatch(/Response: read as anthropic/);
    expect(message).toMatch(/text dropped at start/);
  });
});
