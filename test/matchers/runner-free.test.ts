// The runner-free `matchers` object in another Jest-compatible `expect` (here the `expect` package itself).
import { expect as plainExpect } from 'expect';
import { stripVTControlCharacters } from 'node:util';
import { expect, test } from 'vitest';
import { ASYNC_MATCHERS, createMatchers, matchers } from '../../src/matchers/index.js';
import { cut, tools } from './cases.cjs';

plainExpect.extend(matchers as unknown as Parameters<typeof plainExpect.extend>[0]);
const extended = plainExpect as unknown as (value: unknown) => Record<string, (...args: unknown[]) => unknown>;

test('it registers nothing by itself and works once extended', () => {
  expect(Object.keys(matchers).sort()).toEqual(Object.keys(createMatchers('vitest')).sort());
  expect(Object.keys(matchers)).toHaveLength(17);
  extended(tools).toBeComplete?.();
  extended(cut).toHaveFinding?.('no end');
});

test('its failures carry the diff in the message (the Jest style every expect shows)', () => {
  let message = '';
  try {
    extended(cut).toBeComplete?.();
  } catch (error) {
    message = stripVTControlCharacters((error as Error).message);
  }
  expect(message).toContain('Expected: "complete"\nReceived: "did not finish"');
  expect(message).toContain('Stream: chat-completions · did not finish');
});

test('ASYNC_MATCHERS names every matcher, and each returns a promise on a live Response (for valid-expect)', async () => {
  expect([...ASYNC_MATCHERS].sort()).toEqual(Object.keys(matchers).sort());
  const argumentsOf: Record<string, unknown[]> = {
    toReconstructAs: [{}],
    toHaveFinding: ['no end'],
    toHaveVerdict: ['complete'],
    toHaveOutcome: ['ok'],
    toBeFormat: ['chat-completions'],
    toHaveText: [''],
    toHaveToolCall: ['GetWeatherArgs'],
    toHaveToolCalls: [[]],
    toStopWith: ['tool_calls'],
    toHaveUsage: [{}],
    toArriveWithin: [{ totalMs: 60_000 }],
    toRelay: [tools],
    toMatchNonStreamed: [new Response('{}')],
    toBeReadableBy: [['openai-node']],
  };
  for (const name of ASYNC_MATCHERS) {
    const returned = extended(new Response(tools, { headers: { 'content-type': 'text/event-stream' } }))[name]?.(...(argumentsOf[name] ?? []));
    expect(returned, name).toBeInstanceOf(Promise);
    await (returned as Promise<unknown>).catch(() => undefined);
  }
});
