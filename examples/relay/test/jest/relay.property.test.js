// Properties of the relay under Jest, for every stream and every fault fast-check tries: a stream that finished
// upstream reaches the client as the same answer, complete; one that did not finish reaches it as an error event.
// On a failure, fast-check shrinks to the smallest stream and fault that break the rule.
const fc = require('fast-check');
const { reconstructStream } = require('sse-reconstruct');
const { FAULT_KINDS, faults, streams } = require('sse-reconstruct/arbitraries');
const { applyFaults } = require('sse-reconstruct/faults');
const { serveStream } = require('sse-reconstruct/server');
const { startRelay } = require('../../src/relay.cjs');

let upstream;
let relay;
/** What the upstream serves to the next request: each run of a property sets it. */
let served = null;

beforeAll(async () => {
  upstream = await serveStream({ 'POST /v1/chat/completions': () => ({ source: served, options: { chunk: 9 } }) });
  relay = await startRelay(upstream.url);
});
afterAll(async () => {
  await relay.close();
  await upstream.close();
});

// Random responses in their documented streams, cut into random pieces, and lists of faults placed to fit them
// (the timing faults are left out: they would only make the suite slow).
const chatStreams = streams('chat-completions');
const faultLists = faults({ kinds: FAULT_KINDS.filter((kind) => kind !== 'stall' && kind !== 'delay') });

function throughRelay(script, base = relay.url) {
  served = script;
  return fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stream":true}' });
}

const passesCleanStreams = (base) =>
  fc.asyncProperty(chatStreams, async (stream) => {
    const response = await throughRelay(applyFaults(stream), base());
    await expect(response).toReconstructAs(stream.response);
    await expect(response).toBeComplete();
  });

test('every clean stream passes through as the same answer, complete', async () => {
  await fc.assert(passesCleanStreams(() => relay.url), { numRuns: 20 });
}, 300_000);

test('every stream that did not finish upstream reaches the client as an error event', async () => {
  await fc.assert(
    fc.asyncProperty(chatStreams, faultLists, async (stream, list) => {
      const script = applyFaults(stream, ...list);
      // Only streams whose end is gone upstream (the faults module states each script's reading).
      fc.pre(script.expected.verdict === 'did not finish');
      // Read as chat-completions: a stream cut in its first frame leaves only the relay's error frame.
      const reading = await reconstructStream(await throughRelay(script), { format: 'chat-completions' });
      expect(reading).toHaveOutcome('error_event');
    }),
    { numRuns: 30 },
  );
}, 300_000);

test('a relay that drops the done event fails the property, shrunk to a small stream', async () => {
  const broken = await startRelay(upstream.url, { flaw: 'no-done' });
  try {
    const result = await fc.check(passesCleanStreams(() => broken.url), { numRuns: 20 });
    expect(result.failed).toBe(true);
    expect(result.counterexample[0].stream.length).toBeLessThan(2000);
    expect(String(result.errorInstance)).toMatch(/toBeComplete/);
  } finally {
    await broken.close();
  }
});
