// JSON.parse reads any depth; JSON.stringify, structuredClone, recursive copies and snapshot printers do not. A frame or
// tool input nested absurdly deep must give a finding, never a crash, and a result that can still be printed.
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, nestsDeeperThan, parseJson } from '../../src/core/json-depth.js';
import { renderText } from '../../src/core/render/text.js';
import { reconstruct } from '../../src/index.js';

const DEPTH = 100_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const named = (value: { type: string }) => `event: ${value.type}\ndata: ${JSON.stringify(value)}\n\n`;
const chunk = (delta: string, finish: string | null = null) =>
  `data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":${delta},"finish_reason":${JSON.stringify(finish)}}]}\n\n`;
const messageStart = named({ type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', content: [], model: 'x', stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } } as { type: string });
const messageEnd = named({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } } as { type: string }) + named({ type: 'message_stop' });

const STREAMS: Array<[string, string, string | null]> = [
  ['a Chat Completions frame', chunk('{"content":"hi"}') + `data: ${deepArray}\n\n` + chunk('{}', 'stop') + 'data: [DONE]\n\n', 'chat-completions'],
  ['Chat Completions tool arguments', chunk(`{"tool_calls":[{"index":0,"id":"t","type":"function","function":{"name":"f","arguments":${JSON.stringify(deepArray)}}}]}`) + chunk('{}', 'tool_calls') + 'data: [DONE]\n\n', 'chat-completions'],
  ['an Anthropic frame', messageStart + `data: ${deepArray}\n\n` + messageEnd, 'anthropic'],
  [
    'Anthropic tool input',
    messageStart +
      named({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't', name: 'f', input: {} } } as { type: string }) +
      named({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: deepArray } } as { type: string }) +
      named({ type: 'content_block_stop', index: 0 } as { type: string }) +
      messageEnd,
    'anthropic',
  ],
  [
    'a Responses item',
    named({ type: 'response.created', sequence_number: 0, response: { id: 'r', object: 'response', status: 'in_progress', output: [] } } as { type: string }) +
      `event: response.output_item.added\ndata: {"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"id":"m","type":"message","role":"assistant","content":[],"x":${deepArray}}}\n\n` +
      named({ type: 'response.completed', sequence_number: 2, response: { id: 'r', object: 'response', status: 'completed', output: [] } } as { type: string }),
    'responses',
  ],
  ['a Gemini function call', `data: {"candidates":[{"content":{"parts":[{"text":"hi"},{"functionCall":{"name":"f","args":{"a":${deepArray}}}}],"role":"model"},"finishReason":"STOP","index":0}]}\n\n`, null],
];

describe('JSON nested past the bound', () => {
  it.each(STREAMS)('%s gives a finding, and a result that prints', (_, stream, format) => {
    const result = reconstruct(stream);
    expect(result.format).toBe(format);
    expect(result.findings.map((finding) => finding.code)).toContain('too deep');
    expect(() => JSON.stringify(result)).not.toThrow();
  });

  it('keeps deep tool arguments as text, without input', () => {
    const [, stream] = STREAMS[1] as [string, string, string];
    const call = reconstruct(stream).choices[0]?.toolCalls[0];
    expect(call?.arguments).toBe(deepArray);
    expect(call?.input).toBeUndefined();
  });

  it('reads JSON exactly as deep as the bound, and refuses one level more', () => {
    const at = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(nestsDeeperThan(JSON.parse(at(MAX_NESTING)), MAX_NESTING)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(at(MAX_NESTING + 1)), MAX_NESTING)).toBe(true);
    expect(parseJson(at(MAX_NESTING))).toEqual(JSON.parse(at(MAX_NESTING)));
    expect(() => parseJson(at(MAX_NESTING + 1))).toThrow(RangeError);
    expect(() => parseJson(`{"a":${at(MAX_NESTING)}}`)).toThrow(RangeError);
    expect(() => parseJson('{"a":')).toThrow(SyntaxError);
  });

  it('gives a report the CLI can print', () => {
    for (const [, stream] of STREAMS) expect(renderText(reconstruct(stream))).toContain('too deep');
  });
});

describe('streamed Gemini arguments that would make huge or deep values', () => {
  const streamed = (jsonPath: string) =>
    `data: {"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","partialArgs":[{"jsonPath":${JSON.stringify(jsonPath)},"stringValue":"x"}],"willContinue":true}}],"role":"model"},"index":0}]}\n\n` +
    'data: {"candidates":[{"content":{"parts":[{"functionCall":{}}],"role":"model"},"finishReason":"STOP","index":0}]}\n\n';

  it('does not fill a list up to an index two billion past its end', () => {
    const result = reconstruct(streamed('$.a[2147483648]'));
    expect(result.findings.map((finding) => finding.code)).toContain('not assembled');
  });

  it('still fills a small gap with nulls, as JSON writes a list', () => {
    const call = reconstruct(streamed('$.a[2]')).choices[0]?.toolCalls[0];
    expect(call?.input).toEqual({ a: [null, null, 'x'] });
  });

  it('does not read a path that would nest the arguments past the bound', () => {
    const result = reconstruct(streamed(`$${'.a'.repeat(MAX_NESTING)}`));
    expect(result.findings.map((finding) => finding.code)).toContain('not assembled');
    expect(() => JSON.stringify(result)).not.toThrow();
  });
});
