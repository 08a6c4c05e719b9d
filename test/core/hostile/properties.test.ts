// Properties over hostile streams of every format: event types and object keys drawn from `Object.prototype`'s names
// (and `__proto__`) at every level a format reads or passes through, frames in any order, format given or told.
// Whatever arrives: reconstruct() does not throw, no object in the result has a prototype from the wire, the result
// prints as JSON at a size bounded by the input's, and a verdict short of complete always has a finding (issue 13).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runsPerFormat } from '../../setup/runs.js';
import { type FormatName, reconstruct } from '../../../src/index.js';

const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];
const name = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom('a', 'text', 'type', 'index', 'id', 'usage', 'error'));
const value = fc.oneof(
  fc.constantFrom('1', '"x"', 'null', 'true', '[]', '{}', '{"a":1}', '[1,"b"]', '{"toString":"x"}', '{"__proto__":{"polluted":1}}'),
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
);
/** Extra members for one object: `"key":value,` text, so `__proto__` stays an own key as JSON.parse reads it. */
const extras = fc.array(fc.tuple(name, value), { maxLength: 3 }).map((list) => list.map(([key, json]) => `${JSON.stringify(key)}:${json},`).join(''));

interface Slots {
  names: string[];
  extras: string[];
}
const slots = fc.record({ names: fc.array(name, { minLength: 8, maxLength: 8 }), extras: fc.array(extras, { minLength: 8, maxLength: 8 }) });

/** Each format's frames, with hostile names and members in the places it reads (n[i]: a name, x[i]: members). */
const FRAMES: Record<FormatName, (s: Slots) => string[]> = {
  'chat-completions': ({ names: n, extras: x }) => [
    `data: {${x[0]}"id":"c","object":"chat.completion.chunk","choices":[{${x[1]}"index":0,"delta":{${x[2]}"role":"assistant","content":"hi"}}]}\n\n`,
    `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"logprobs":{${x[3]}"content":[]},"delta":{"tool_calls":[{${x[4]}"index":0,"id":"t","function":{${x[5]}"name":${JSON.stringify(n[0])},"arguments":"{\\"${n[1]}\\":1}"}}]}}]}\n\n`,
    `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"audio":{${x[6]}"data":"AA"}},"finish_reason":${JSON.stringify(n[2])}}]}\n\n`,
    `data: {"id":"c","object":"chat.completion.chunk","choices":[],"usage":{${x[7]}"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}\n\n`,
    `data: {"type":${JSON.stringify(n[3])},"object":${JSON.stringify(n[4])}}\n\n`,
    'data: [DONE]\n\n',
  ],
  responses: ({ names: n, extras: x }) => {
    const event = (type: string, body: string) => `event: ${type}\ndata: {"type":${JSON.stringify(type)},${body}}\n\n`;
    return [
      event('response.created', `"response":{${x[0]}"id":"r","object":"response","status":"in_progress","output":[]}`),
      event('response.output_item.added', `"output_index":0,"item":{${x[1]}"type":"message","id":"m","role":"assistant","content":[]}`),
      event('response.content_part.added', `"output_index":0,"content_index":0,"item_id":"m","part":{${x[2]}"type":"output_text","text":""}`),
      event('response.output_text.delta', `"output_index":0,"content_index":0,"item_id":"m","delta":"hi"`),
      event(`response.${n[0]}`, `${x[3]}"output_index":0`),
      event(n[1] as string, `${x[4]}"output_index":0`),
      event('response.output_item.added', `"output_index":1,"item":{${x[5]}"type":${JSON.stringify(n[2])},"id":${JSON.stringify(n[3])}}`),
      event('response.output_item.done', `"output_index":0,"item":{${x[6]}"type":"message","id":"m","role":"assistant","content":[{"type":"output_text","text":"hi"}]}`),
      event('response.completed', `"response":{${x[7]}"id":"r","object":"response","status":${JSON.stringify(n[4])},"output":[{"type":${JSON.stringify(n[5])}}],"usage":{"${n[6]}":1}}`),
    ];
  },
  anthropic: ({ names: n, extras: x }) => {
    const event = (type: string, body: string) => `event: ${type}\ndata: {"type":${JSON.stringify(type)},${body}}\n\n`;
    return [
      event('message_start', `"message":{${x[0]}"id":"m","type":"message","role":"assistant","content":[],"usage":{${x[1]}"input_tokens":1}}`),
      event('content_block_start', `"index":0,"content_block":{${x[2]}"type":"text","text":""}`),
      event('content_block_delta', `"index":0,"delta":{${x[3]}"type":"text_delta","text":"hi"}`),
      event('content_block_start', `"index":1,"content_block":{${x[4]}"type":${JSON.stringify(n[0])},"id":"t","name":${JSON.stringify(n[1])},"input":{}}`),
      event('content_block_delta', `"index":1,"delta":{"type":${JSON.stringify(n[2])},"partial_json":"{\\"${n[3]}\\":1}"}`),
      event('content_block_stop', '"index":0'),
      event(n[4] as string, `${x[5]}"index":0`),
      event('message_delta', `"delta":{${x[6]}"stop_reason":${JSON.stringify(n[5])}},"usage":{${x[7]}"output_tokens":1}`),
      event('message_stop', '"x":0'),
    ];
  },
  gemini: ({ names: n, extras: x }) => [
    `data: {${x[0]}"candidates":[{${x[1]}"content":{"role":"model","parts":[{${x[2]}"text":"hi"}]},"citationMetadata":{${x[3]}"citations":[]}}],"usageMetadata":{${x[4]}"totalTokenCount":1}}\n\n`,
    `data: {"candidates":[{"index":0,"content":{"parts":[{"functionCall":{${x[5]}"name":${JSON.stringify(n[0])},"args":{"${n[1]}":1}}}]}}]}\n\n`,
    `data: {"candidates":[{"index":1,"content":{"parts":[{"functionCall":{"name":"f","willContinue":true,"partialArgs":[{"jsonPath":"$.${n[2]}","stringValue":"v","willContinue":true}]}}]}}]}\n\n`,
    `data: {"candidates":[{"index":1,"content":{"parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$['${n[3]}'][2]","numberValue":1}]}}]},"finishReason":${JSON.stringify(n[4])}}]}\n\n`,
    `data: {"candidates":[{"index":0,${x[6]}"finishReason":"STOP"}],"promptFeedback":{"blockReason":${JSON.stringify(n[5])}}}\n\n`,
    `data: {${x[7]}"promptFeedback":{"blockReason":${JSON.stringify(n[6])}}}\n\n`,
    `data: {"error":{"code":500,"status":${JSON.stringify(n[7])},"message":"m"}}\n\n`,
  ],
  'ui-message-stream': ({ names: n, extras: x }) => {
    const q = (text: string | undefined) => JSON.stringify(text);
    return [
      `data: {${x[0]}"type":"start","messageId":${q(n[0])}}\n\n`,
      `data: {${x[1]}"type":"text-start","id":${q(n[1])}}\n\n`,
      `data: {"type":"text-delta","id":${q(n[1])},"delta":"hi"}\n\n`,
      `data: {${x[2]}"type":"tool-input-start","toolCallId":${q(n[2])},"toolName":${q(n[3])}}\n\n`,
      `data: {"type":"tool-input-available","toolCallId":${q(n[2])},"toolName":${q(n[3])},"input":{${x[3]}"a":1}}\n\n`,
      `data: {${x[4]}"type":${q(`data-${n[4]}`)},"id":${q(n[5])},"data":{${x[5]}"b":1}}\n\n`,
      `data: {"type":${q(n[6])},${x[6]}"id":"x"}\n\n`,
      `data: {${x[7]}"type":"finish","finishReason":"stop","messageMetadata":{${q(n[7])}:1}}\n\n`,
      'data: [DONE]\n\n',
    ];
  },
  ollama: ({ names: n, extras: x }) => [
    `{${x[0]}"model":"m","created_at":"t","message":{${x[1]}"role":"assistant","content":"hi","thinking":"h"},"done":false}\n`,
    `{"model":"m","message":{"role":"assistant","content":"","tool_calls":[{${x[2]}"function":{${x[3]}"index":0,"name":${JSON.stringify(n[0])},"arguments":{"${n[1]}":1}}}]},"done":false}\n`,
    `{"model":${JSON.stringify(n[2])},"response":"x",${x[4]}"done":false}\n`,
    `{${x[5]}"${n[3]}":1}\n`,
    `{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":${JSON.stringify(n[4])},${x[6]}"eval_count":1}\n`,
    `{"error":${JSON.stringify(n[5])},${x[7]}"x":1}\n`,
  ],
  'behavior-run': ({ names: n, extras: x }) => {
    const event = (type: string, body: string) => `event: ${type}\ndata: {"type":${JSON.stringify(type)},${body}}\n\n`;
    return [
      event('response.started', `${x[0]}"id":"run","behavior":"b","version":1`),
      event('output_text.delta', `${x[1]}"delta":"hi"`),
      event('tool.started', `${x[2]}"step":1,"tool":${JSON.stringify(n[0])},"input":{${x[3]}"q":1}`),
      event('tool.completed', `${x[4]}"step":1,"tool":${JSON.stringify(n[0])},"output":{${x[5]}"r":1}`),
      event(n[1] as string, `${x[6]}"step":2`),
      event(n[2] as string, '"delta":"x"'),
      event('response.completed', `"id":"run","usage":{${x[7]}"inputTokens":1,"outputTokens":1,"totalTokens":2}`),
    ];
  },
  'ag-ui': ({ names: n, extras: x }) => {
    const event = (type: string, body: string) => `data: {"type":${JSON.stringify(type)},${body}}\n\n`;
    return [
      event('RUN_STARTED', `${x[0]}"threadId":"t","runId":"r","input":{"messages":[{${x[1]}"id":${JSON.stringify(n[0])},"role":"user","content":"hi"}]}`),
      event('TEXT_MESSAGE_START', `"messageId":${JSON.stringify(n[1])},"role":"assistant"`),
      event('TEXT_MESSAGE_CONTENT', `${x[2]}"messageId":${JSON.stringify(n[1])},"delta":"hi"`),
      event('TOOL_CALL_START', `"toolCallId":${JSON.stringify(n[2])},"toolCallName":${JSON.stringify(n[3])},"parentMessageId":${JSON.stringify(n[1])}`),
      event('TOOL_CALL_ARGS', `"toolCallId":${JSON.stringify(n[2])},"delta":"{\\"${n[4]}\\":1}"`),
      event('STATE_DELTA', `"delta":[{${x[3]}"op":"add","path":"/${n[5]}","value":{${x[4]}"a":1}}]`),
      event('MESSAGES_SNAPSHOT', `"messages":[{${x[5]}"id":${JSON.stringify(n[6])},"role":"assistant","toolCalls":[{${x[6]}"id":"c","function":{"name":"f","arguments":"{}"}}]}]`),
      event(n[7] as string, `"messageId":"m"`),
      event('RUN_FINISHED', `"threadId":"t","runId":"r","outcome":{${x[7]}"type":"success"},"usage":[{"inputTokens":1}]`),
      ];
    },
  cohere: ({ names: n, extras: x }) => {
    const event = (type: string, body: string) => `event: ${type}\ndata: {"type":${JSON.stringify(type)},${body}}\n\n`;
    return [
      event('message-start', `${x[0]}"id":"m","delta":{"message":{${x[1]}"role":"assistant"}}`),
      event('content-start', `"index":0,"delta":{"message":{"content":{${x[2]}"type":${JSON.stringify(n[0])},"text":"hi"}}}`),
      event('content-delta', `"index":0,"delta":{"message":{"content":{${x[3]}"text":"hi"}}}`),
      event('tool-call-start', `"index":0,"delta":{"message":{"tool_calls":{${x[4]}"id":"t","type":"function","function":{"name":${JSON.stringify(n[1])},"arguments":""}}}}`),
      event('tool-call-delta', `"index":0,"delta":{"message":{"tool_calls":{"function":{"arguments":"{\\"${n[2]}\\":1}"}}}}`),
      event('citation-start', `"index":0,"delta":{"message":{"citations":{${x[5]}"start":0,"end":2,"type":${JSON.stringify(n[3])}}}}`),
      event(n[4] as string, `${x[6]}"index":0`),
      event('message-end', `"delta":{"finish_reason":${JSON.stringify(n[5])},"usage":{${x[7]}"tokens":{"${n[6]}":1}},"error_type":${JSON.stringify(n[7])}}`),
      ];
    },
  bedrock: ({ names: n, extras: x }) => {
    const event = (name: string, body: string) => `event: ${name}\ndata: {${body}}\n\n`;
    return [
      event('messageStart', `${x[0]}"role":"assistant"`),
      event('contentBlockDelta', `${x[1]}"contentBlockIndex":0,"delta":{${x[2]}"text":"hi"}`),
      event('contentBlockStart', `"contentBlockIndex":1,"start":{"toolUse":{${x[3]}"toolUseId":"t","name":${JSON.stringify(n[0])}}}`),
      event('contentBlockDelta', `"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\\"${n[1]}\\":1}"}}`),
      event(n[2] as string, `${x[4]}"contentBlockIndex":0`),
      event('contentBlockStop', `${x[5]}"contentBlockIndex":1`),
      event('messageStop', `${x[6]}"stopReason":${JSON.stringify(n[3])}`),
      event('metadata', `"usage":{${x[7]}"inputTokens":1,"outputTokens":1,"totalTokens":2},"metrics":{"latencyMs":1}`),
    ];
  },
};

/** Paths of objects whose prototype is neither Object.prototype, Array.prototype nor null. */
function foreignPrototypes(value: unknown, path = '$', out: string[] = [], seen = new Set<object>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return out;
  seen.add(value);
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) out.push(path);
  for (const key of Object.keys(value)) foreignPrototypes((value as Record<string, unknown>)[key], `${path}.${key}`, out, seen);
  return out;
}

/** A stream of the format's frames: picked (repeats allowed) in any order, or all of them in order. */
const streamOf = (format: FormatName) =>
  fc.record({ slots, order: fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), { nil: null }), given: fc.boolean() }).map(({ slots: s, order, given }) => {
    const frames = FRAMES[format](s);
    const picked = order === null ? frames : order.map((i) => frames[i % frames.length] as string);
    return { text: picked.join(''), given };
  });

describe('hostile streams of every format', () => {
  for (const format of Object.keys(FRAMES) as FormatName[]) {
    it(`${format}: never throws, gives no object a wire prototype, prints at a bounded size, explains its verdict`, () => {
      fc.assert(
        fc.property(streamOf(format), ({ text, given }) => {
          const result = reconstruct(text, given ? { format } : {});
          expect(foreignPrototypes(result)).toEqual([]);
          const printed = JSON.stringify(result);
          expect(printed.length).toBeLessThan(30 * text.length + 20_000);
          if (result.verdict !== 'complete') expect(result.findings.length).toBeGreaterThan(0);
          for (const choice of result.choices) expect(choice.finishMeaning === null || typeof choice.finishMeaning === 'string').toBe(true);
          expect(Object.prototype).not.toHaveProperty('polluted');
        }),
        { numRuns: runsPerFormat(200) },
      );
    });
  }

  it('streams that mix every format, told apart or not, hold the same properties', () => {
    const all = fc.tuple(...(Object.keys(FRAMES) as FormatName[]).map(streamOf)).chain((streams) =>
      fc.shuffledSubarray(streams, { minLength: 2 }).map((picked) => picked.map((stream) => stream.text).join('')),
    );
    fc.assert(
      fc.property(all, fc.constantFrom<FormatName | undefined>(undefined, 'chat-completions', 'responses', 'anthropic', 'gemini', 'behavior-run', 'ag-ui'), (text, format) => {
        const result = reconstruct(text, format ? { format } : {});
        expect(foreignPrototypes(result)).toEqual([]);
        expect(JSON.stringify(result).length).toBeLessThan(30 * text.length + 20_000);
        if (result.verdict !== 'complete') expect(result.findings.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });
});
