// openai-go's Chat Completions loop, modelled (no Go oracle runs here): each body shows one behaviour, and each
// assertion names the line of openai/openai-go packages/ssestream/ssestream.go it follows (v3.42.0 or v3.52.0).
import { describe, expect, it } from 'vitest';
import { FORMAT_MODULES } from '../../../src/index.js';
import { fixtures } from '../../../src/fixtures/index.js';

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
