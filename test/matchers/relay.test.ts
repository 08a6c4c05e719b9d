// toRelay and toMatchNonStreamed under Vitest (from src): two streams in different formats, live or not, the aligned
// differences with both places in the message, both sides' findings, `.not`, and matcher errors.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, test } from 'vitest';
import { FORMAT_MODULES, synthesize, type FormatName } from '../../src/index.js';
import '../../src/runners/vitest.js';

/** A format's text fixture response, with its answer's text replaced by `text` when given. */
function textResponse(format: FormatName, text?: string): Record<string, unknown> {
  const spec = FORMAT_MODULES.find((module) => module.name === format)?.fixtures.specs.find((candidate) => candidate.kind === 'text');
  if (!spec) throw new Error(`no text fixture for ${format}`);
  const json = JSON.stringify(spec.response);
  const response = JSON.parse(text === undefined ? json : json.replace('The capital of France is Paris.', text)) as Record<string, unknown>;
  // The Chat Completions fixture carries no usage: give it the counts the others carry (a relay asked for usage).
  if (format === 'chat-completions') response.usage = { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 };
  return response;
}

const upstream = synthesize('anthropic', textResponse('anthropic'));
const relayed = synthesize('chat-completions', textResponse('chat-completions'));
// A relay that lost the first piece: "The capi" never reached its client.
const droppedStart = synthesize('chat-completions', textResponse('chat-completions', 'tal of France is Paris.'));

/** A difference's place on one side: its frame and line:column, or none when the comparison could not place it. */
const PLACE = '(?:frame #\\d+ at \\d+:\\d+|\\(no frame\\))';

async function failure(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the matcher passed');
}

describe('toRelay', () => {
  test('a translation that carries the answer passes, Anthropic upstream to Chat Completions downstream', async () => {
    await expect(relayed).toRelay(upstream);
    await expect(upstream).toRelay(relayed);
  });

  test('live sides are read as they arrive: a Response downstream, a ReadableStream upstream', async () => {
    await expect(new Response(relayed)).toRelay(new Response(upstream).body);
    await expect(new Response(droppedStart)).not.toRelay(new Response(upstream));
  });

  test('a dropped start fails with the difference placed on both sides, and both streams with their findings', async () => {
    const message = await failure(() => expect(droppedStart).toRelay(upstream));
    expect(message).toContain('expect(received).toRelay(upstream)');
    expect(message).toMatch(/Expected the downstream to carry the answer of the upstream; 1 difference/);
    expect(message).toContain('Differences (upstream → downstream):');
    expect(message).toMatch(/1\. text dropped at start \(error\) at choices\[0\]\.text: .*first 8 characters/);
    // Each side: its place (the frame and line:column, once the assemblers record places) and its value there.
    expect(message).toMatch(new RegExp(`upstream: {3}${PLACE} {2}"The capi"`));
    expect(message).toMatch(new RegExp(`downstream: ${PLACE} {2}""`));
    expect(message).toMatch(/Upstream: anthropic/);
    expect(message).toMatch(/Upstream findings: none/);
    expect(message).toMatch(/Downstream: chat-completions/);
    expect(message).toContain('Last frames');
  });

  test('.not fails on a relay that carries the answer, saying so', async () => {
    const message = await failure(() => expect(relayed).not.toRelay(upstream));
    expect(message).toContain('expect(received).not.toRelay(upstream)');
    expect(message).toContain('Expected the downstream not to carry the answer of the upstream; it carries the same answer.');
  });

  test('format names the format each side is read as', async () => {
    const message = await failure(() => expect(relayed).toRelay(upstream, { format: { upstream: 'gemini' } }));
    expect(message).toMatch(/Upstream: gemini/);
  });

  test('misuse is a matcher error whatever .not says: bad options, an upstream that is no stream', async () => {
    for (const negate of [false, true]) {
      const subject = negate ? expect(relayed).not : expect(relayed);
      expect(await failure(() => subject.toRelay(upstream, { usage: 'loose' as 'exact' }))).toMatch(/Matcher error: .*usage/);
      expect(await failure(() => subject.toRelay(upstream, { format: { up: 'anthropic' } as never }))).toMatch(/Matcher error: .*up/);
      expect(await failure(() => subject.toRelay(42))).toMatch(/Matcher error: The upstream \(toRelay's first argument\) must be a stream/);
    }
  });
});

describe('toMatchNonStreamed', () => {
  const response = textResponse('anthropic');

  test('the stream matches the non-streamed reply in another format: an object, its JSON text, a fetch Response', async () => {
    await expect(relayed).toMatchNonStreamed(response);
    await expect(relayed).toMatchNonStreamed(JSON.stringify(response));
    await expect(new Response(relayed)).toMatchNonStreamed(new Response(JSON.stringify(response), { headers: { 'content-type': 'application/json' } }));
  });

  test('the format of every reply is told from its shape', async () => {
    for (const module of FORMAT_MODULES) {
      for (const spec of module.fixtures.specs.filter((candidate) => !candidate.endsInError)) {
        await expect(synthesize(module.name, spec.response)).toMatchNonStreamed(spec.response);
      }
    }
  });

  test('"streaming drops X": the difference is placed in the stream, the reply has no frames', async () => {
    const message = await failure(() => expect(droppedStart).toMatchNonStreamed(response));
    expect(message).toContain('expect(received).toMatchNonStreamed(response)');
    expect(message).toMatch(/Expected the stream to carry the answer of the non-streamed response; 1 difference/);
    expect(message).toMatch(/response: "The capi"\n/);
    expect(message).toMatch(new RegExp(`stream: {3}${PLACE} {2}""`));
    expect(message).toMatch(/Response: read as anthropic/);
    expect(message).toMatch(/Stream: chat-completions/);
  });

  test('.not, and replies no format reads', async () => {
    await expect(droppedStart).not.toMatchNonStreamed(response);
    expect(await failure(() => expect(relayed).toMatchNonStreamed({ hello: 'world' }))).toMatch(/Matcher error: The non-streamed response \(its fields: hello\) is not a reply any format reads/);
    expect(await failure(() => expect(relayed).toMatchNonStreamed(relayed))).toMatch(/It looks like an event stream: compare two streams with toRelay/);
    expect(await failure(() => expect(relayed).toMatchNonStreamed(response, { responseFormat: 'gemini' }))).toMatch(/Response: read as gemini|not one gemini can stand for/);
  });
});
