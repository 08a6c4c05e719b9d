// Every fault served on a real socket reads as the fault says it must: the server writes a script byte for byte,
// whatever the chunking, so what a client reads from it is what the script states (verdict, outcome, findings).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { reconstructStream } from '../../src/core/index.js';
import { appendError, applyFaults, cutInside, drop, dropEnd, duplicate, readScript, scriptText, stall, swap, toCRLF, truncateAfter, type Fault, type StreamScript } from '../../src/faults/index.js';
import { FIXTURES } from '../../src/fixtures/index.js';
import { oracleExpectation } from '../oracle/expect.js';
import { serveStream, type StreamServer } from '../../src/server/index.js';

let server: StreamServer;
let current: StreamScript | null = null;
let chunk = 1;

beforeAll(async () => {
  // One server for the whole property: each request serves the script the current run set.
  server = await serveStream({ 'POST /stream': () => ({ source: current as StreamScript, options: { chunk } }) });
});
afterAll(() => server.close());

const FAULTS: Array<(frames: number) => Fault> = [
  (n) => truncateAfter(Math.max(1, n - 2)),
  () => dropEnd(),
  () => appendError(),
  (n) => cutInside(Math.floor(n / 2), 3),
  (n) => drop(Math.floor(n / 2)),
  (n) => duplicate(Math.floor(n / 2)),
  (n) => swap(0, n - 1),
  () => toCRLF(),
];

test('a faulted fixture, served in random chunks, reads over the socket as its script states', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.constantFrom(...FAULTS), fc.integer({ min: 1, max: 64 }), async (fixture, makeFault, size) => {
      const frames = fixture.stream.split(/\r?\n\r?\n/).length - 1;
      let script: StreamScript;
      let fault: Fault;
      try {
        fault = makeFault(frames);
        script = applyFaults(fixture, fault);
      } catch (error) {
        // A fault that cannot apply to this fixture says so; nothing to serve.
        expect(error).toBeInstanceOf(TypeError);
        return;
      }
      current = script;
      chunk = size;
      if (script.end.kind === 'close') expect(await (await fetch(`${server.url}/stream`, { method: 'POST' })).text()).toBe(scriptText(script));
      const response = await fetch(`${server.url}/stream`, { method: 'POST' });
      const reading = await reconstructStream(response, { format: fixture.format });
      // What the oracle (test/oracle) states for a live read: its live reading (codes it has at least) where it states one.
      const stated = oracleExpectation(fixture, [fault]);
      const expected = stated.live ?? stated;
      const exact = stated.live === undefined && stated.exact;
      expect({ verdict: reading.verdict, outcome: reading.outcome }).toEqual({ verdict: expected.verdict, outcome: expected.outcome });
      const codes = Object.keys(reading.findingCounts).sort();
      if (exact) expect(codes).toEqual([...expected.findings].sort());
      else for (const code of expected.findings) expect(codes).toContain(code);
    }),
    { numRuns: 60 },
  );
});

test('a stall from the faults module is a real pause on the socket: read with its deadlines, the stream is stalled', async () => {
  const fixture = FIXTURES.find((entry) => entry.name === 'anthropic/text');
  const script = applyFaults(fixture as NonNullable<typeof fixture>, stall(2, 400));
  current = script;
  chunk = 64 * 1024;
  // The script's clock starts when the server starts writing; the reader's must start no later (before the request).
  const started = performance.now();
  const reading = await reconstructStream(await fetch(`${server.url}/stream`, { method: 'POST' }), { deadlines: script.expected.deadlines, startedAt: started });
  expect(performance.now() - started).toBeGreaterThanOrEqual(380);
  // The deadline cancels the live read before the rest is written: the script states that reading as `expected.live`.
  const live = script.expected.live;
  expect(live).toMatchObject({ verdict: 'did not finish', outcome: 'stalled' });
  expect({ verdict: reading.verdict, outcome: reading.outcome }).toEqual({ verdict: live?.verdict, outcome: live?.outcome });
  expect(script.expected.outcome).toBe('stalled');
  for (const code of live?.findings ?? []) expect(Object.keys(reading.findingCounts)).toContain(code);
  // Read whole at its pace (offline), the same script is complete but stalled, as `expected` states.
  const offline = readScript(script);
  expect({ verdict: offline.verdict, outcome: offline.outcome }).toEqual({ verdict: script.expected.verdict, outcome: script.expected.outcome });
  expect(script.expected.verdict).toBe('complete');
  for (const code of script.expected.findings) expect(Object.keys(offline.findingCounts)).toContain(code);
});

test('a stall from the faults module and the server option agree: stall(n, Infinity) and { afterFrames: n } send the same n frames, then hang', async () => {
  const fixture = FIXTURES.find((entry) => entry.name === 'anthropic/text') as NonNullable<(typeof FIXTURES)[number]>;
  const optioned = await serveStream(fixture, { stall: { afterFrames: 3 } });
  try {
    const received: string[] = [];
    for (const url of [optioned.url, `${server.url}/stream`]) {
      current = applyFaults(fixture, stall(3, Infinity));
      chunk = 64 * 1024;
      const reading = await reconstructStream(await fetch(url, { method: 'POST' }), { format: 'anthropic', deadlines: { firstContentMs: 300, idleMs: 300 } });
      expect(reading.outcome).toBe('stalled');
      received.push(reading.frames.map((frame) => frame.data).join('|'));
    }
    expect(received[1]).toBe(received[0]);
    expect(received[0]?.split('|')).toHaveLength(3);
  } finally {
    await optioned.close();
  }
});
