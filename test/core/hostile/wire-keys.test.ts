// Keys and types read from the wire are data: an `Object.prototype` name never finds a handler, a table entry or a
// prototype, and a `__proto__` key stays a plain own key in every result (issue 13, items 1 and 2).
import { describe, expect, it } from 'vitest';
import { reconstruct, type FormatName } from '../../../src/index.js';

/** Every name an object literal inherits, and `prototype` for good measure. */
export const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

const FORMATS: Array<FormatName | undefined> = [undefined, 'chat-completions', 'responses', 'anthropic', 'gemini', 'behavior-run'];

function ownKeysDeep(value: unknown, out: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return out;
  for (const key of Object.keys(value)) {
    out.push(key);
    ownKeysDeep((value as Record<string, unknown>)[key], out);
  }
  return out;
}

function prototypesIn(value: unknown, path = '$', out: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return out;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) out.push(path);
  for (const key of Object.keys(value)) prototypesIn((value as Record<string, unknown>)[key], `${path}.${key}`, out);
  return out;
}

describe('an event type that is an Object.prototype name', () => {
  for (const name of PROTOTYPE_NAMES) {
    for (const format of FORMATS) {
      it(`is an unknown event, not a handler: ${name} (${format ?? 'no format given'})`, () => {
        const stream = `event: ${name}\ndata: {"type":${JSON.stringify(name)}}\n\n`;
        const result = reconstruct(stream, format ? { format } : {});
        expect(result.findings.length).toBeGreaterThan(0);
        // Chat Completions reads any object as a chunk (one without `choices` is `not assembled`).
        if (format !== undefined && format !== 'chat-completions') expect(result.findingCounts['unknown event']).toBe(1);
      });
    }
  }

  it('reads a Behavior run around such a frame as usual', () => {
    const stream = [
      'event: response.started\ndata: {"type":"response.started","id":"run_1","behavior":"b","version":1}\n\n',
      'event: constructor\ndata: {"type":"constructor"}\n\n',
      'event: output_text.delta\ndata: {"type":"output_text.delta","delta":"hi"}\n\n',
      'event: hasOwnProperty\ndata: {"type":"hasOwnProperty"}\n\n',
      'event: response.completed\ndata: {"type":"response.completed","id":"run_1","usage":{"inputTokens":1,"outputTokens":1,"totalTokens":2}}\n\n',
    ].join('');
    const result = reconstruct(stream);
    expect(result.format).toBe('behavior-run');
    expect(result.choices[0]?.text).toBe('hi');
    expect(result.findingCounts['unknown event']).toBe(2);
  });
});

describe('a finish reason or block reason that is an Object.prototype name', () => {
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    it(`has the unknown-reason meaning, a string: ${name}`, () => {
      const chat = reconstruct(`data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"a"},"finish_reason":${JSON.stringify(name)}}]}\n\ndata: [DONE]\n\n`);
      expect(chat.choices[0]?.finishMeaning).toMatch(/^Not a finish reason this library knows/);
      expect(chat.findings.map((f) => f.code)).toEqual(['unknown finish reason']);
      expect(chat.outcome).toBe('error_event');
      const blocked = reconstruct(`data: {"promptFeedback":{"blockReason":${JSON.stringify(name)}}}\n\n`, { format: 'gemini' });
      expect(blocked.findings.find((f) => f.code === 'prompt blocked')?.message).toContain('not a block reason this library knows');
    });
  }
});

describe('a __proto__ key on the wire', () => {
  it('stays an own key of a Gemini candidate and its citationMetadata, never their prototype', () => {
    const frame = {
      candidates: [{ index: 0, content: { parts: [{ text: 'hi' }], role: 'model' }, finishReason: 'STOP', citationMetadata: { __proto__x: 1 } }],
    };
    const data = JSON.stringify(frame)
      .replace('"citationMetadata":{"__proto__x":1}', '"citationMetadata":{"__proto__":{"citations":[1]},"citations":[]}')
      .replace('"index":0,', '"index":0,"__proto__":{"toString":"x"},"safety":1,');
    const result = reconstruct(`data: ${data}\n\n`);
    const candidate = (result.response as { candidates: object[] }).candidates[0] as Record<string, unknown>;
    expect(prototypesIn(result)).toEqual([]);
    expect(Object.keys(candidate)).toContain('__proto__');
    expect(Object.getOwnPropertyDescriptor(candidate, '__proto__')?.value).toEqual({ toString: 'x' });
    expect(Object.keys(candidate.citationMetadata as object)).toEqual(['__proto__', 'citations']);
    expect(JSON.stringify(result.response)).toContain('"__proto__":{"toString":"x"}');
    expect(String(result.choices[0]?.text)).toBe('hi');
  });

  it('joins Gemini citation lists under a __proto__ key as under any other', () => {
    const frame = (citations: string) => `data: {"candidates":[{"index":0,"content":{"parts":[{"text":"a"}]},"citationMetadata":{"__proto__":${citations}}}]}\n\n`;
    const result = reconstruct(frame('[1]') + frame('[2]'));
    const candidate = (result.response as { candidates: Array<Record<string, unknown>> }).candidates[0];
    expect(Object.getOwnPropertyDescriptor(candidate?.citationMetadata, '__proto__')?.value).toEqual([1, 2]);
  });

  it('stays an own key in a Chat Completions response (top level, choice, logprobs, audio), no longer dropped', () => {
    const chunk = `{"id":"c","object":"chat.completion.chunk","__proto__":{"a":1},"choices":[{"index":0,"__proto__":{"b":2},"logprobs":{"__proto__":{"c":3},"content":[]},"delta":{"content":"hi","audio":{"__proto__":{"d":4}}},"finish_reason":"stop"}]}`;
    const result = reconstruct(`data: ${chunk}\n\ndata: [DONE]\n\n`);
    expect(prototypesIn(result)).toEqual([]);
    const response = result.response as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(response, '__proto__')?.value).toEqual({ a: 1 });
    const choice = (response.choices as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(choice, '__proto__')?.value).toEqual({ b: 2 });
    expect(Object.getOwnPropertyDescriptor(choice.logprobs, '__proto__')?.value).toEqual({ c: 3 });
    const audio = (choice.message as Record<string, unknown>).audio;
    expect(Object.getOwnPropertyDescriptor(audio, '__proto__')?.value).toEqual({ d: 4 });
  });

  it('stays an own key in an Anthropic message, its usage and a block, and in a Responses item', () => {
    const anthropic = reconstruct(
      [
        'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"__proto__":{"a":1},"usage":{"input_tokens":1,"__proto__":{"b":2}}}}\n\n',
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":"","__proto__":{"c":3}}}\n\n',
        'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
        'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","__proto__":{"d":4}},"usage":{"output_tokens":1}}\n\n',
        'event: message_stop\ndata: {"type":"message_stop"}\n\n',
      ].join(''),
    );
    expect(prototypesIn(anthropic)).toEqual([]);
    // The message's own `__proto__` is replaced by the one message_delta sets, as any field would be.
    expect(ownKeysDeep(anthropic.response).filter((key) => key === '__proto__')).toHaveLength(3);
    expect(Object.getOwnPropertyDescriptor(anthropic.response, '__proto__')?.value).toEqual({ d: 4 });
    const responses = reconstruct(
      [
        'data: {"type":"response.created","sequence_number":0,"response":{"id":"r","object":"response","status":"in_progress","output":[],"__proto__":{"a":1}}}\n\n',
        'data: {"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"type":"message","id":"i","role":"assistant","content":[],"__proto__":{"b":2}}}\n\n',
        'data: {"type":"response.output_item.done","sequence_number":2,"output_index":0,"item":{"type":"message","id":"i","role":"assistant","content":[],"__proto__":{"b":2}}}\n\n',
      ].join(''),
    );
    expect(prototypesIn(responses)).toEqual([]);
    expect(ownKeysDeep(responses.response)).toContain('__proto__');
  });
});

describe('a wire value that is an object with its own toString key', () => {
  it('is named in an Anthropic message as JSON, not converted to a string', () => {
    const start = (id: unknown) => `event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { id, content: [] } })}\n\n`;
    const result = reconstruct(start({ toString: 'x', valueOf: 'y' }) + start('msg_2'));
    const restarted = result.findings.find((finding) => finding.code === 'block restarted');
    expect(restarted?.message).toContain('message {"toString":"x","valueOf":"y"}');
  });
});
