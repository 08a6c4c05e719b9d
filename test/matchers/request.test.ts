// The matchers' `request` option under Vitest (from src): text, live Responses and toRelay checked against the
// request that produced them; the JSON schema validated with ajv, and the path without it.
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { reconstruct } from '../../src/index.js';
import { setAjvAvailable } from '../../src/matchers/schema-validator.js';
import '../../src/runners/vitest.js';
import { streamOf } from '../core/request/streams.js';

async function failure(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the matcher passed');
}

const SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const schemaRequest = { model: 'gpt-4o', stream: true, response_format: { type: 'json_schema', json_schema: { name: 'city', schema: SCHEMA } } };

describe('toHaveNoFindings and toHaveFinding with { request }', () => {
  const withCall = streamOf('chat-completions', { calls: [{ name: 'lookup' }] });

  test('a stream that does what its request asked has no findings; one that does not fails, saying what was asked', async () => {
    expect(withCall).toHaveNoFindings({ request: { model: 'gpt-4o', stream: true, tool_choice: 'required' } });
    const message = await failure(() => expect(withCall).toHaveNoFindings({ request: { model: 'gpt-4o', stream: true, tool_choice: 'none' } }));
    expect(message).toContain('tool choice unmet');
    expect(message).toContain("The request said no tool calls (tool_choice: 'none'); choice 0 called `lookup`.");
    // The same text read without the request has no findings: the cache keeps the two readings apart.
    expect(withCall).toHaveNoFindings();
  });

  test('toHaveFinding names the code and the line; a RequestInit works as well as the body', () => {
    const init = { method: 'POST', body: JSON.stringify({ model: 'gpt-4o', stream: true, stream_options: { include_usage: true } }) };
    const stream = streamOf('chat-completions', { usage: false });
    const result = reconstruct(stream, { request: init });
    const line = result.findings.find((finding) => finding.code === 'usage not sent')?.line ?? -1;
    expect(line).toBeGreaterThan(0);
    expect(stream).toHaveFinding('usage not sent', { request: init, line });
  });

  test('a live Response is read with its request, and again without it', async () => {
    const request = { model: 'gpt-4o', stream: true, n: 2 };
    const response = new Response(streamOf('chat-completions'), { headers: { 'content-type': 'text/event-stream' } });
    await expect(response).toHaveFinding('choice count', { request });
    await expect(response).toHaveNoFindings();
  });

  test('a reconstruction already made with a request is a matcher error that says where to pass it', async () => {
    const message = await failure(() => expect(reconstruct(withCall)).toHaveNoFindings({ request: { model: 'gpt-4o', stream: true } }));
    expect(message).toMatch(/Pass the stream itself, or make the reconstruction with `reconstruct\(body, \{ request \}\)`/);
  });

  test('a request that is not one is a matcher error', async () => {
    const message = await failure(() => expect(withCall).toHaveNoFindings({ request: 42 as never }));
    expect(message).toMatch(/options\.request must be the request body/);
  });
});

describe('the JSON schema', () => {
  afterEach(() => setAjvAvailable(true));

  test('with ajv: valid JSON passes with no finding at all; JSON the schema rejects quotes ajv', async () => {
    expect(streamOf('chat-completions', { text: '{"city":"Paris"}' })).toHaveNoFindings({ request: schemaRequest });
    const message = await failure(() => expect(streamOf('chat-completions', { text: '{"town":"Paris"}' })).toHaveNoFindings({ request: schemaRequest }));
    expect(message).toContain('schema unmet');
    expect(message).toContain("must have required property 'city'");
  });

  test('without ajv: JSON is `schema unchecked`, and text that is not JSON says installing ajv validates it', async () => {
    setAjvAvailable(false);
    expect(streamOf('chat-completions', { text: '{"city":"Paris"}' })).toHaveFinding('schema unchecked', { request: schemaRequest });
    const message = await failure(() => expect(streamOf('chat-completions', { text: 'Paris' })).toHaveNoFindings({ request: schemaRequest, severity: 'warning' }));
    expect(message).toContain('Installing `ajv` lets the JSON be validated against the schema too.');
  });
});

describe('toRelay with { request }', () => {
  const upstream = streamOf('anthropic', { text: 'Paris.' });
  const request = { model: 'gpt-4o', stream: true, stream_options: { include_usage: true } };

  test('a relay that carries the answer and what the client asked passes', async () => {
    await expect(streamOf('chat-completions', { text: 'Paris.' })).toRelay(upstream, { request });
  });

  test('a relay that carries the answer but not what the client asked fails, saying what was asked', async () => {
    const noUsage = streamOf('chat-completions', { text: 'Paris.', usage: false });
    const message = await failure(() => expect(noUsage).toRelay(upstream, { request, usage: 'ignore' }));
    expect(message).toContain("does not do what the client's request asked");
    expect(message).toContain('usage not sent');
    await expect(noUsage).toRelay(upstream, { usage: 'ignore' });
  });
});
