// Our reading of AI SDK UI message streams against the `ai` package's own client (ai@6.0.325, as installed): a Chat
// (AbstractChat with DefaultChatTransport, as `useChat` runs it) fed the same bytes through its `fetch`. Compared:
// the final message's text, reasoning and tool parts (name, id, state, input, output), the finish reason, and whether
// the client failed (an `error` part, or a part it throws on: then we raise a finding at that part).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AbstractChat, type ChatState, type ChatStatus, DefaultChatTransport, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../../src/fixtures/index.js';
import { applyFaults, drop, dropEnd, duplicate, scriptText, swap, truncateAfter } from '../../src/faults/index.js';
import { reconstruct, type Reconstruction } from '../../src/index.js';

const FORMAT = 'ui-message-stream';
const DIR = join(import.meta.dirname, '../vectors/ui-message-stream');
const CAPTURES = readdirSync(DIR).filter((name) => name.endsWith('.sse')).sort();

type Json = Record<string, unknown>;

class MemoryState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage) => void this.messages.push(message);
  popMessage = () => void this.messages.pop();
  replaceMessage = (index: number, message: UIMessage) => void (this.messages[index] = message);
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

class OracleChat extends AbstractChat<UIMessage> {
  constructor(body: string, onFinish: (finish: { message: UIMessage; finishReason?: string; isError: boolean }) => void) {
    const fetch = async () => new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } });
    super({ transport: new DefaultChatTransport({ api: 'http://127.0.0.1/none', fetch }), state: new MemoryState(), onFinish });
  }
}

interface ClientReading {
  text: string;
  reasoning: string;
  tools: Json[];
  /** Text and reasoning parts still streaming (never ended). */
  streaming: number;
  finishReason: string | null;
  failed: boolean;
  error: string | null;
}

/** What the `ai` client makes of the bytes. */
async function clientReading(body: string): Promise<ClientReading> {
  let finished: { message: UIMessage; finishReason?: string; isError: boolean } | null = null;
  const chat = new OracleChat(body, (finish) => void (finished = finish));
  await chat.sendMessage({ text: 'Hello' });
  const done = finished as { message: UIMessage; finishReason?: string; isError: boolean } | null;
  const message = (done?.message.role === 'assistant' ? done.message : null) as UIMessage | null;
  const parts = JSON.parse(JSON.stringify(message?.parts ?? [])) as Json[];
  return {
    ...partsReading(parts),
    finishReason: done?.finishReason ?? null,
    failed: done?.isError ?? true,
    error: chat.error?.message ?? null,
  };
}

function partsReading(parts: readonly Json[]): Pick<ClientReading, 'text' | 'reasoning' | 'tools' | 'streaming'> {
  const join = (type: string) => parts.filter((part) => part.type === type).map((part) => part.text as string).join('');
  const tools = parts
    .filter((part) => typeof part.type === 'string' && (part.type.startsWith('tool-') || part.type === 'dynamic-tool'))
    // A call still streaming its input: the client repairs the half JSON into `input` (parsePartialJson) for display;
    // we do not present a cut input as whole, so the raw text the deltas built is what both must hold.
    .map((part) => ({ type: part.type, toolCallId: part.toolCallId, state: part.state, input: part.state === 'input-streaming' ? undefined : part.input, rawInput: part.state === 'input-streaming' ? part.rawInput : undefined, output: part.output, errorText: part.errorText }));
  const streaming = parts.filter((part) => (part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming').length;
  return { text: join('text'), reasoning: join('reasoning'), tools: JSON.parse(JSON.stringify(tools)) as Json[], streaming };
}

function ourReading(result: Reconstruction): Omit<ClientReading, 'failed' | 'error'> {
  const response = result.response as Json;
  return { ...partsReading((response.parts as Json[]) ?? []), finishReason: result.choices[0]?.finishReason ?? null };
}

/** Compares; a client failure must be our error, or a finding at the part it threw on. */
async function agree(body: string): Promise<{ client: ClientReading; ours: Reconstruction }> {
  const client = await clientReading(body);
  const ours = reconstruct(body, { format: FORMAT });
  const fatal = ['part rejected', 'block unstarted'] as const;
  const ourFailure = ours.error != null || fatal.some((code) => (ours.findingCounts[code] ?? 0) > 0);
  expect(ourFailure, `client failed: ${client.error ?? ''}`).toBe(client.failed);
  if (!client.failed) {
    expect(ourReading(ours)).toEqual({ text: client.text, reasoning: client.reasoning, tools: client.tools, streaming: client.streaming, finishReason: client.finishReason });
    // A finished answer with a part the client still shows streaming has `block open`.
    if (client.finishReason !== null) expect(ours.findingCounts['block open'] !== undefined).toBe(client.streaming > 0 || client.tools.some((tool) => tool.state === 'input-streaming'));
    // The answer model says the same as the response.
    expect(ours.answer.choices[0]?.text).toBe(client.text);
  } else if (ours.error != null) {
    expect(client.error).toBe(typeof ours.error === 'string' ? ours.error : client.error);
  }
  return { client, ours };
}

describe('UI message stream: the ai client and reconstruct agree', () => {
  it.each(fixtures(FORMAT).map((entry) => [entry.kind, entry.stream]))('fixture %s', async (_, stream) => {
    await agree(stream);
  });

  it.each(CAPTURES)('capture %s (written by the ai writer)', async (name) => {
    const body = readFileSync(join(DIR, name), 'utf8');
    const { ours } = await agree(body);
    expect(ours.format).toBe(FORMAT);
  });
});

describe('UI message stream: faults, read by both', () => {
  const [toolCall] = fixtures(FORMAT).filter((entry) => entry.kind === 'parallel-tool-calls');
  const base = toolCall!.stream;
  const cases: Array<[string, string]> = [
    ['the `finish` part dropped', scriptText(applyFaults(base, dropEnd()))],
    ['cut after the fourth frame', scriptText(applyFaults(base, truncateAfter(4)))],
    ['a tool-input-start dropped (deltas for an unknown call)', scriptText(applyFaults(base, drop(2)))],
    ['a delta duplicated', scriptText(applyFaults(base, duplicate(3)))],
    ['two deltas swapped', scriptText(applyFaults(base, swap(3, 4)))],
  ];
  it.each(cases)('%s', async (_, stream) => {
    await agree(stream);
  });
});

describe('UI message stream: what third-party writers get wrong', () => {
  const frame = (part: Json) => `data: ${JSON.stringify(part)}\n\n`;
  const stream = (...parts: Json[]) => `${parts.map(frame).join('')}data: [DONE]\n\n`;
  const start = { type: 'start', messageId: 'm1' };

  it('text-delta without text-start: the client throws, we raise block unstarted and keep the text', async () => {
    const { ours } = await agree(stream(start, { type: 'text-delta', id: 't', delta: 'Hi' }, { type: 'finish', finishReason: 'stop' }));
    expect(ours.findings.map((f) => [f.code, f.frame])).toContainEqual(['block unstarted', 1]);
    expect(ours.choices[0]?.text).toBe('Hi');
    expect(ours.verdict).toBe('not the whole stream');
  });

  it('a new id per delta: the client throws at the second delta', async () => {
    const body = stream(start, { type: 'text-start', id: 'a' }, { type: 'text-delta', id: 'a', delta: 'Hel' }, { type: 'text-delta', id: 'b', delta: 'lo' }, { type: 'finish', finishReason: 'stop' });
    const { ours } = await agree(body);
    const finding = ours.findings.find((f) => f.code === 'block unstarted');
    expect(finding?.frame).toBe(3);
    expect(finding?.message).toContain('a new id per delta');
    expect(ours.choices[0]?.text).toBe('Hello');
  });

  it('an unknown part type: the client rejects it, we raise part rejected at it', async () => {
    const body = stream(start, { type: 'text-start', id: 'a' }, { type: 'text-chunk', id: 'a', text: 'x' }, { type: 'finish', finishReason: 'stop' });
    const { ours } = await agree(body);
    expect(ours.findings.find((f) => f.code === 'part rejected')?.frame).toBe(2);
  });

  it('a data-* part is legal; a transient one is not kept', async () => {
    const body = stream(start, { type: 'data-weather', id: 'w', data: { t: 1 } }, { type: 'data-weather', id: 'w', data: { t: 2 } }, { type: 'data-note', data: 'x', transient: true }, { type: 'finish', finishReason: 'stop' });
    const { ours } = await agree(body);
    expect(ours.findings).toEqual([]);
    expect((ours.response as Json).parts).toEqual([{ type: 'data-weather', id: 'w', data: { t: 2 } }]);
  });

  it('finish without a reason: allowed by the schema, an info finding here', async () => {
    const { ours } = await agree(stream(start, { type: 'text-start', id: 'a' }, { type: 'text-delta', id: 'a', delta: 'Hi' }, { type: 'text-end', id: 'a' }, { type: 'finish' }));
    expect(Object.keys(ours.findingCounts)).toEqual(['finish without reason']);
    expect(ours.verdict).toBe('complete');
  });

  it('a finish reason outside the enum: the client rejects the part', async () => {
    const { ours } = await agree(stream(start, { type: 'finish', finishReason: 'end_turn' }));
    expect(ours.findingCounts['part rejected']).toBe(1);
  });

  it('a dropped connection (no finish, no [DONE]): the client ends quietly, we say it did not finish', async () => {
    const body = [start, { type: 'text-start', id: 'a' }, { type: 'text-delta', id: 'a', delta: 'Hi' }].map(frame).join('');
    const { client, ours } = await agree(body);
    expect(client.failed).toBe(false);
    expect(ours.verdict).toBe('did not finish');
    expect(ours.outcome).toBe('dropped');
    expect(ours.findingCounts['no end']).toBe(1);
  });

  it('parts after finish: the client applies them, and so do we, with a finding', async () => {
    const body = stream(start, { type: 'finish', finishReason: 'stop' }, { type: 'text-start', id: 'a' }, { type: 'text-delta', id: 'a', delta: 'late' }, { type: 'text-end', id: 'a' });
    const { ours } = await agree(body);
    expect(ours.findings.find((f) => f.code === 'after finish')?.frame).toBe(2);
  });

  it('tool-input-available whose input disagrees with the deltas: the final input is kept', async () => {
    const body = stream(
      start,
      { type: 'tool-input-start', toolCallId: 'c', toolName: 'get_weather' },
      { type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{"city":"Pa' },
      { type: 'tool-input-available', toolCallId: 'c', toolName: 'get_weather', input: { city: 'Rome' } },
      { type: 'finish', finishReason: 'tool-calls' },
    );
    const { ours } = await agree(body);
    expect(ours.findings.find((f) => f.code === 'done mismatch')?.frame).toBe(3);
    expect(ours.choices[0]?.toolCalls[0]?.input).toEqual({ city: 'Rome' });
  });

  it('text-end dropped: a step end forgets the id, the client shows the part streaming for good, we raise block open', async () => {
    const body = stream(start, { type: 'start-step' }, { type: 'text-start', id: 'a' }, { type: 'text-delta', id: 'a', delta: 'Hi' }, { type: 'finish-step' }, { type: 'finish', finishReason: 'stop' });
    const { client, ours } = await agree(body);
    expect(client.streaming).toBe(1);
    expect(ours.findings.find((f) => f.code === 'block open')?.message).toContain('still streaming');
  });

  it('text-start sent twice: the first part stays empty and streaming in the client, we raise block open', async () => {
    const body = stream(start, { type: 'text-start', id: 'a' }, { type: 'text-start', id: 'a' }, { type: 'text-delta', id: 'a', delta: 'Hi' }, { type: 'text-end', id: 'a' }, { type: 'finish', finishReason: 'stop' });
    const { client, ours } = await agree(body);
    expect(client.streaming).toBe(1);
    expect(ours.findingCounts['block open']).toBe(1);
  });

  it('tool output for a call never started: the client throws', async () => {
    const { ours } = await agree(stream(start, { type: 'tool-output-available', toolCallId: 'nope', output: 1 }, { type: 'finish', finishReason: 'stop' }));
    expect(ours.findings.find((f) => f.code === 'block unstarted')?.frame).toBe(1);
  });
});
