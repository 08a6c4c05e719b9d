// Our reading of Cohere v2 chat streams against cohere-ai@8.1.0's own reader: a CohereClientV2 whose fetch answers
// with the bytes, `chatStream`, and the events it yields assembled as the SDK's docs and types say a client does
// (content and tool calls by index, the tool plan, citations, `message-end`). Fed every fixture, every fixture under
// the faults a relay commits, and every real capture (test/vectors/cohere, SOURCES.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CohereClientV2 } from 'cohere-ai';
import { describe, expect, it } from 'vitest';
import { reconstruct, synthesize, type Reconstruction } from '../../src/index.js';
import { fixtures } from '../../src/fixtures/index.js';
import { addBOM, applyFaults, appendError, cutInside, drop, dropEnd, dropStart, duplicate, scriptText, stripFinalBlankLine, swap, toCRLF, truncateAfter, type Fault } from '../../src/faults/index.js';

const DIR = join(import.meta.dirname, '../vectors/cohere');
const CAPTURES = readdirSync(DIR).filter((name) => name.endsWith('.sse')).sort();

type Json = Record<string, unknown>;

/** What a client builds from the SDK's events, in the fields both sides can say. */
interface Reading {
  text: string;
  reasoning: string;
  toolCalls: { id: string | null; name: string; arguments: string }[];
  citations: number;
  finishReason: string | null;
  billed: { input: number | null; output: number | null };
  tokens: { input: number | null; output: number | null };
  error: string | null;
  ended: boolean;
}

const obj = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

interface Part {
  text: string;
  open: boolean;
}

/** The SDK's events (camel-cased by its serializer), assembled by index as the docs describe. */
async function sdkReading(body: string): Promise<Reading> {
  const client = new CohereClientV2({ token: 'test', fetch: async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }) });
  const contents = new Map<number, Part & { thinking: boolean }>();
  const calls = new Map<number, Part & { id: string | null; name: string }>();
  const out: Reading = { text: '', reasoning: '', toolCalls: [], citations: 0, finishReason: null, billed: { input: null, output: null }, tokens: { input: null, output: null }, error: null, ended: false };
  let plan = '';
  for await (const event of await client.chatStream({ model: 'm', messages: [] })) {
    const raw = event as unknown as Json;
    const message = obj(obj(raw.delta).message);
    const index = num(raw.index) ?? -1;
    if (out.ended) break;
    switch (event.type) {
      case 'content-start': {
        const content = obj(message.content);
        const thinking = content.type === 'thinking';
        contents.set(index, { thinking, text: str(thinking ? content.thinking : content.text) ?? '', open: true });
        break;
      }
      case 'content-delta': {
        const part = contents.get(index);
        const content = obj(message.content);
        if (part?.open) part.text += str(part.thinking ? content.thinking : content.text) ?? '';
        break;
      }
      case 'tool-plan-delta':
        plan += str(message.toolPlan) ?? '';
        break;
      case 'tool-call-start': {
        const call = obj(message.toolCalls);
        const fn = obj(call.function);
        calls.set(index, { id: str(call.id), name: str(fn.name) ?? '', text: str(fn.arguments) ?? '', open: true });
        break;
      }
      case 'tool-call-delta': {
        const call = calls.get(index);
        if (call?.open) call.text += str(obj(obj(message.toolCalls).function).arguments) ?? '';
        break;
      }
      case 'content-end':
      case 'tool-call-end': {
        const part = (event.type === 'content-end' ? contents : calls).get(index);
        if (part) part.open = false;
        break;
      }
      case 'citation-start':
        out.citations += 1;
        break;
      case 'message-end': {
        const delta = obj(raw.delta);
        const usage = obj(delta.usage);
        out.finishReason = str(delta.finishReason);
        out.billed = { input: num(obj(usage.billedUnits).inputTokens), output: num(obj(usage.billedUnits).outputTokens) };
        out.tokens = { input: num(obj(usage.tokens).inputTokens), output: num(obj(usage.tokens).outputTokens) };
        out.error = str(delta.error);
        out.ended = true;
        break;
      }
    }
  }
  const parts = [...contents.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
  out.text = parts.filter((part) => !part.thinking).map((part) => part.text).join('');
  out.reasoning = parts.filter((part) => part.thinking).map((part) => part.text).join('') + plan;
  out.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => ({ id: call.id, name: call.name, arguments: call.text }));
  return out;
}

/** Ours, in the same fields. */
function ourReading(result: Reconstruction): Reading {
  const choice = result.choices[0];
  const usage = obj(result.usage);
  const response = obj(result.response);
  const error = obj(result.error);
  return {
    text: choice?.text ?? '',
    reasoning: choice?.reasoning ?? '',
    toolCalls: (choice?.toolCalls ?? []).map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
    citations: Array.isArray(obj(response.message).citations) ? (obj(response.message).citations as unknown[]).length : 0,
    finishReason: choice?.finishReason ?? null,
    billed: { input: num(obj(usage.billed_units).input_tokens), output: num(obj(usage.billed_units).output_tokens) },
    tokens: { input: num(obj(usage.tokens).input_tokens), output: num(obj(usage.tokens).output_tokens) },
    error: str(error.message),
    ended: result.findings.every((finding) => finding.code !== 'no end'),
  };
}

async function agree(body: string): Promise<{ ours: Reading; sdk: Reading; result: Reconstruction }> {
  const result = reconstruct(body);
  const sdk = await sdkReading(body);
  const ours = ourReading(result);
  expect(ours).toEqual(sdk);
  return { ours, sdk, result };
}

describe('cohere-ai 8.1.0 reads what we read', () => {
  it.each(fixtures('cohere').map((entry) => [entry.name, entry.stream]))('fixture %s', async (_, stream) => {
    const { result } = await agree(stream);
    expect(result.format).toBe('cohere');
  });

  it.each(CAPTURES)('real capture %s', async (name) => {
    const { ours, result } = await agree(readFileSync(join(DIR, name), 'utf8'));
    expect(result.format).toBe('cohere');
    // Real streams bill far fewer input tokens than the model read: the shared `input` is the read count.
    expect(result.answer.usage?.input ?? null).toBe(ours.tokens.input);
  });
});

/** Faults a relay commits, each applied to every fixture that has the frames it names. */
const FAULTS: Array<[string, (frames: number) => Fault | null]> = [
  ['truncateAfter(3)', () => truncateAfter(3)],
  ['cutInside(3, 10)', (frames) => (frames > 4 ? cutInside(3, 10) : null)],
  ['appendError()', () => appendError()],
  ['drop(1)', () => drop(1)],
  ['drop(2)', (frames) => (frames > 4 ? drop(2) : null)],
  ['duplicate(2)', () => duplicate(2)],
  ['swap(2, 3)', (frames) => (frames > 5 ? swap(2, 3) : null)],
  ['dropEnd()', () => dropEnd()],
  ['dropStart()', () => dropStart()],
  ['toCRLF()', () => toCRLF()],
  ['addBOM()', () => addBOM()],
  ['stripFinalBlankLine()', () => stripFinalBlankLine()],
];

describe('cohere-ai 8.1.0 agrees under faults', () => {
  const cases = fixtures('cohere').flatMap((entry) => {
    const frames = reconstruct(entry.stream).frameCount;
    return FAULTS.flatMap(([name, make]) => {
      const fault = make(frames);
      return fault === null ? [] : [[`${entry.name} + ${name}`, scriptText(applyFaults(entry, fault))] as const];
    });
  });

  it.each(cases)('%s', async (_, stream) => {
    await agree(stream);
  });
});

describe('where the SDK reader is wrong (its bugs, not ours)', () => {
  it('stops at any data line that contains `[DONE]`, even inside a text delta', async () => {
    const response = { id: 'x', finish_reason: 'COMPLETE', message: { role: 'assistant', content: [{ type: 'text', text: 'Type [DONE] to finish.' }] } };
    const stream = synthesize('cohere', response, { pieceSize: 12 });
    const result = reconstruct(stream);
    expect(result.verdict).toBe('complete');
    expect(result.choices[0]!.text).toBe('Type [DONE] to finish.');
    const sdk = await sdkReading(stream);
    expect(sdk.text).toBe('');
    expect(sdk.ended).toBe(false);
  });
});
