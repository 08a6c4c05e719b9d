// The same answer written in each format's non-streamed response, and an independent reading of which frame carried
// which characters of the text (not the library's places): for the cross-format comparison tests.
import type { FormatName } from '../../../src/core/model.js';

type Json = Record<string, unknown>;

export interface ToolCallSpec {
  id: string;
  name: string;
  input: Json;
}

/** The answer: text, maybe one tool call, and usage of 10 in and 5 out. */
export interface AnswerSpec {
  text: string;
  call?: ToolCallSpec;
}

/** Each format's response for the answer, as the provider's non-streamed API returns it. */
export const RESPONSE_OF: Partial<Record<FormatName, (spec: AnswerSpec) => Json>> = {
  anthropic: ({ text, call }) => ({
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [{ type: 'text', text }, ...(call ? [{ type: 'tool_use', id: call.id, name: call.name, input: call.input }] : [])],
    stop_reason: call ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  }),
  'chat-completions': ({ text, call }) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-4o',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, ...(call ? { tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input) } }] } : {}) },
        finish_reason: call ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  }),
  responses: ({ text, call }) => ({
    id: 'resp_1',
    object: 'response',
    created_at: 1_700_000_000,
    status: 'completed',
    model: 'gpt-4.1',
    output: [
      { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] },
      ...(call ? [{ id: 'fc_1', type: 'function_call', status: 'completed', call_id: call.id, name: call.name, arguments: JSON.stringify(call.input) }] : []),
    ],
    usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
  }),
  gemini: ({ text, call }) => ({
    candidates: [{ content: { parts: [{ text }, ...(call ? [{ functionCall: { name: call.name, args: call.input } }] : [])], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: 'gemini-2.5-flash',
  }),
};

export const RELAY_FORMATS = Object.keys(RESPONSE_OF) as FormatName[];

/** The answer text a frame's data carries, read by hand per format. */
function textOfFrame(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '';
  const frame = data as Json;
  const delta = frame.delta as Json | string | undefined;
  if (frame.type === 'content_block_delta' && typeof delta === 'object' && delta?.type === 'text_delta') return String(delta.text);
  if (frame.type === 'response.output_text.delta' && typeof delta === 'string') return delta;
  const choice = (frame.choices as Json[] | undefined)?.[0];
  if (choice && typeof (choice.delta as Json | undefined)?.content === 'string') return (choice.delta as Json).content as string;
  const parts = ((frame.candidates as Json[] | undefined)?.[0]?.content as Json | undefined)?.parts as Json[] | undefined;
  return parts?.filter((part) => typeof part.text === 'string' && part.thought !== true).map((part) => part.text as string).join('') ?? '';
}

/** The frame that carried character `offset` of the answer text (the last text frame for the text's end). */
export function frameCarrying(frames: readonly { data: string | null }[], offset: number): number | null {
  let at = 0;
  let last: number | null = null;
  for (const [index, frame] of frames.entries()) {
    let data: unknown;
    try {
      data = JSON.parse(frame.data ?? '');
    } catch {
      continue;
    }
    const text = textOfFrame(data);
    if (text === '') continue;
    if (offset < at + text.length) return index;
    at += text.length;
    last = index;
  }
  return last;
}
