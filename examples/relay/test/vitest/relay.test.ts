// The relay against sse-reconstruct's fault server: the correct relay passes every check, and each broken relay
// is caught by the check written for the rule it breaks.
import { fixture } from 'sse-reconstruct/fixtures';
import { serveStream, type ServeOptions, type StreamServer } from 'sse-reconstruct/server';
import { afterEach, describe, expect, test } from 'vitest';
import { startIdleProxy } from '../../src/idle-proxy.cjs';
import { startRelay, type Flaw } from '../../src/relay.cjs';

const answer = fixture('chat-completions', 'text');
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** The provider (the fault server, with the faults asked for) and the relay in front of it. */
async function relayOf(upstreamOptions: ServeOptions, flaw?: Flaw) {
  const upstream: StreamServer = await serveStream({ 'POST /v1/chat/completions': answer }, upstreamOptions);
  const relay = await startRelay(upstream.url, { flaw, heartbeatMs: 150 });
  open.push(upstream, relay);
  const chat = (base = relay.url, signal?: AbortSignal) =>
    fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'The capital of France?' }] }),
      signal,
    });
  return { upstream, relay, chat };
}

/** The production path: a proxy in front of the relay that closes a connection quiet for 500 ms. */
async function throughIdleProxy(relayUrl: string) {
  const proxy = await startIdleProxy(relayUrl, { idleMs: 500 });
  open.push(proxy);
  return proxy.url;
}

/** Reads the first chunk, then leaves as a user closing the tab does. */
async function leaveAfterFirstChunk(chat: (base?: string, signal?: AbortSignal) => Promise<Response>) {
  const controller = new AbortController();
  const response = await chat(undefined, controller.signal);
  await (response.body as ReadableStream<Uint8Array>).getReader().read();
  controller.abort();
}

describe('the relay of step 8', () => {
  test('passes a clean stream through: it reconstructs as the provider’s answer, complete', async () => {
    const { chat, upstream } = await relayOf({});
    const response = await chat();
    await expect(response).toReconstructAs(answer.response);
    await expect(response).toBeComplete();
    expect(upstream.requests[0]?.body).toMatchObject({ model: 'gpt-4o-mini', stream: true });
  });

  // Six frames 400 ms apart: a relay that flushes sends its first byte after about 400 ms, one that buffers after
  // 2,400 ms at the least; the 2,000 ms limit leaves a loaded machine 1.6 s and can never pass a buffering relay.
  test('flushes each frame as it comes', async () => {
    const { chat } = await relayOf({ pace: { delayMs: 400 } });
    await expect(await chat()).toArriveWithin({ firstByteMs: 2000 });
  });

  test('keeps a quiet stream alive with heartbeats, through a proxy that closes idle connections', async () => {
    const { chat, relay } = await relayOf({ stall: { afterFrames: 2, ms: 1200 } });
    await expect(await chat(await throughIdleProxy(relay.url))).toBeComplete();
  });

  test('cancels the upstream request when its user leaves', async () => {
    const { chat, upstream } = await relayOf({ pace: { delayMs: 300 } });
    await leaveAfterFirstChunk(chat);
    const left = await upstream.waitForDisconnect({ timeoutMs: 1000 });
    expect(left.path).toBe('/v1/chat/completions');
  });

  test('ends a cut upstream stream with an error frame, not a tidy [DONE]', async () => {
    const { chat } = await relayOf({ destroy: { afterFrames: 3, how: 'reset' } });
    const response = await chat();
    await expect(response).toHaveOutcome('error_event');
    await expect(response).toHaveFinding('error event');
  });
});

describe('four broken relays, each caught', () => {
  test('one that buffers until the end: toArriveWithin', async () => {
    const { chat } = await relayOf({ pace: { delayMs: 400 } }, 'buffers');
    await expect(expect(await chat()).toArriveWithin({ firstByteMs: 2000 })).rejects.toThrow(/first byte (was \d+|arrived in the \d+)/);
  });

  test('one without heartbeats, behind the idle proxy: toBeComplete', async () => {
    const { chat, relay } = await relayOf({ stall: { afterFrames: 2, ms: 1200 } }, 'no-heartbeat');
    await expect(expect(await chat(await throughIdleProxy(relay.url))).toBeComplete()).rejects.toThrow(/toBeComplete/);
  });

  test('one that keeps upstream open after its user left: the fault server saw no disconnect', async () => {
    const { chat, upstream } = await relayOf({ pace: { delayMs: 300 } }, 'keeps-upstream');
    await leaveAfterFirstChunk(chat);
    await expect(upstream.waitForDisconnect({ timeoutMs: 1000 })).rejects.toThrow(/still connected 1000 ms later/);
  });

  test('one that never sends the done event: toHaveFinding("no end")', async () => {
    const { chat } = await relayOf({}, 'no-done');
    await expect(await chat()).toHaveFinding('no end');
  });
});
