// The translating gateway against sse-reconstruct's fault server playing Anthropic: the clean gateway carries every
// answer (toRelay passes), and each translation defect is caught by toRelay with the difference it names.
import { compareStreams, synthesize } from 'sse-reconstruct';
import { fixture } from 'sse-reconstruct/fixtures';
import { serveStream } from 'sse-reconstruct/server';
import { afterEach, describe, expect, test } from 'vitest';
import { DEFECTS, startRelay, type Defect } from '../src/relay.cjs';

type Json = Record<string, unknown>;

function message(content: Json[], stopReason: string, usage: Json = { input_tokens: 12, output_tokens: 9 }): Json {
  return { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content, stop_reason: stopReason, stop_sequence: null, usage };
}

const tool = (id: string, city: string) => ({ type: 'tool_use', id, name: 'get_weather', input: { city } });

/** The upstream answers, as the Anthropic stream the fault server plays (text cut in pieces of 2 characters). */
const UPSTREAMS = {
  text: message([{ type: 'text', text: 'Order 6666 ships today.' }], 'end_turn', { input_tokens: 9, cache_read_input_tokens: 4, cache_creation_input_tokens: 0, output_tokens: 7 }),
  tools: message([{ type: 'text', text: 'Checking both.' }, tool('toolu_1', 'Paris'), tool('toolu_2', 'Tokyo')], 'tool_use'),
  thinking: message([{ type: 'thinking', thinking: 'Recall the answer.', signature: 'c2lnbmF0dXJl' }, { type: 'text', text: 'It is 42.' }], 'end_turn'),
  refusal: message([{ type: 'text', text: 'I' }], 'refusal'),
};

type Upstream = keyof typeof UPSTREAMS | 'error';

/** Which upstream shows each defect, and the difference toRelay names for it. */
const CASES: Record<Defect, { upstream: Upstream; difference: string }> = {
  'drops-first-delta': { upstream: 'text', difference: 'text dropped at start' },
  'repeats-answer': { upstream: 'text', difference: 'text duplicated' },
  'collapses-repeats': { upstream: 'text', difference: 'repeats collapsed' },
  'drops-tool-call': { upstream: 'tools', difference: 'tool call lost' },
  'loses-arguments': { upstream: 'tools', difference: 'tool arguments changed' },
  'drops-thinking': { upstream: 'thinking', difference: 'reasoning dropped' },
  'zeroes-cache': { upstream: 'text', difference: 'usage inconsistent' },
  'refusal-to-stop': { upstream: 'refusal', difference: 'finish changed' },
  'hides-error': { upstream: 'error', difference: 'failure hidden' },
  'drops-usage': { upstream: 'text', difference: 'usage missing' },
};

function upstreamStream(name: Upstream): string {
  return name === 'error' ? fixture('anthropic', 'error-mid-stream').stream : synthesize('anthropic', UPSTREAMS[name], { pieceSize: 2 });
}

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** The upstream (the fault server playing `stream`) and the gateway in front of it; resolves to the gateway's reply. */
async function throughRelay(stream: string, defect?: Defect): Promise<Response> {
  const upstream = await serveStream({ 'POST /v1/messages': stream });
  const relay = await startRelay(upstream.url, { defect });
  open.push(upstream, relay);
  return fetch(`${relay.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'claude-sonnet-4-5', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Hello' }] }),
  });
}

describe('the translating gateway, clean', () => {
  test.each(['text', 'tools', 'thinking'] as const)('carries the %s answer: toRelay passes', async (name) => {
    const stream = upstreamStream(name);
    await expect(await throughRelay(stream)).toRelay(stream);
  });

  test('passes an upstream failure on as a failure', async () => {
    const stream = upstreamStream('error');
    const response = await throughRelay(stream);
    await expect(response).toRelay(stream);
  });
});

describe('each translation defect, caught by toRelay', () => {
  test.each(Object.keys(DEFECTS) as Defect[])('%s', async (defect) => {
    const { upstream, difference } = CASES[defect];
    const stream = upstreamStream(upstream);
    const downstream = await (await throughRelay(stream, defect)).text();
    await expect(downstream).not.toRelay(stream);
    const comparison = await compareStreams(stream, downstream);
    expect(comparison.differences.map((found) => found.code)).toContain(difference);
  });
});
