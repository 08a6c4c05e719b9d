// Differential test: the same bytes through openai@6.49.0 (`chat.completions.stream()` → `finalChatCompletion()`,
// with a client whose fetch returns the body) and through reconstruct(). Our `response` must equal the SDK's
// final object once the fields only the SDK adds are removed. Where the SDK throws, or silently builds something
// else, the stream is listed below with the reason, and the test checks both sides of the disagreement.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { reconstruct, type FindingCode } from '../../src/index.js';

const dir = join(import.meta.dirname, '../../fixtures/recorded/chat-completions');
const streams = readdirSync(dir).filter((name) => name.endsWith('.sse')).sort();
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

type Json = Record<string, unknown>;

async function sdkFinal(body: string): Promise<Json> {
  const client = new OpenAI({
    apiKey: 'test',
    fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
  });
  const stream = client.chat.completions.stream({ model: 'x', messages: [] });
  return JSON.parse(JSON.stringify(await stream.finalChatCompletion())) as Json;
}

/**
 * Removes what the SDK adds and a non-streamed response does not have:
 * - `choices[].message.parsed` and `tool_calls[].function.parsed_arguments`: its parse helpers' output;
 * - top-level `obfuscation`: per-chunk padding that 6.49.0 copies from the last chunk (a `chat.completion` has none).
 * The JSON round trip in sdkFinal() also drops the `undefined` the SDK leaves on its objects.
 */
function withoutSdkOnly(completion: Json): Json {
  const copy = JSON.parse(JSON.stringify(completion)) as Json;
  delete copy.obfuscation;
  for (const choice of (copy.choices as Json[] | undefined) ?? []) {
    const message = choice.message as Json;
    delete message.parsed;
    for (const call of (message.tool_calls as Json[] | undefined) ?? []) delete (call.function as Json | undefined)?.parsed_arguments;
  }
  return copy;
}

function at(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

function remove(value: Json, path: readonly (string | number)[]): void {
  const parent = at(value, path.slice(0, -1)) as Record<string | number, unknown> | undefined;
  if (parent) delete parent[path[path.length - 1]!];
}

/** The chunks of a stream, read plainly (data-only frames up to [DONE]), for checking values independently. */
function chunksOf(body: string): Json[] {
  const chunks: Json[] = [];
  for (const frame of body.replace(/\r\n/g, '\n').split('\n\n')) {
    const payload = frame.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n');
    if (payload === '[DONE]') break;
    if (payload) chunks.push(JSON.parse(payload) as Json);
  }
  return chunks;
}

function deltasOf(body: string): Json[] {
  return chunksOf(body).flatMap((chunk) => ((chunk.choices as Json[] | undefined) ?? []).filter((choice) => choice.index === 0).map((choice) => choice.delta as Json));
}

/** Every string piece of one delta field, joined: what the field holds once the stream is assembled. */
function joined(body: string, field: string): string {
  return deltasOf(body).map((delta) => delta[field]).filter((piece): piece is string => typeof piece === 'string').join('');
}

/** The value the field had in the last delta that carried it: what the SDK's Object.assign keeps. */
function lastOf(body: string, field: string): unknown {
  const carrying = deltasOf(body).filter((delta) => field in delta);
  return carrying[carrying.length - 1]?.[field];
}

interface Disagreement {
  reason: string;
  paths: Array<Array<string | number>>;
  /** Checks our value against the stream itself, and the SDK's against the rule that produced it. */
  check(ours: Json, sdk: Json, body: string): void;
}

const REASONING_REASON =
  'openai@6.49.0 copies delta fields it does not know with Object.assign, so a provider reasoning field keeps only its last fragment; we join every fragment, as the provider documents and as its non-streamed response holds it.';

function reasoningField(field: 'reasoning_content' | 'reasoning'): Disagreement {
  return {
    reason: REASONING_REASON,
    paths: [['choices', 0, 'message', field]],
    check(ours, sdk, body) {
      expect(at(ours, ['choices', 0, 'message', field])).toBe(joined(body, field));
      expect(at(sdk, ['choices', 0, 'message', field])).toEqual(lastOf(body, field));
    },
  };
}

function openRouterReasoning(): Disagreement {
  const reasoning = reasoningField('reasoning');
  return {
    reason: `${REASONING_REASON} The same goes for OpenRouter's reasoning_details, which we join by entry index.`,
    paths: [...reasoning.paths, ['choices', 0, 'message', 'reasoning_details']],
    check(ours, sdk, body) {
      reasoning.check(ours, sdk, body);
      const details = deltasOf(body).flatMap((delta) => (delta.reasoning_details as Json[] | undefined) ?? []);
      expect(at(ours, ['choices', 0, 'message', 'reasoning_details', 0, 'text'])).toBe(details.map((entry) => entry.text ?? '').join(''));
      expect(at(sdk, ['choices', 0, 'message', 'reasoning_details'])).toEqual(lastOf(body, 'reasoning_details'));
    },
  };
}

/** Recorded streams whose SDK result silently differs from ours. */
const SDK_DIFFERS: Record<string, Disagreement> = {
  'fantasy--llamacpp-gpt-oss-tool-call.sse': reasoningField('reasoning_content'),
  'fantasy--zai-glm-reasoning-tool-call.sse': reasoningField('reasoning_content'),
  'pydantic-ai--deepseek-reasoning-content.sse': reasoningField('reasoning_content'),
  'vercel--deepseek-reasoner-tool-call.sse': reasoningField('reasoning_content'),
  'vercel--qwen-reasoning-emoji-variation-selector-split.sse': reasoningField('reasoning_content'),
  'fantasy--openrouter-glm-emoji-variation-selector-split.sse': openRouterReasoning(),
  'pydantic-ai--openrouter-reasoning.sse': openRouterReasoning(),
  'pydantic-ai--huggingface-together-thinking.sse': {
    reason:
      "Together's per-token `delta.token_id` is copied into the SDK's message (the last token's id); it describes one token, not the message, so we leave it out.",
    paths: [['choices', 0, 'message', 'token_id']],
    check(ours, sdk, body) {
      expect(at(ours, ['choices', 0, 'message'])).not.toHaveProperty('token_id');
      expect(at(sdk, ['choices', 0, 'message', 'token_id'])).toBe(lastOf(body, 'token_id'));
    },
  },
  'pydantic-ai--mistral-content-array-thinking.sse': {
    reason:
      'Mistral sends some `delta.content` values as arrays of parts; the SDK adds them to a string ("[object Object]…"). We join thinking parts into reasoning and text into the answer, and keep content as parts, as a non-streamed Mistral response gives it.',
    paths: [['choices', 0, 'message', 'content']],
    check(ours, sdk, body) {
      expect(String(at(sdk, ['choices', 0, 'message', 'content']))).toContain('[object Object]');
      const parts = at(ours, ['choices', 0, 'message', 'content']) as Array<{ type: string; text?: string }>;
      expect(parts.map((part) => part.type)).toEqual(['thinking', 'text']);
      const strings = deltasOf(body).map((delta) => delta.content).filter((piece): piece is string => typeof piece === 'string');
      expect(parts[1]!.text).toBe(strings.join(''));
    },
  },
  'pydantic-ai--gpt5-moderation-chunk.sse': {
    reason:
      'After the usage-only chunk comes a moderation chunk with `"usage": null`; the SDK copies that null over the usage. We keep the last usage the stream sent.',
    paths: [['usage']],
    check(ours, sdk, body) {
      expect(sdk.usage).toBeNull();
      const sent = chunksOf(body).map((chunk) => chunk.usage).filter((usage) => usage != null);
      expect(ours.usage).toEqual(sent[sent.length - 1]);
    },
  },
};

/** Recorded streams on which the SDK throws: we give a value and a finding instead. */
const SDK_THROWS: Record<string, { reason: string; sdkError: RegExp; findings: FindingCode[] }> = {
  'pydantic-ai--groq-error-event-midstream.sse': {
    reason: 'An `event: error` frame (Groq tool_use_failed) makes the SDK throw APIError; we keep the reasoning that arrived and report the error.',
    sdkError: /Tool call validation failed/,
    findings: ['error event'],
  },
  'pydantic-ai--openrouter-comments-then-error-chunk.sse': {
    reason: 'A chunk with a top-level `error` makes the SDK throw APIError; we keep what arrived, report the error and the [DONE] after it.',
    sdkError: /Token limit reached/,
    findings: ['error event', 'after end'],
  },
};

describe('openai@6.49.0 finalChatCompletion() and reconstruct() on the recorded streams', () => {
  const agreeing = streams.filter((name) => !(name in SDK_DIFFERS) && !(name in SDK_THROWS));

  it('lists only streams that exist', () => {
    for (const name of [...Object.keys(SDK_DIFFERS), ...Object.keys(SDK_THROWS)]) expect(streams).toContain(name);
    expect(agreeing.length).toBeGreaterThanOrEqual(26);
  });

  it.each(agreeing)('%s: the same response', async (name) => {
    const body = read(name);
    expect(reconstruct(body).response).toEqual(withoutSdkOnly(await sdkFinal(body)));
  });

  it.each(Object.entries(SDK_DIFFERS))('%s: the SDK differs (see the reason); everything else is the same', async (name, disagreement) => {
    expect(disagreement.reason).not.toBe('');
    const body = read(name);
    const ours = JSON.parse(JSON.stringify(reconstruct(body).response)) as Json;
    const sdk = withoutSdkOnly(await sdkFinal(body));
    for (const path of disagreement.paths) expect(at(ours, path), path.join('.')).not.toEqual(at(sdk, path));
    disagreement.check(ours, sdk, body);
    for (const path of disagreement.paths) {
      remove(ours, path);
      remove(sdk, path);
    }
    expect(ours).toEqual(sdk);
  });

  it.each(Object.entries(SDK_THROWS))('%s: the SDK throws; we give a value and the finding', async (name, expected) => {
    const body = read(name);
    await expect(sdkFinal(body)).rejects.toThrow(expected.sdkError);
    const result = reconstruct(body);
    expect(result.response).toMatchObject({ object: 'chat.completion', choices: [expect.objectContaining({ index: 0 })] });
    expect(result.error).not.toBeNull();
    expect(result.findings.map((finding) => finding.code)).toEqual(expected.findings);
  });
});

// ── Hand-made streams for what no recorded stream shows ──

const BASE = { id: 'chatcmpl-d', object: 'chat.completion.chunk', created: 1, model: 'm' };
const DONE = 'data: [DONE]\n\n';

function delta(value: Json, finish: string | null = null, extra: Json = {}): string {
  return `data: ${JSON.stringify({ ...BASE, choices: [{ index: 0, delta: value, logprobs: null, finish_reason: finish, ...extra }] })}\n\n`;
}

const call = (fragment: Json) => delta({ role: 'assistant', content: null, tool_calls: [fragment] }, 'tool_calls');

describe('hand-made streams where the SDK throws or repairs', () => {
  it('no finish_reason: the SDK throws "missing finish_reason"; we give the answer and `no finish reason`', async () => {
    const body = delta({ role: 'assistant', content: 'hi' }) + DONE;
    await expect(sdkFinal(body)).rejects.toThrow(/missing finish_reason for choice 0/);
    const result = reconstruct(body);
    expect(result.choices[0]!.text).toBe('hi');
    expect(result.findings.map((finding) => finding.code)).toEqual(['no finish reason']);
  });

  it('a tool call without an id: the SDK invents call_<uuid>; we leave the call out and say so', async () => {
    const body = call({ index: 0, type: 'function', function: { name: 'f', arguments: '{}' } }) + DONE;
    const sdk = await sdkFinal(body);
    expect(at(sdk, ['choices', 0, 'message', 'tool_calls', 0, 'id'])).toMatch(/^call_[0-9a-f-]{36}$/);
    const result = reconstruct(body);
    expect(result.choices[0]!.toolCalls).toEqual([]);
    expect(result.findings.map((finding) => finding.code)).toEqual(['tool call incomplete']);
  });

  it('a tool call without a name: the SDK gives it the name ""; we leave it out and say so', async () => {
    const body = call({ index: 0, id: 'call_1', type: 'function', function: { arguments: '{}' } }) + DONE;
    expect(at(await sdkFinal(body), ['choices', 0, 'message', 'tool_calls', 0, 'function', 'name'])).toBe('');
    const result = reconstruct(body);
    expect(result.choices[0]!.toolCalls).toEqual([]);
    expect(result.findings.map((finding) => finding.code)).toEqual(['tool call incomplete']);
  });

  it('a fragment without an index: the SDK loses the call; we attach it to call 0 and say so', async () => {
    const body = call({ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }) + DONE;
    expect(at(await sdkFinal(body), ['choices', 0, 'message', 'tool_calls'])).toEqual([]);
    const result = reconstruct(body);
    expect(result.choices[0]!.toolCalls).toEqual([{ index: 0, id: 'call_1', name: 'f', arguments: '{}', input: {} }]);
    expect(result.findings.map((finding) => finding.code)).toEqual(['tool call no index']);
  });

  it('logprobs on the first chunk of a choice: the SDK counts its tokens twice; we count them once', async () => {
    const token = (text: string) => ({ token: text, logprob: 0, bytes: [text.charCodeAt(0)], top_logprobs: [] });
    const body = delta({ role: 'assistant', content: 'a' }, null, { logprobs: { content: [token('a')], refusal: null } }) + delta({ content: 'b' }, 'stop', { logprobs: { content: [token('b')], refusal: null } }) + DONE;
    const sdk = await sdkFinal(body);
    expect(at(sdk, ['choices', 0, 'logprobs', 'content'])).toEqual([token('a'), token('a'), token('b')]);
    const result = reconstruct(body);
    expect(at(result.response, ['choices', 0, 'logprobs', 'content'])).toEqual([token('a'), token('b')]);
    expect(result.findings).toEqual([]);
  });
});

describe('hand-made streams where the SDK agrees and stays silent', () => {
  const cases: Array<[string, string, FindingCode[]]> = [
    ['no [DONE]', delta({ role: 'assistant', content: 'hi' }, 'stop'), ['no end']],
    ['frames after [DONE]', delta({ role: 'assistant', content: 'hi' }, 'stop') + DONE + delta({ content: ' more' }), ['after end']],
    ['arguments that are not JSON', call({ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":' } }) + DONE, ['arguments not json']],
  ];

  it.each(cases)('%s: the same response, and our finding', async (_name, body, findings) => {
    const result = reconstruct(body);
    expect(result.response).toEqual(withoutSdkOnly(await sdkFinal(body)));
    expect(result.findings.map((finding) => finding.code)).toEqual(findings);
  });
});
