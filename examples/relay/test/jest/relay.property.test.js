// Properties of the relay under Jest, for every stream and every fault fast-check tries: a stream that finished
// upstream reaches the client as the same answer, complete; one that did not finish reaches it as an error event.
// On a failure, fast-check shrinks to the smallest stream and fault that break the rule.
const fc = require('fast-check');
const { reconstructStream } = require('sse-reconstruct');
const { applyFaults, appendError, cutInside, drop, dropEnd, duplicate, truncateAfter } = require('sse-reconstruct/faults');
const { fixtures } = require('sse-reconstruct/fixtures');
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

const streams = fc.constantFrom(...fixtures('chat-completions').filter((fixture) => fixture.expected.verdict === 'complete'));
const faults = fc.oneof(
  fc.nat(6).map((n) => truncateAfter(n + 1)),
  fc.constant(dropEnd()),
  fc.constant(appendError()),
  fc.tuple(fc.nat(4), fc.integer({ min: 1, max: 20 })).map(([frame, at]) => cutInside(frame, at)),
  fc.nat(4).map((frame) => drop(frame)),
  fc.nat(4).map((frame) => duplicate(frame)),
);

function throughRelay(script, base = relay.url) {
  served = script;
  return fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stream":true}' });
}

/** The fault applied, or null when it cannot apply to this stream (frame 5 of a 4-frame stream). */
function faulted(fixture, fault) {
  try {
    return applyFaults(fixture, fault);
  } catch {
    return null;
  }
}

const passesCleanStreams = (base) =>
  fc.asyncProperty(streams, async (fixture) => {
    const response = await throughRelay(applyFaults(fixture), base());
    await expect(response).toReconstructAs(fixture.response);
    await expect(response).toBeComplete();
  });

test('every clean stream passes through as the same answer, complete', async () => {
  await fc.assert(passesCleanStreams(() => relay.url), { numRuns: 20 });
});

test('every stream that did not finish upstream reaches the client as an error event', async () => {
  await fc.assert(
    fc.asyncProperty(streams, faults, async (fixture, fault) => {
      const script = faulted(fixture, fault);
      // Only streams whose end is gone upstream (the faults module states each script's reading).
      fc.pre(script !== null && script.expected.verdict === 'did not finish');
      // Read as chat-completions: a stream cut in its first frame leaves only the relay's error frame.
      const reading = await reconstructStream(await throughRelay(script), { format: 'chat-completions' });
      expect(reading).toHaveOutcome('error_event');
    }),
    { numRuns: 40 },
  );
});

test('a relay that drops the done event fails the property, shrunk to the first stream', async () => {
  const broken = await startRelay(upstream.url, { flaw: 'no-done' });
  try {
    const result = await fc.check(passesCleanStreams(() => broken.url), { numRuns: 20 });
    expect(result.failed).toBe(true);
    expect(result.counterexample[0].name).toBe('chat-completions/text');
    expect(String(result.errorInstance)).toMatch(/toBeComplete/);
  } finally {
    await broken.close();
  }
});
