// Bedrock InvokeModelWithResponseStream against the AWS SDK's own reading (@aws-sdk/client-bedrock-runtime
// 3.1162.0, InvokeModelWithResponseStreamCommand, as installed): each `chunk` message's base64 `bytes` carry one of
// the model's own events (Anthropic's Messages events here). The bytes go to the client through a request handler
// that answers with them; the SDK's `chunk.bytes` are decoded and folded as an Anthropic client folds them, and
// `reconstruct` (which unwraps the chunks in the framing and detects the inner format) must agree.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BedrockRuntimeClient, InvokeModelWithResponseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import { decode, reconstruct } from '../../src/core/index.js';
import { fixtures } from '../../src/fixtures/index.js';
import { joinMessages } from '../../src/core/decode/aws-event-stream/index.js';
import { eventMessage } from '../../src/core/formats/bedrock/wire.js';

interface Reading {
  text: string;
  toolCalls: Array<{ id: string; name: string; arguments: string }>;
  stopReason: string | null;
  outputTokens: number | null;
  error: string | null;
}

const client = (body: Uint8Array[]) =>
  new BedrockRuntimeClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler: { handle: async () => ({ response: { statusCode: 200, headers: { 'content-type': 'application/vnd.amazon.eventstream' }, body: Readable.from(body.map((c) => Buffer.from(c))) } }) } as never,
  });

/** Anthropic's events, as the SDK hands their bytes, folded as the Messages API's clients fold them. */
async function sdkReading(chunks: Uint8Array[]): Promise<Reading> {
  const reading: Reading = { text: '', toolCalls: [], stopReason: null, outputTokens: null, error: null };
  const calls = new Map<number, { id: string; name: string; arguments: string }>();
  try {
    const output = await client(chunks).send(new InvokeModelWithResponseStreamCommand({ modelId: 'm', body: '{}' }));
    for await (const part of output.body ?? []) {
      if (part.chunk?.bytes === undefined) continue;
      const event = JSON.parse(new TextDecoder().decode(part.chunk.bytes)) as Record<string, any>;
      // The Messages clients take the usage of message_start and update it from message_delta.
      if (event.type === 'message_start') reading.outputTokens = event.message?.usage?.output_tokens ?? null;
      if (event.type === 'content_block_start' && event.content_block?.type === 'tool_use') calls.set(event.index, { id: event.content_block.id, name: event.content_block.name, arguments: '' });
      if (event.type === 'content_block_delta' && event.delta?.type === 'text_delta') reading.text += event.delta.text;
      if (event.type === 'content_block_delta' && event.delta?.type === 'input_json_delta') {
        const call = calls.get(event.index);
        if (call) call.arguments += event.delta.partial_json;
      }
      if (event.type === 'message_delta') {
        reading.stopReason = event.delta?.stop_reason ?? reading.stopReason;
        reading.outputTokens = event.usage?.output_tokens ?? reading.outputTokens;
      }
    }
  } catch (error) {
    reading.error = (error as Error).name;
  }
  reading.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  return reading;
}

/** The error the SDK throws for the body, as it throws it (name and message), or null. */
async function sdkError(chunks: Uint8Array[]): Promise<Error | null> {
  try {
    const output = await client(chunks).send(new InvokeModelWithResponseStreamCommand({ modelId: 'm', body: '{}' }));
    for await (const _part of output.body ?? []) void _part;
    return null;
  } catch (error) {
    return error as Error;
  }
}

function ourReading(chunks: Uint8Array[], format?: 'anthropic'): Reading {
  const result = reconstruct(chunks, format === undefined ? {} : { format });
  const choice = result.choices[0];
  const usage = result.usage as { output_tokens?: number } | null;
  return {
    text: choice?.text ?? '',
    toolCalls: (choice?.toolCalls ?? []).map((call) => ({ id: call.id ?? '', name: call.name, arguments: call.arguments })),
    stopReason: choice?.finishReason ?? null,
    outputTokens: usage?.output_tokens ?? null,
    error: result.error === null ? null : String((result.error as { type?: string }).type ?? 'error'),
  };
}

/** An Anthropic SSE stream written as InvokeModelWithResponseStream's `chunk` messages. */
function invokeBytes(text: string): Uint8Array {
  return joinMessages(decode(text).frames.map((frame) => eventMessage('chunk', { bytes: Buffer.from(frame.data).toString('base64') })));
}

const vectors = join(import.meta.dirname, '../vectors/bedrock');
const capture = (name: string): Uint8Array[] => (JSON.parse(readFileSync(join(vectors, name), 'utf8')) as { chunks: string[] }).chunks.map((c) => new Uint8Array(Buffer.from(c, 'base64')));
const complete = fixtures('anthropic').filter((fixture) => fixture.expected.verdict === 'complete' && typeof fixture.stream === 'string');

describe('Bedrock InvokeModelWithResponseStream: reconstruct agrees with the AWS SDK', () => {
  it('the real capture (an Anthropic model, a guardrail blocking the input)', async () => {
    const chunks = capture('invoke-anthropic-guardrail.json');
    const theirs = await sdkReading(chunks);
    expect(theirs.text).toBe('Guardrail blocked the input.');
    expect(ourReading(chunks)).toEqual(theirs);
    const result = reconstruct(chunks);
    expect({ format: result.format, verdict: result.verdict, findings: result.findings }).toEqual({ format: 'anthropic', verdict: 'complete', findings: [] });
    expect(reconstruct(chunks, { format: 'anthropic' }).choices).toEqual(result.choices);
  });

  it.each(complete.map((fixture) => [fixture.kind, fixture.stream as string]))('Anthropic fixture %s in chunk messages', async (_kind, stream) => {
    const bytes = invokeBytes(stream);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 11) }, (_, i) => bytes.subarray(i * 11, i * 11 + 11));
    const theirs = await sdkReading([bytes]);
    expect(ourReading(chunks)).toEqual(theirs);
    expect(ourReading(chunks, 'anthropic')).toEqual(theirs);
    const result = reconstruct(chunks);
    expect(result.format).toBe('anthropic');
    expect(result.choices).toEqual(reconstruct(stream).choices);
  });

  it.each([
    ['modelStreamErrorException', { message: 'boom', originalStatusCode: 500, originalMessage: 'upstream failed' }],
    ['throttlingException', { message: 'Too many requests, please wait before trying again.' }],
  ])('an exception (%s) after some chunks: the SDK throws it by name and message; it is our error, at its frame', async (name, members) => {
    const stream = complete.find((fixture) => fixture.kind === 'tool-call')?.stream as string;
    const good = decode(stream).frames.map((frame) => eventMessage('chunk', { bytes: Buffer.from(frame.data).toString('base64') }));
    const bytes = joinMessages([...good.slice(0, 5), eventMessage(name, members)]);
    const theirs = await sdkReading([bytes]);
    const ours = ourReading([bytes]);
    // The SDK names the exception by its class (the name with a capital letter); the text before it agrees.
    expect(ours).toEqual({ ...theirs, error: theirs.error?.replace(/^./, (c) => c.toLowerCase()) ?? null });
    expect(theirs.error).toBe(name.replace(/^./, (c) => c.toUpperCase()));
    const thrown = await sdkError([bytes]);
    const result = reconstruct([bytes]);
    expect(result.error).toEqual({ type: name, ...members });
    expect((result.error as { message: string }).message).toBe(thrown?.message);
    expect([result.format, result.verdict, result.outcome]).toEqual(['anthropic', 'did not finish', 'error_event']);
    const finding = result.findings.find((entry) => entry.code === 'error event');
    expect(finding?.frame).toBe(5);
    expect(result.findings.map((entry) => entry.code)).not.toContain('unknown event');
    expect(result.answer.error?.type).toBe(name);
    expect(reconstruct([bytes], { format: 'anthropic' }).error).toEqual(result.error);
  });

  it('bytes that are not base64 of JSON: named, not read as an event', () => {
    const stream = complete[0]?.stream as string;
    const good = decode(stream).frames.map((frame) => eventMessage('chunk', { bytes: Buffer.from(frame.data).toString('base64') }));
    const bad = eventMessage('chunk', { bytes: Buffer.from('not json').toString('base64') });
    const result = reconstruct([joinMessages([...good.slice(0, 2), bad, ...good.slice(2)])]);
    expect(result.findings.find((finding) => finding.code === 'not json')?.message).toContain('not a JSON object');
    expect(result.choices).toEqual(reconstruct(stream).choices);
  });
});
