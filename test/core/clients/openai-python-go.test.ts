// The documented profiles of openai-python and openai-go (no Python or Go oracle runs in these tests): each body shows
// one behaviour, and each assertion names the source line it follows: openai/openai-python@v3.3.1
// src/openai/_streaming.py and the guides' loops; openai/openai-go packages/ssestream/ssestream.go (v3.42.0 or v3.52.0)
// and examples/responses-streaming/main.go (v3.52.0). openai-python's event reading was also checked by hand against
// openai-python's own code (scripts/check-openai-python.ts).
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/core/index.js';
import { fixtures } from '../../../src/fixtures/index.js';

{
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
}

{
const chat = FORMAT_MODULES.find((module) => module.name === 'chat-completions')!.clients!;
const [before, after] = ['>=3.0.0 <3.43.0', '>=3.43.0 <=3.52.0'].map((versions) => chat.find((profile) => profile.client === 'openai-go' && profile.versions === versions)!);
const node = chat.find((profile) => profile.client === 'openai-node' && profile.reader.startsWith('for await'))!;
const closed = (text: string) => ({ text, ending: 'closed' as const });

const chunk = (delta: object, finish: string | null = null, extra: object = {}) => `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', ...extra, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const hi = chunk({ role: 'assistant', content: 'Hi' }) + chunk({}, 'stop');

describe('openai-go for stream.Next()', () => {
  it('has two documented profiles, split at v3.43.0, neither installable', () => {
    expect([before!.installable, after!.installable]).toEqual([false, false]);
    expect(before!.source).toMatch(/v3\.42\.0/);
    expect(after!.source).toMatch(/v3\.52\.0/);
  });

  it('skips comment lines (v3.52.0 line 103, v3.42.0 line 101): `: ping` inside an event is never an error', () => {
    const body = closed(`: ping\n${chunk({ role: 'assistant', content: 'Hi' })}`);
    expect(before!.read(body)).toMatchObject({ ends: 'returns', text: 'Hi', thrown: null });
    expect(after!.read(body)).toMatchObject({ ends: 'returns', text: 'Hi', thrown: null });
  });

  it('before v3.43.0 fails on a `: ping` block: its blank line dispatches empty data (v3.42.0 line 84), which json.Unmarshal rejects (line 216)', () => {
    const body = closed(`${chunk({ role: 'assistant', content: 'Hi' })}: ping\n\n${chunk({}, 'stop')}`);
    expect(before!.read(body)).toMatchObject({ ends: 'throws', text: 'Hi', thrown: 'SyntaxError: unexpected end of JSON input' });
    // From v3.43.0 a block without data is skipped (v3.52.0 lines 83-86).
    expect(after!.read(body)).toMatchObject({ ends: 'returns', text: 'Hi', thrown: null });
  });

  it('before v3.43.0 fails on an `event:` line alone and on an extra blank line too', () => {
    expect(before!.read(closed(`event: ping\n\n${hi}`))).toMatchObject({ ends: 'throws', thrown: expect.stringMatching(/^SyntaxError/) });
    expect(before!.read(closed(`${chunk({ content: 'Hi' })}\n${hi}`))).toMatchObject({ ends: 'throws', text: 'Hi' });
    expect(after!.read(closed(`event: ping\n\n${chunk({ content: 'Hi' })}\n${hi}`))).toMatchObject({ ends: 'returns', text: 'HiHi' });
  });

  it('ends with a StreamError on any top-level `error` key, null included (gjson Exists, v3.52.0 line 183)', () => {
    expect(after!.read(closed(`${hi}data: {"error":{"message":"boom"}}\n\n`))).toMatchObject({ ends: 'throws', text: 'Hi', thrown: 'StreamError: received error while streaming: {"message":"boom"}' });
    expect(after!.read(closed(chunk({ content: 'Hi' }, null, { error: null })))).toMatchObject({ ends: 'throws', text: '', thrown: 'StreamError: received error while streaming: ' });
  });

  it('reads past [DONE] to the body end (v3.52.0 line 177 only marks it done): a reset after it fails, a stall waits', () => {
    const body = `${hi}data: [DONE]\n\n${chunk({ content: ' more' })}`;
    expect(after!.read(closed(body))).toMatchObject({ ends: 'returns', text: 'Hi' });
    expect(after!.read({ text: body, ending: 'failed' })).toMatchObject({ ends: 'throws', text: 'Hi', thrown: expect.stringMatching(/EOF/) });
    expect(after!.read({ text: body, ending: 'open' })).toMatchObject({ ends: 'hangs', text: 'Hi' });
  });

  it('splits lines at LF only (bufio.ScanLines): CR-only line ends run the whole body into one line, and nothing dispatches', () => {
    expect(after!.read(closed(hi.replace(/\n/g, '\r')))).toMatchObject({ ends: 'returns', text: '' });
    expect(after!.read(closed(hi.replace(/\n/g, '\r\n')))).toMatchObject({ ends: 'returns', text: 'Hi' });
  });

  it('joins a tool-call fragment without an index into call 0 (Go reads a missing int as 0)', () => {
    const call = (index: number | undefined, args: string, id?: string) => chunk({ tool_calls: [{ index, id, type: 'function', function: { name: id ? 'f' : undefined, arguments: args } }] });
    expect(after!.read(closed(call(0, '{"a":', 'a') + call(undefined, '1}'))).toolCalls).toEqual([{ id: 'a', name: 'f', arguments: '{"a":1}' }]);
  });

  it('hands the same text and calls as openai-node on every whole Chat Completions fixture', () => {
    for (const fixture of fixtures('chat-completions')) {
      const [ours, theirs] = [after!.read(closed(fixture.stream)), node.read(closed(fixture.stream))];
      expect({ name: fixture.name, ends: ours.ends, text: ours.text, toolCalls: ours.toolCalls }).toEqual({ name: fixture.name, ends: theirs.ends, text: theirs.text, toolCalls: theirs.toolCalls });
    }
  });
});
}

{
const profiles = FORMAT_MODULES.find((module) => module.name === 'responses')!.clients!;
const python = profiles.find((profile) => profile.client === 'openai-python')!;
const go = profiles.find((profile) => profile.client === 'openai-go' && profile.versions.startsWith('>=3.43.0'))!;
const goBefore = profiles.find((profile) => profile.client === 'openai-go' && profile.versions.startsWith('>=3.0.0'))!;
const node = profiles.find((profile) => profile.client === 'openai-node' && profile.reader.startsWith('for await'))!;
const closed = (text: string) => ({ text, ending: 'closed' as const });

const event = (type: string, fields: object, sequence: number) => `event: ${type}\ndata: ${JSON.stringify({ type, ...fields, sequence_number: sequence })}\n\n`;
const created = event('response.created', { response: { id: 'r', status: 'in_progress', output: [] } }, 0);
const delta = (value: string, sequence: number) => event('response.output_text.delta', { item_id: 'm', output_index: 0, content_index: 0, delta: value }, sequence);
const textDone = (text: string, sequence: number) => event('response.output_text.done', { item_id: 'm', output_index: 0, content_index: 0, text }, sequence);
const fixture = (name: string) => fixtures('responses').find((candidate) => candidate.name === `responses/${name}`)!.stream;

describe('openai-python for event in responses.create(stream=True)', () => {
  it('hands the same text and calls as openai-node\'s loop on every whole Responses fixture (the same guide loop)', () => {
    for (const { name, stream } of fixtures('responses')) {
      const [ours, theirs] = [python.read(closed(stream)), node.read(closed(stream))];
      expect({ name, ends: ours.ends, text: ours.text, toolCalls: ours.toolCalls }).toEqual({ name, ends: theirs.ends, text: theirs.text, toolCalls: theirs.toolCalls });
    }
  });

  it('crashes on a `: ping` block after an `id:` line (SSEDecoder.decode line 343, json.loads("") at line 86)', () => {
    expect(python.read(closed(`id: 7\n${created}${delta('Hi', 1)}: ping\n\n${delta('!', 2)}`))).toMatchObject({ ends: 'throws', text: 'Hi', thrown: expect.stringMatching(/^JSONDecodeError/) });
  });

  it('raises KeyError for argument deltas of an output index never added (the guide indexes its dict directly)', () => {
    const args = event('response.function_call_arguments.delta', { item_id: 'fc', output_index: 3, delta: '{}' }, 2);
    expect(python.read(closed(created + delta('Hi', 1) + args))).toMatchObject({ ends: 'throws', text: 'Hi', thrown: 'KeyError: 3' });
  });

  it('ends quietly on an `error` event, which is an event and not an error for the SDK (line 87: no `error` member)', () => {
    const run = python.read(closed(created + delta('Hi', 1) + event('error', { code: 'server_error', message: 'boom', param: null }, 2)));
    expect(run).toMatchObject({ ends: 'returns', text: 'Hi', thrown: null });
    expect(run.notes.join(' ')).toMatch(/error event/);
  });
});

describe('openai-go Responses streaming example', () => {
  it('answers with the first event that has a `text` and stops reading there (main.go lines 27-30: break)', () => {
    const body = created + delta('Hi', 1) + textDone('Hi', 2);
    expect(go.read(closed(body))).toMatchObject({ ends: 'returns', text: 'Hi', toolCalls: [] });
    // After the break nothing is read: a reset later in the body is not seen.
    expect(go.read({ text: body + delta('more', 3), ending: 'failed' })).toMatchObject({ ends: 'returns', text: 'Hi' });
  });

  it('answers a reasoning stream with its reasoning summary, the first `done` event with a `text`', () => {
    const stream = fixture('reasoning');
    const run = go.read(closed(stream));
    expect(stream).toContain('response.reasoning_summary_text.done');
    expect(run.text).not.toBe(node.read(closed(stream)).text);
    expect(run.notes.join(' ')).toMatch(/reasoning_summary_text\.done/);
  });

  it('returns "" without an error on a stream cut before any `text`, and reads no function calls', () => {
    expect(go.read(closed(created + delta('Hi', 1)))).toMatchObject({ ends: 'returns', text: '', thrown: null });
    expect(go.read(closed(fixture('tool-call')))).toMatchObject({ ends: 'returns', toolCalls: [] });
  });

  it('fails on a gateway `error` event with an `error` member (ssestream.go line 183), not on the documented `error` event', () => {
    expect(go.read(closed(created + `event: error\ndata: {"type":"error","error":{"message":"boom"}}\n\n`))).toMatchObject({ ends: 'throws', thrown: expect.stringMatching(/^StreamError/) });
    expect(go.read(closed(created + event('error', { code: 'server_error', message: 'boom', param: null }, 1)))).toMatchObject({ ends: 'returns', text: '' });
  });

  it('before v3.43.0 fails on a `: ping` block between events (v3.42.0 line 84 dispatches it empty)', () => {
    const body = `${created}: ping\n\n${delta('Hi', 1)}${textDone('Hi', 2)}`;
    expect(goBefore.read(closed(body))).toMatchObject({ ends: 'throws', thrown: expect.stringMatching(/^SyntaxError/) });
    expect(go.read(closed(body))).toMatchObject({ ends: 'returns', text: 'Hi' });
  });
});
}
