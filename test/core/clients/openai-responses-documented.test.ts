// The documented Responses readers of openai-python and openai-go, modelled (no oracle runs here): each body shows one
// behaviour, each assertion names the source it follows (openai-python@v3.3.1 src/openai/_streaming.py, the guides'
// loops; openai-go@v3.52.0 examples/responses-streaming/main.go and packages/ssestream/ssestream.go).
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES } from '../../../src/index.js';
import { fixtures } from '../../../src/fixtures/index.js';

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
