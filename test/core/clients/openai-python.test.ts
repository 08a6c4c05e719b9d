// openai-python's Chat Completions loop, modelled (no Python oracle runs here): each body shows one behaviour, and each
// assertion names the line of openai/openai-python@v3.3.1 src/openai/_streaming.py it follows.
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/index.js';
import { fixtures } from '../../../src/fixtures/index.js';

const chat = FORMAT_MODULES.find((module) => module.name === 'chat-completions')!.clients!;
const python = chat.find((profile) => profile.client === 'openai-python')!;
const node = chat.find((profile) => profile.client === 'openai-node' && profile.reader.startsWith('for await'))!;
const read = (text: string, ending: 'closed' | 'failed' | 'open' = 'closed') => python.read({ text, ending });

const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const hi = chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop');

describe('openai-python for chunk in stream', () => {
  it('is documented, not installable, and names its source', () => {
    expect(python).toMatchObject({ installable: false, versions: '>=1.97.2 <=3.3.1' } satisfies Partial<ClientProfile>);
    expect(python.source).toMatch(/openai-python@v3\.3\.1 .*_streaming\.py/);
  });

  it('crashes on a `: ping` comment block after an `id:` line (decode line 343 keeps dispatching once an id was seen; line 86 json.loads(""))', () => {
    const run = read(`id: 1\n${hi}: ping\n\n` + 'data: [DONE]\n\n');
    expect(run).toMatchObject({ ends: 'throws', text: 'Hi', thrown: 'JSONDecodeError: Expecting value: line 1 column 1 (char 0)' });
  });

  it('reads the same comment block without an earlier id line (line 343: nothing was seen, nothing dispatches)', () => {
    expect(read(`${hi}: ping\n\n` + 'data: [DONE]\n\n')).toMatchObject({ ends: 'returns', text: 'Hi', thrown: null });
  });

  it('crashes on a `retry:` block and on an `event:` line alone (line 343: a retry or an event dispatches empty data)', () => {
    expect(read(`retry: 3000\n\n${hi}`)).toMatchObject({ ends: 'throws', text: '', thrown: expect.stringMatching(/^JSONDecodeError/) });
    expect(read(`event: ping\n\n${hi}`)).toMatchObject({ ends: 'throws', thrown: expect.stringMatching(/^JSONDecodeError/) });
  });

  it('stops at [DONE] and reads no further (line 63 breaks and the response is closed): a reset or stall after it is not seen', () => {
    expect(read(`${hi}data: [DONE]\n\n${chunk({ content: ' more' })}`, 'failed')).toMatchObject({ ends: 'returns', text: 'Hi' });
    expect(read(`${hi}data: [DONE]\n\n`, 'open')).toMatchObject({ ends: 'returns', text: 'Hi' });
  });

  it('returns quietly on a body closed early, raises on a reset, waits on a stall (the loop reads until the body ends)', () => {
    expect(read(chunk({ role: 'assistant', content: 'Hi' }))).toMatchObject({ ends: 'returns', text: 'Hi', thrown: null });
    expect(read(chunk({ role: 'assistant', content: 'Hi' }), 'failed')).toMatchObject({ ends: 'throws', text: 'Hi', thrown: expect.stringMatching(/^RemoteProtocolError/) });
    expect(read(chunk({ role: 'assistant', content: 'Hi' }), 'open')).toMatchObject({ ends: 'hangs', text: 'Hi' });
  });

  it('raises APIError on a mapping with a truthy `error` (lines 87-99), with its message or a stock one', () => {
    expect(read(`${hi}data: {"error":{"message":"boom"}}\n\n`)).toMatchObject({ ends: 'throws', text: 'Hi', thrown: 'APIError: boom' });
    expect(read(`${hi}data: {"error":{"code":5}}\n\n`)).toMatchObject({ thrown: 'APIError: An error occurred during streaming' });
    // `data.get("error")` is falsy for null and for an empty mapping: the chunk is read.
    expect(read(`data: ${JSON.stringify({ error: null, choices: [{ index: 0, delta: { content: 'ok' } }] })}\n\n`)).toMatchObject({ ends: 'returns', text: 'ok' });
  });

  it('loses a first event behind a byte-order mark (decode line 363: the field is named "\\ufeffdata")', () => {
    expect(read(`\uFEFF${chunk({ role: 'assistant', content: 'Hi' })}${chunk({ content: ' there' })}`)).toMatchObject({ ends: 'returns', text: ' there' });
  });

  it('joins tool calls by index in the order first seen (a dict), a missing index being its own key', () => {
    const call = (index: number | undefined, args: string, id?: string) => chunk({ tool_calls: [{ index, id, type: 'function', function: { name: id ? 'f' : undefined, arguments: args } }] });
    const run = read(call(1, '{"a"', 'b') + call(0, '{}', 'a') + call(1, ':1}') + call(undefined, '{}', 'c'));
    expect(run.toolCalls).toEqual([
      { id: 'b', name: 'f', arguments: '{"a":1}' },
      { id: 'a', name: 'f', arguments: '{}' },
      { id: 'c', name: 'f', arguments: '{}' },
    ]);
  });

  it('hands the same text and calls as openai-node on every whole Chat Completions fixture', () => {
    for (const fixture of fixtures('chat-completions')) {
      const body = { text: fixture.stream, ending: 'closed' as const };
      const [ours, theirs] = [python.read(body), node.read(body)];
      expect({ name: fixture.name, ends: ours.ends, text: ours.text, toolCalls: ours.toolCalls }).toEqual({ name: fixture.name, ends: theirs.ends, text: theirs.text, toolCalls: theirs.toolCalls });
    }
  });
});
