// Our reading of Ollama streams against ollama-js@0.6.4, the official client: its reader of a streamed body (fed our
// bytes through a fake fetch) yields the chunks, and a client joins them as the API documentation says (text and
// thinking joined, tool calls appended whole, the `done` chunk's reason and counts; an error line throws). Every
// fixture, fault scripts over them, and every real capture under test/vectors/ollama.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ollama } from 'ollama';
import { describe, expect, it } from 'vitest';
import { applyFaults, appendError, cutInside, dropEnd, truncateAfter } from '../../src/faults/index.js';
import { fixtures } from '../../src/fixtures/index.js';
import { reconstruct } from '../../src/index.js';

type Json = Record<string, unknown>;

/** What a client of ollama-js holds at the end: joined text and thinking, the calls, the finish, the counts, the error. */
interface ClientReading {
  text: string;
  thinking: string;
  calls: Array<[string, unknown]>;
  reason: string | null;
  input: number | null;
  output: number | null;
  error: string | null;
}

async function ollamaReads(body: string, endpoint: 'chat' | 'generate'): Promise<ClientReading> {
  const client = new Ollama({ host: 'http://127.0.0.1:9', fetch: async () => new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }) });
  const read: ClientReading = { text: '', thinking: '', calls: [], reason: null, input: null, output: null, error: null };
  try {
    const chunks = endpoint === 'chat' ? await client.chat({ model: 'm', messages: [], stream: true }) : await client.generate({ model: 'm', prompt: '', stream: true });
    for await (const chunk of chunks as AsyncIterable<Json>) {
      const message = (chunk.message ?? {}) as Json;
      read.text += String((endpoint === 'chat' ? message.content : chunk.response) ?? '');
      read.thinking += String((endpoint === 'chat' ? message.thinking : chunk.thinking) ?? '');
      for (const call of (message.tool_calls ?? []) as Json[]) read.calls.push([String((call.function as Json).name), (call.function as Json).arguments]);
      if (chunk.done === true) {
        read.reason = typeof chunk.done_reason === 'string' ? chunk.done_reason : null;
        read.input = typeof chunk.prompt_eval_count === 'number' ? chunk.prompt_eval_count : null;
        read.output = typeof chunk.eval_count === 'number' ? chunk.eval_count : null;
      }
    }
  } catch (error) {
    // An error line, or a body that ends without `done` ("Did not receive done or success response in stream.").
    read.error = (error as Error).message;
  }
  return read;
}

/** The same facts from our reconstruction. */
function ourReading(body: string): ClientReading & { complete: boolean } {
  const result = reconstruct(body, { format: 'ollama' });
  const choice = result.answer.choices[0];
  return {
    text: choice?.text ?? '',
    thinking: choice?.reasoning ?? '',
    calls: (choice?.toolCalls ?? []).map((call) => [call.name, call.input]),
    reason: choice?.finish.reason ?? null,
    input: result.answer.usage?.input ?? null,
    output: result.answer.usage?.output ?? null,
    error: result.answer.error?.message ?? null,
    complete: result.verdict === 'complete',
  };
}

/** Both readings agree; where the client threw, we did not call the stream complete (and name the same error). */
async function agree(body: string, endpoint: 'chat' | 'generate'): Promise<void> {
  const client = await ollamaReads(body, endpoint);
  const ours = ourReading(body);
  expect({ text: ours.text, thinking: ours.thinking, calls: ours.calls }).toEqual({ text: client.text, thinking: client.thinking, calls: client.calls });
  if (client.error === null) {
    expect({ reason: ours.reason, input: ours.input, output: ours.output, error: ours.error }).toEqual({ reason: client.reason, input: client.input, output: client.output, error: null });
    expect(ours.complete).toBe(true);
  } else {
    expect(ours.complete).toBe(false);
    // An error line: the client's message is the line's; a body with no `done`: ours names no error, it did not finish.
    if (!client.error.startsWith('Did not receive done')) expect(ours.error).toBe(client.error);
  }
}

const FIXTURES = fixtures('ollama');
const CAPTURES = readdirSync(join(import.meta.dirname, '../vectors/ollama')).filter((name) => name.endsWith('.ndjson')).sort();

describe('ollama: our reading agrees with ollama-js', () => {
  it('has fixtures and captures to compare', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(7);
    expect(CAPTURES.length).toBeGreaterThanOrEqual(2);
  });

  it.each(FIXTURES.map((fixture) => [fixture.name, fixture.stream] as const))('fixture %s', async (_name, stream) => {
    await agree(stream, 'chat');
  });

  it.each(CAPTURES)('capture %s', async (name) => {
    await agree(readFileSync(join(import.meta.dirname, '../vectors/ollama', name), 'utf8'), 'generate');
  });

  it.each(FIXTURES.filter((fixture) => fixture.expected.verdict === 'complete').map((fixture) => [fixture.name, fixture] as const))('fault scripts over %s', async (_name, fixture) => {
    const lines = fixture.stream.split('\n').length - 1;
    const faults = [dropEnd(), appendError(), cutInside(lines - 1, 10), ...(lines > 2 ? [truncateAfter(lines - 1)] : [])];
    for (const fault of faults) {
      const script = applyFaults(fixture, fault);
      await agree(script.pieces.map((piece) => piece.text).join(''), 'chat');
    }
  });
});
