// relayConformance() with the runner's functions passed in (as under Jest with `injectGlobals: false`): what it
// registers, and that a failing cell fails its test with the why, the rule's reason and the relay's bytes.
import { describe, expect, it } from 'vitest';
import { relayConformance, type ConformanceRunner } from '../../src/conformance/index.js';
import { passThrough } from './relays.js';

interface Registered {
  name: string;
  run: () => unknown;
  skipped: boolean;
}

function recordingRunner() {
  const tests: Registered[] = [];
  const before: Array<() => unknown> = [];
  const after: Array<() => unknown> = [];
  const describes: string[] = [];
  const it = Object.assign((name: string, run: () => unknown) => void tests.push({ name, run, skipped: false }), {
    skip: (name: string, run: () => unknown) => void tests.push({ name, run, skipped: true }),
  });
  const runner = {
    describe: (name: string, body: () => void) => {
      describes.push(name);
      body();
    },
    it,
    beforeAll: (run: () => unknown) => void before.push(run),
    afterAll: (run: () => unknown) => void after.push(run),
  };
  return { runner: runner as unknown as ConformanceRunner, tests, before, after, describes };
}

describe('relayConformance with a runner passed in', () => {
  it('registers one test per case in a describe block; a failing cell throws what shows it', async () => {
    const recorded = recordingRunner();
    relayConformance({
      relay: passThrough({ baseUrl: null, header: 'x-upstream' }, '/v1/chat/completions', 'done-after-cut'),
      routes: [{ path: '/v1/chat/completions', from: 'chat-completions', to: 'chat-completions', upstream: 'x-upstream' }],
      cases: ['fault: silent close', 'fault: reset', 'connection: heartbeat'],
      title: 'my gateway',
      print: false,
      runner: recorded.runner,
    });
    expect(recorded.describes).toEqual(['my gateway']);
    expect(recorded.tests.map((test) => [test.name, test.skipped])).toEqual([
      ['chat-completions → chat-completions /v1/chat/completions › fault: reset [never-looks-whole]', false],
      ['chat-completions → chat-completions /v1/chat/completions › fault: silent close [never-looks-whole]', false],
      ['chat-completions → chat-completions /v1/chat/completions › connection: heartbeat [sends-heartbeats] (the route does not say it sends heartbeats (set `heartbeat` on it))', true],
    ]);
    try {
      for (const run of recorded.before) await run();
      const reset = await Promise.resolve(recorded.tests[0]?.run()).then(() => null, (error: unknown) => error as Error);
      expect(reset?.message).toMatch(/^fault: reset \(never-looks-whole\): upstream failed, and the downstream ends as a finished answer \(failure hidden\)\nWhy the rule holds: /);
      expect(reset?.message).toMatch(/Downstream bytes \(status 200, \d+ bytes\):\n[^]*data: \[DONE\]\n\n$/);
      await expect(Promise.resolve(recorded.tests[1]?.run())).resolves.toBeUndefined();
    } finally {
      for (const run of recorded.after) await run();
    }
  });

  it('says what to pass when there is no runner to register with', () => {
    expect(() =>
      relayConformance({
        relay: 'http://127.0.0.1:1',
        routes: [{ path: '/v1/chat/completions', from: 'chat-completions', to: 'chat-completions', upstream: 'x-upstream' }],
        runner: { describe: () => {} } as unknown as ConformanceRunner,
      }),
    ).toThrow(/runner must hold describe, it, beforeAll and afterAll/);
  });
});
