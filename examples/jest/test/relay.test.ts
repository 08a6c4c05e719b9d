// The relay under test, checked with sse-reconstruct's matchers as a gateway's own suite would: TypeScript through
// ts-jest, with Jest's global `expect` typed by @types/jest and the matchers by "sse-reconstruct/jest" in tsconfig.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reconstructStream } from 'sse-reconstruct';
import { startRelay, type RelayOptions } from '../src/relay';
import { startUpstream, type Running, type Script } from '../src/upstream';

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8');
const toolCalls = fixture('parallel-tool-calls.sse');
const nonStreamed = JSON.parse(fixture('parallel-tool-calls.json')) as Record<string, unknown>;
const erroring = fixture('groq-error-midstream.sse');
/** Halfway through frame 15, inside the second tool call's arguments. */
const midAnswer = toolCalls.split('\n\n').slice(0, 15).join('\n\n').length + 60;

/** An upstream replaying `script`, and the relay in front of it, for one describe block. */
function relayOf(script: Script, options: RelayOptions = {}) {
  const servers: Running[] = [];
  beforeAll(async () => {
    const upstream = await startUpstream(script);
    servers.push(upstream, await startRelay(upstream.url, options));
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));
  return (stream = true) =>
    fetch(`${servers[1]?.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', stream, messages: [{ role: 'user', content: 'Weather in Edinburgh, and AAPL?' }] }),
    });
}

describe('a clean upstream stream', () => {
  const call = relayOf({ stream: toolCalls, json: nonStreamed });

  test('is relayed whole: it reconstructs as the upstream’s non-streamed response', async () => {
    const expected: unknown = await (await call(false)).json();
    const response = await call();
    await expect(response).toReconstructAs(expected, { ignore: ['id', 'created'] });
    await expect(response).toBeComplete();
    await expect(response).toHaveNoFindings();
    await expect(response).toHaveToolCalls([
      { name: 'GetWeatherArgs', input: { city: 'Edinburgh', country: 'GB', units: 'c' } },
      { name: 'get_stock_price', input: expect.objectContaining({ ticker: 'AAPL' }) },
    ]);
    await expect(response).toStopWith('tool_calls');
    await expect(response).toArriveWithin({ firstByteMs: 2000, idleMs: 2000, totalMs: 5000 });
  });

  test('snapshot of the reconstruction', async () => {
    expect(await reconstructStream(await call())).toMatchSnapshot();
  });
});

describe('an upstream cut mid-answer', () => {
  const call = relayOf({ stream: toolCalls, cutAt: midAnswer });

  test('is not relayed as a finished answer ([DONE])', async () => {
    const response = await call();
    await expect(response).not.toBeComplete();
    await expect(response).toHaveVerdict('did not finish');
    await expect(response).toHaveFinding('no end');
  });
});

describe('a relay that ends a cut stream with [DONE] (the bug)', () => {
  const call = relayOf({ stream: toolCalls, cutAt: midAnswer }, { appendDoneOnCut: true });

  test('is caught: the cut frame and the broken arguments are findings', async () => {
    const response = await call();
    await expect(response).not.toHaveNoFindings();
    await expect(response).toHaveFinding('arguments not json');
  });
});

describe('an upstream error frame', () => {
  const call = relayOf({ stream: erroring });

  test('is relayed as an error', async () => {
    const response = await call();
    await expect(response).toHaveOutcome('error_event');
    await expect(response).toHaveFinding('error event', { message: /tool_use_failed/ });
    await expect(response).not.toBeComplete();
  });
});
