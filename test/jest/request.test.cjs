// The matchers' `request` option under Jest, from the built package through the preset: a stream that does what its
// request asked passes, one that does not fails with what was asked; the schema validated with ajv; a journal entry
// of the fault server as the request.
const { describe, expect, test } = require('@jest/globals');
const { stripVTControlCharacters } = require('node:util');
const { formatModule, synthesize } = require('../../dist/index.cjs');
const { serveStream } = require('../../dist/server.cjs');

/** A Chat Completions stream of `text`, with a call to `call` when given, and usage unless told. */
function chatStream({ text = 'Paris.', call, usage = true } = {}) {
  const answer = {
    format: 'chat-completions',
    choices: [{ index: 0, text, reasoning: '', signatures: [], encryptedReasoning: [], refusal: '', toolCalls: call ? [{ id: 'call_1', name: call, kind: 'function', arguments: '{}', input: {} }] : [], citations: [], finish: { class: call ? 'tool_use' : 'stop', reason: null, source: null } }],
    usage: usage ? { input: 5, output: 7, total: 12, cacheRead: null, cacheWrite: null, reasoning: null } : null,
    error: null,
    whole: true,
    verdict: 'complete',
    outcome: 'ok',
  };
  const response = formatModule('chat-completions').responseOf(answer);
  response.model = 'gpt-4o-2024-08-06';
  return synthesize('chat-completions', response);
}

async function failure(run) {
  try {
    await run();
  } catch (error) {
    return stripVTControlCharacters(error.message);
  }
  throw new Error('the matcher passed');
}

describe('request', () => {
  test('toHaveNoFindings passes when the stream does what its request asked, and fails saying what was asked', async () => {
    expect(chatStream({ call: 'lookup' })).toHaveNoFindings({ request: { model: 'gpt-4o', stream: true, tool_choice: { type: 'function', function: { name: 'lookup' } } } });
    const message = await failure(() => expect(chatStream({ call: 'lookup' })).toHaveNoFindings({ request: { model: 'gpt-4o', stream: true, tool_choice: { type: 'function', function: { name: 'search' } } } }));
    expect(message).toContain('tool choice unmet');
    expect(message).toContain('The request allowed calls to `search` only');
  });

  test('a JSON schema is validated with ajv', async () => {
    const request = JSON.stringify({ model: 'gpt-4o', stream: true, response_format: { type: 'json_schema', json_schema: { name: 'n', schema: { type: 'object', required: ['city'] } } } });
    expect(chatStream({ text: '{"city":"Paris"}' })).toHaveNoFindings({ request });
    expect(chatStream({ text: '{"town":"Paris"}' })).toHaveFinding('schema unmet', { request, message: "must have required property 'city'" });
  });

  test('the fault server journal entry is the request', async () => {
    const server = await serveStream({ 'POST /v1/chat/completions': chatStream({ usage: false }) });
    try {
      const response = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4o', stream: true, stream_options: { include_usage: true } }) });
      await expect(response).toHaveFinding('usage not sent', { request: server.requests[0] });
    } finally {
      await server.close();
    }
  });
});
