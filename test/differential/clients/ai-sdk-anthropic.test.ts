// The AI SDK profile over Anthropic Messages against ai@6.0.325 with @ai-sdk/anthropic@3.0.140 itself: every Anthropic
// fixture, each under the standard faults, every recorded stream and the hand-made streams (mistakes of Anthropic
// gateways) go to the real `streamText()` (the provider's fetch answers with the body) and to the profile; they must
// agree on how the awaits end, the text, the tool calls and the finish reason.
import { describe, it } from 'vitest';
import { FORMAT_MODULES, type ClientProfile } from '../../../src/index.js';
import { expectAgreement } from './ai-sdk-real.js';
import { endingBodies, fixtureBodies, handBodies, recordedBodies, type NamedBody } from './bodies.js';

const profile: ClientProfile = FORMAT_MODULES.find((module) => module.name === 'anthropic')!.clients!.find((candidate) => candidate.client === 'ai-sdk')!;

const event = (value: { type: string }) => `event: ${value.type}\ndata: ${JSON.stringify(value)}\n\n`;
const start = (id = 'msg_1', extra: object = {}) => event({ type: 'message_start', message: { id, type: 'message', role: 'assistant', model: 'claude', content: [], usage: { input_tokens: 3, output_tokens: 1 }, ...extra } } as { type: string });
const blockStart = (index: number, block: object) => event({ type: 'content_block_start', index, content_block: block } as { type: string });
const delta = (index: number, value: object) => event({ type: 'content_block_delta', index, delta: value } as { type: string });
const text = (index: number, value: string) => delta(index, { type: 'text_delta', text: value });
const json = (index: number, value: string) => delta(index, { type: 'input_json_delta', partial_json: value });
const stop = (index: number) => event({ type: 'content_block_stop', index } as { type: string });
const messageDelta = (reason: string | null, usage: object = { output_tokens: 5 }) => event({ type: 'message_delta', delta: { stop_reason: reason, stop_sequence: null }, usage } as { type: string });
const end = event({ type: 'message_stop' });
const textBlock = (index: number, value: string) => blockStart(index, { type: 'text', text: '' }) + text(index, value) + stop(index);
const toolBlock = (index: number, id: string, name: string, args: string[]) => blockStart(index, { type: 'tool_use', id, name, input: {} }) + args.map((piece) => json(index, piece)).join('') + stop(index);
const error = event({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } as { type: string });
const whole = (body: string, reason = 'end_turn') => start() + body + messageDelta(reason) + end;

const HAND = {
  'a text block never closed': start() + blockStart(0, { type: 'text', text: '' }) + text(0, 'Hi') + messageDelta('end_turn') + end,
  'a tool block never closed': start() + blockStart(0, { type: 'tool_use', id: 't1', name: 'f', input: {} }) + json(0, '{"x":1}') + messageDelta('tool_use') + end,
  'no message_stop': start() + textBlock(0, 'Hi') + messageDelta('end_turn'),
  'no message_delta': start() + textBlock(0, 'Hi') + end,
  'message_delta without usage': start() + textBlock(0, 'Hi') + event({ type: 'message_delta', delta: { stop_reason: 'end_turn' } } as { type: string }) + end,
  'message_start without usage': event({ type: 'message_start', message: { id: 'm', role: 'assistant', content: [] } } as { type: string }) + textBlock(0, 'Hi') + messageDelta('end_turn') + end,
  'an error event first': error + whole(textBlock(0, 'Hi')),
  'an error event mid-text': start() + blockStart(0, { type: 'text', text: '' }) + text(0, 'Hi') + error,
  'an error event after message_stop': whole(textBlock(0, 'Hi')) + error,
  'a ping before message_start, then an error': event({ type: 'ping' }) + error + whole(textBlock(0, 'Hi')),
  'an unknown event type first': event({ type: 'vendor_stats' }) + whole(textBlock(0, 'Hi')),
  'an unknown event type mid-stream': start() + textBlock(0, 'Hi') + event({ type: 'vendor_stats' }) + messageDelta('end_turn') + end,
  'an unknown block type': start() + blockStart(0, { type: 'image', source: {} }) + stop(0) + textBlock(1, 'Hi') + messageDelta('end_turn') + end,
  'a text delta for a block never started': start() + text(0, 'Hi') + messageDelta('end_turn') + end,
  'a text delta after its block closed': start() + textBlock(0, 'Hi') + text(0, ' late') + messageDelta('end_turn') + end,
  'a block index started twice': start() + blockStart(0, { type: 'text', text: '' }) + text(0, 'A') + blockStart(0, { type: 'text', text: '' }) + text(0, 'B') + stop(0) + text(0, 'C') + messageDelta('end_turn') + end,
  'two messages in one stream': whole(textBlock(0, 'A')) + start('msg_2') + textBlock(0, 'B') + messageDelta('max_tokens') + end,
  'a second message_start with another id': start() + textBlock(0, 'A') + start('msg_2') + textBlock(1, 'B') + messageDelta('end_turn') + end,
  'a repeated message_start with the same id': start() + textBlock(0, 'A') + start() + textBlock(1, 'B') + messageDelta('end_turn') + end,
  'tool input whole in content_block_start': start() + blockStart(0, { type: 'tool_use', id: 't1', name: 'f', input: { x: 1 } }) + stop(0) + messageDelta('tool_use') + end,
  'tool input whole and streamed': start() + blockStart(0, { type: 'tool_use', id: 't1', name: 'f', input: { x: 1 } }) + json(0, '{"y":2}') + stop(0) + messageDelta('tool_use') + end,
  'tool input never streamed': whole(toolBlock(0, 't1', 'f', []), 'tool_use'),
  'tool input that is not JSON': whole(toolBlock(0, 't1', 'f', ['{"x":', 'oops']), 'tool_use'),
  'tool input JSON delta on a text block': whole(blockStart(0, { type: 'text', text: '' }) + json(0, '{"x":1}') + text(0, 'Hi') + stop(0)),
  'two tool calls with the same id': whole(toolBlock(0, 't1', 'f', ['{}']) + toolBlock(1, 't1', 'g', ['{}']), 'tool_use'),
  'a tool_use without id': whole(blockStart(0, { type: 'tool_use', name: 'f', input: {} }) + json(0, '{}') + stop(0) + textBlock(1, 'Hi'), 'tool_use'),
  'thinking then text': whole(blockStart(0, { type: 'thinking', thinking: '' }) + delta(0, { type: 'thinking_delta', thinking: 'hmm' }) + delta(0, { type: 'signature_delta', signature: 'sig' }) + stop(0) + textBlock(1, 'Hi')),
  'stop_reason refusal': whole(textBlock(0, 'No'), 'refusal'),
  'stop_reason null': whole(textBlock(0, 'Hi'), null as unknown as string),
  'an unknown stop_reason': whole(textBlock(0, 'Hi'), 'end_of_turn'),
  'stop_reason already in message_start, no message_delta': start('m', { stop_reason: 'max_tokens' }) + textBlock(0, 'Hi') + end,
  'frames without event lines': (start() + textBlock(0, 'Hi') + messageDelta('end_turn') + end).replace(/^event: .*\n/gm, ''),
  'an OpenAI-style [DONE] at the end': whole(textBlock(0, 'Hi')) + 'data: [DONE]\n\n',
  'only message_start': start(),
  'only pings': event({ type: 'ping' }) + event({ type: 'ping' }),
  'message_start then message_stop': start() + end,
  'CR line ends': whole(textBlock(0, 'Hi')).replace(/\n/g, '\r'),
  'a web search server tool': whole(blockStart(0, { type: 'server_tool_use', id: 's1', name: 'web_search', input: {} }) + json(0, '{"query":"x"}') + stop(0) + blockStart(1, { type: 'web_search_tool_result', tool_use_id: 's1', content: [] }) + stop(1) + textBlock(2, 'Hi')),
  'a code execution server tool': whole(blockStart(0, { type: 'server_tool_use', id: 's1', name: 'code_execution', input: {} }) + json(0, '{"code":"print(1)"}') + stop(0) + textBlock(1, 'Hi')),
  'an unknown server tool': whole(blockStart(0, { type: 'server_tool_use', id: 's1', name: 'vendor_tool', input: {} }) + json(0, '{"q":1}') + stop(0) + textBlock(1, 'Hi')),
};

const ENDINGS = endingBodies({
  'a reset after message_stop': [whole(textBlock(0, 'Hi')), 'failed'],
  'left open after message_stop': [whole(textBlock(0, 'Hi')), 'open'],
  'a reset before any event': ['', 'failed'],
  'left open before any event': ['', 'open'],
  'a reset after only pings': [event({ type: 'ping' }), 'failed'],
  'left open after an error event': [error, 'open'],
  'a reset after an error event': [error, 'failed'],
});

const bodies: NamedBody[] = [...fixtureBodies('anthropic'), ...recordedBodies('anthropic'), ...handBodies(HAND), ...ENDINGS];

describe('ai-sdk streamText() over Anthropic Messages', () => {
  it.each(bodies.map((body) => [body.name, body] as const))('%s', async (_name, body) => expectAgreement('anthropic', profile, body));
});
