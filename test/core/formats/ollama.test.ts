// The Ollama format on hand streams: detection (its own fixtures, and no other format's), assembly as the API
// documentation says a client joins the chunks, and a finding at its line for each rule a stream breaks.
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../src/fixtures/index.js';
import { reconstruct } from '../../../src/index.js';

const head = '"model":"llama3.2","created_at":"2026-12-02T04:00:00Z"';
const chat = (message: object, extra = '') => `{${head},"message":${JSON.stringify({ role: 'assistant', content: '', ...message })},"done":false${extra}}\n`;
const done = (fields = '"done_reason":"stop","prompt_eval_count":9,"eval_count":3', message: object = {}) => `{${head},"message":${JSON.stringify({ role: 'assistant', content: '', ...message })},"done":true,${fields}}\n`;
const codes = (stream: string) => reconstruct(stream).findings.map((finding) => [finding.code, finding.line]);

describe('ollama detection', () => {
  it('names its fixtures, and every other fixture keeps its format', () => {
    for (const fixture of FIXTURES) expect([fixture.name, reconstruct(fixture.stream).format]).toEqual([fixture.name, fixture.format]);
  });

  it('reads a generate stream, whose first line names it, as NDJSON', () => {
    const result = reconstruct(`{${head},"response":"Hi","done":false}\n{${head},"response":" there","done":true,"done_reason":"stop","context":[1,2],"eval_count":2}\n`);
    expect([result.format, result.verdict, result.answer.choices[0]?.text]).toEqual(['ollama', 'complete', 'Hi there']);
    expect(result.response).toMatchObject({ response: 'Hi there', done: true, done_reason: 'stop', context: [1, 2] });
  });
});

describe('ollama assembly', () => {
  it('joins the text of every chunk, the done chunk included, and the thinking', () => {
    const result = reconstruct(chat({ thinking: 'Hm.' }) + chat({ content: 'Hel' }) + done(undefined, { content: 'lo' }));
    expect(result.answer.choices[0]).toMatchObject({ text: 'Hello', reasoning: 'Hm.', finish: { class: 'stop', reason: 'stop' } });
    expect(result.response).toMatchObject({ message: { role: 'assistant', content: 'Hello', thinking: 'Hm.' }, done: true, prompt_eval_count: 9, eval_count: 3 });
  });

  it('keeps tool calls whole, in order, and a stop with calls is a tool-use finish', () => {
    const calls = [{ function: { index: 0, name: 'a', arguments: { x: 1 } } }, { function: { index: 1, name: 'b', arguments: {} } }];
    const result = reconstruct(chat({ tool_calls: [calls[0]] }) + chat({ tool_calls: [calls[1]] }) + done());
    expect(result.choices[0]?.toolCalls.map((call) => [call.index, call.name, call.input])).toEqual([[0, 'a', { x: 1 }], [1, 'b', {}]]);
    expect(result.answer.choices[0]?.finish.class).toBe('tool_use');
  });
});

describe('ollama findings, at their lines', () => {
  it('no done line: `no end`', () => {
    expect(codes(chat({ content: 'a' }) + chat({ content: 'b' }))).toEqual([['no end', 0]]);
  });

  it('an error line ends the stream; a line after the end is not read', () => {
    expect(codes(chat({ content: 'a' }) + '{"error":"boom"}\n' + chat({ content: 'b' }))).toEqual([['error event', 2], ['after end', 3]]);
    const after = reconstruct(chat({ content: 'a' }) + done() + chat({ content: 'late' }));
    expect(after.findings.map((finding) => [finding.code, finding.line])).toEqual([['after end', 3]]);
    expect(after.answer.choices[0]?.text).toBe('a');
  });

  it('a done line without done_reason; a call without a name; arguments as a string; another model', () => {
    expect(codes(chat({ content: 'a' }) + done('"eval_count":1'))).toContainEqual(['no finish reason', 2]);
    expect(codes(chat({ tool_calls: [{ function: { arguments: {} } }] }) + done())).toContainEqual(['tool call incomplete', 1]);
    expect(codes(chat({ tool_calls: [{ function: { name: 'f', arguments: '{"x":1}' } }] }) + done())).toContainEqual(['arguments not json', 1]);
    expect(codes(chat({ content: 'a' }) + done().replace('llama3.2', 'qwen3'))).toContainEqual(['identity changed', 2]);
  });

  it('framing findings: a line cut short, a blank line between documents', () => {
    expect(codes(chat({ content: 'a' }) + chat({ content: 'b' }).slice(0, 30))).toEqual(expect.arrayContaining([['cut', 2]]));
    expect(codes(chat({ content: 'a' }) + '\n' + done())).toEqual([['blank line', 2]]);
  });
});
