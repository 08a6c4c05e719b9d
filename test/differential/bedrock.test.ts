// Bedrock ConverseStream against the AWS SDK's own reading (@aws-sdk/client-bedrock-runtime 3.1162.0 and its
// event-stream deserialiser, as installed): the bytes go to a BedrockRuntimeClient through a request handler that
// answers with them, the most faithful path short of the network. Every fixture (written as binary messages), the
// fault scripts below, and every real capture under test/vectors/bedrock: the SDK and `reconstruct` agree on the
// text, reasoning, tool calls, stop reason, usage and the exception the stream ended with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../src/core/index.js';
import { fixtures } from '../../src/fixtures/index.js';
import { applyFaults, cutInside, dropEnd, scriptText } from '../../src/faults/index.js';
import { formatModule, wireBytes } from '../../src/core/index.js';

interface Reading {
  text: string;
  reasoning: string;
  toolCalls: Array<{ id: string | null; name: string; arguments: string }>;
  stopReason: string | null;
  usage: Record<string, unknown> | null;
  error: { name: string; message: string } | null;
}

const client = (body: Uint8Array[]) =>
  new BedrockRuntimeClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler: { handle: async () => ({ response: { statusCode: 200, headers: { 'content-type': 'application/vnd.amazon.eventstream' }, body: Readable.from(body.map((c) => Buffer.from(c))) } }) } as never,
  });

/** What the SDK yields, folded as a ConverseStream client folds it. */
async function sdkReading(chunks: Uint8Array[]): Promise<Reading> {
  const reading: Reading = { text: '', reasoning: '', toolCalls: [], stopReason: null, usage: null, error: null };
  const calls = new Map<number, { id: string | null; name: string; arguments: string }>();
  try {
    const output = await client(chunks).send(new ConverseStreamCommand({ modelId: 'm', messages: [] }));
    for await (const event of output.stream ?? []) {
      if (event.contentBlockStart?.start?.toolUse) {
        const { toolUseId, name } = event.contentBlockStart.start.toolUse;
        calls.set(event.contentBlockStart.contentBlockIndex ?? 0, { id: toolUseId ?? null, name: name ?? '', arguments: '' });
      }
      const delta = event.contentBlockDelta?.delta;
      if (delta?.text !== undefined) reading.text += delta.text;
      if (delta?.reasoningContent?.text !== undefined) reading.reasoning += delta.reasoningContent.text;
      if (delta?.toolUse?.input !== undefined) {
        const call = calls.get(event.contentBlockDelta?.contentBlockIndex ?? 0);
        if (call) call.arguments += delta.toolUse.input;
      }
      if (event.messageStop) reading.stopReason = event.messageStop.stopReason ?? null;
      if (event.metadata?.usage) reading.usage = { ...event.metadata.usage };
    }
  } catch (error) {
    const e = error as Error;
    reading.error = { name: e.name, message: e.message };
  }
  reading.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  return reading;
}

/**
 * The TokenUsage members the SDK's schema knows. Documented oracle gap: its deserialiser drops members its model
 * lacks (real bodies carry `serverToolUsage`, which 3.1162.0 does not model), where we keep the usage as sent.
 */
const SDK_USAGE = ['inputTokens', 'outputTokens', 'totalTokens', 'cacheReadInputTokens', 'cacheWriteInputTokens', 'cacheDetails'];

/** What `reconstruct` reads from the same bytes. */
function ourReading(chunks: Uint8Array[]): Reading {
  const result = reconstruct(chunks);
  const choice = result.choices[0];
  const error = result.error as { type?: string; message?: string } | null;
  return {
    text: choice?.text ?? '',
    reasoning: choice?.reasoning ?? '',
    toolCalls: (choice?.toolCalls ?? []).map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
    stopReason: choice?.finishReason ?? null,
    usage: result.usage === null ? null : Object.fromEntries(Object.entries(result.usage).filter(([key]) => SDK_USAGE.includes(key))),
    // The SDK names the exception by its class: the event's name with a capital letter.
    error: error ? { name: (error.type ?? '').replace(/^./, (c) => c.toUpperCase()), message: error.message ?? '' } : null,
  };
}

/** A stream in the text rendering (event: name, data: members) written as Bedrock's binary messages. */
const bytesOf = (text: string): Uint8Array => wireBytes(formatModule('bedrock'), text) ?? new Uint8Array(0);

const vectors = join(import.meta.dirname, '../vectors/bedrock');
const capture = (name: string): Uint8Array[] => (JSON.parse(readFileSync(join(vectors, name), 'utf8')) as { chunks: string[] }).chunks.map((c) => new Uint8Array(Buffer.from(c, 'base64')));

describe('Bedrock ConverseStream: reconstruct agrees with the AWS SDK', () => {
  it.each(fixtures('bedrock').map((f) => [f.kind, f.bytes]))('fixture %s (its `bytes`, the body as Bedrock sends it)', async (_kind, bytes) => {
    if (bytes === undefined) throw new Error('a Bedrock fixture carries its bytes');
    // Cut into 7-byte chunks: the framing must not care.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    expect(ourReading(chunks)).toEqual(await sdkReading([bytes]));
  });

  it.each(['converse-reasoning.json', 'converse-validation-exception.json'])('real capture %s', async (name) => {
    const chunks = capture(name);
    expect(ourReading(chunks)).toEqual(await sdkReading(chunks));
  });

  it('a stream without its end: the SDK ends quietly with no stop reason; we say it did not finish', async () => {
    const text = scriptText(applyFaults(fixtures('bedrock').find((f) => f.kind === 'tool-call')?.stream ?? '', dropEnd()));
    const bytes = bytesOf(text);
    expect(ourReading([bytes])).toEqual(await sdkReading([bytes]));
    expect(reconstruct([bytes]).verdict).toBe('did not finish');
  });

  it('a body cut inside a message: the SDK throws, we report `frame cut` at that frame', async () => {
    const bytes = bytesOf(fixtures('bedrock').find((f) => f.kind === 'text')?.stream ?? '');
    const cut = bytes.subarray(0, bytes.length - 5);
    const theirs = await sdkReading([cut]);
    expect(theirs.error?.message).toMatch(/Truncated/);
    const ours = reconstruct([cut]);
    expect(ours.verdict).toBe('did not finish');
    expect(ours.findings.map((f) => f.code)).toContain('frame cut');
    expect(ourReading([cut]).text).toBe(theirs.text);
  });

  it('a text stream cut inside a frame, written as bytes, is a body cut inside that message: the SDK throws, we say cut', async () => {
    const text = scriptText(applyFaults(fixtures('bedrock').find((f) => f.kind === 'tool-call')?.stream ?? '', cutInside(4, 20)));
    const bytes = bytesOf(text);
    const theirs = await sdkReading([bytes]);
    expect(theirs.error?.message).toMatch(/Truncated/);
    const ours = reconstruct([bytes]);
    expect([ours.verdict, ours.findings.map((f) => f.code)]).toEqual(['did not finish', expect.arrayContaining(['frame cut'])]);
    expect(ourReading([bytes]).toolCalls).toEqual(theirs.toolCalls);
  });

  it('a flipped byte: the SDK throws on the checksum, we report `frame checksum` at the same frame', async () => {
    const bytes = bytesOf(fixtures('bedrock').find((f) => f.kind === 'text')?.stream ?? '').slice();
    const first = new DataView(bytes.buffer).getUint32(0, false);
    bytes[first + 20] = (bytes[first + 20] as number) ^ 0x20;
    const theirs = await sdkReading([bytes]);
    expect(theirs.error?.message).toMatch(/checksum/);
    const ours = reconstruct([bytes]);
    expect(ours.findings.find((f) => f.code === 'frame checksum')?.frame).toBe(1);
  });
});
