// @anthropic-ai/sdk's readers of a Messages stream, modelled from @anthropic-ai/sdk@1.14.0: `core/streaming.js`
// (Stream.fromSSEResponse: frames without an `event:` line and `ping` are skipped, `event: error` throws APIError, a
// frame that is not JSON throws) and `lib/MessageStream.js` (#accumulateMessage, #addStreamEvent: the message is
// kept only at `message_stop`; `finalMessage()` throws without one; tool input is read by a partial-JSON parser at
// `content_block_stop`).
import { sdkEventsOf } from '../../clients/sdk-events.js';
import { partialJson } from '../../clients/partial-json.js';
import { ClientThrow, endOfBody, field, parseLikeClient, runModel, type Handed } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun, ClientToolCall } from '../../clients/types.js';

const VERSIONS = '>=1.0.0 <2';

/** The events the SDK's Stream yields; a frame it throws on stops the model there. */
export function* sdkStreamEvents(body: ClientBody): Generator<unknown> {
  for (const event of sdkEventsOf(body.text)) {
    if (event.event === 'ping' || event.event === null) continue;
    if (event.event === 'error') throw new ClientThrow(`APIError: ${errorMessage(event.data)}`);
    if (!event.data) continue;
    yield parseLikeClient(event.data);
  }
}

/** APIError.makeMessage for the body of an `event: error` frame (its JSON, else its text). */
export function errorMessage(data: string): string {
  let body: unknown = data;
  try {
    body = JSON.parse(data) as unknown;
  } catch {
    // safeJSON: the text itself
  }
  const message = field(body, 'message');
  if (message) return typeof message === 'string' ? message : JSON.stringify(message);
  return body ? JSON.stringify(body) : '(no status code or body)';
}

/** `for await (const event of await client.messages.create({ stream: true }))`, joined as the docs' loop joins it. */
export const anthropicSdkLoop: ClientProfile = {
  client: '@anthropic-ai/sdk',
  reader: 'for await (event of messages.create({ stream: true })), text from text_delta events',
  versions: VERSIONS,
  source: 'anthropics/anthropic-sdk-typescript@sdk-v1.14.0 src/core/streaming.ts (Stream.fromSSEResponse)',
  installable: true,
  read(body: ClientBody): ClientRun {
    const handed: Handed = { text: '', toolCalls: [], notes: [] };
    const calls = new Map<number, ClientToolCall>();
    return runModel(handed, () => {
      for (const event of sdkStreamEvents(body)) {
        const type = field(event, 'type');
        const index = field(event, 'index');
        if (type === 'content_block_start' && field(field(event, 'content_block'), 'type') === 'tool_use' && typeof index === 'number') {
          const block = field(event, 'content_block');
          calls.set(index, { id: stringOrNull(field(block, 'id')), name: String(field(block, 'name') ?? ''), arguments: '' });
        }
        const delta = field(event, 'delta');
        if (type === 'content_block_delta' && field(delta, 'type') === 'text_delta') handed.text += String(field(delta, 'text') ?? '');
        const call = typeof index === 'number' ? calls.get(index) : undefined;
        if (type === 'content_block_delta' && field(delta, 'type') === 'input_json_delta' && call) call.arguments += String(field(delta, 'partial_json') ?? '');
        handed.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, each]) => ({ ...each }));
      }
      return endOfBody(body.ending, handed);
    });
  },
};

function stringOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : String(value);
}

/** A content block as the MessageStream's snapshot holds it. */
interface Block {
  type: unknown;
  text: string;
  id: string | null;
  name: string;
  /** The tool input's JSON text, once an `input_json_delta` came; else the start's input. */
  json: string | null;
  startInput: unknown;
  /** The input as the SDK's partial-JSON parser read it at `content_block_stop`. */
  input?: unknown;
}

/** The MessageStream's snapshot of the message being streamed, and the messages it kept. */
class MessageSnapshot {
  private blocks: Block[] | null = null;
  kept: Block[] | null = null;
  started = false;

  add(event: unknown): void {
    const type = field(event, 'type');
    if (type === 'message_start') {
      if (this.blocks !== null) throw new ClientThrow('AnthropicError: Unexpected event order, got message_start before receiving "message_stop"');
      this.blocks = [];
      this.started = true;
      return;
    }
    const blocks = this.blocks;
    if (blocks === null) return;
    if (type === 'message_stop') this.kept = blocks.map((block) => ({ ...block }));
    else if (type === 'message_delta') readMessageDelta(event);
    else if (type === 'content_block_start') blocks.push(blockOf(field(event, 'content_block')));
    else if (type === 'content_block_delta') addDelta(blocks, event);
    else if (type === 'content_block_stop') closeBlock(blocks, field(event, 'index'));
  }
}

/** `snapshot.stop_reason = event.delta.stop_reason; snapshot.usage.output_tokens = event.usage.output_tokens`. */
function readMessageDelta(event: unknown): void {
  for (const member of ['delta', 'usage']) {
    const value = field(event, member);
    if (value === undefined || value === null) throw new ClientThrow(`AnthropicError: Cannot read properties of ${String(value)} (reading '${member === 'delta' ? 'stop_reason' : 'output_tokens'}')`);
  }
}

function blockOf(start: unknown): Block {
  if (start === undefined || start === null) return { type: undefined, text: '', id: null, name: '', json: null, startInput: undefined };
  return { type: field(start, 'type'), text: String(field(start, 'text') ?? ''), id: stringOrNull(field(start, 'id')), name: String(field(start, 'name') ?? ''), json: null, startInput: field(start, 'input') };
}

/** `Array.prototype.at` as the SDK calls it with the event's index. */
function blockAt(blocks: Block[], index: unknown): Block | undefined {
  const number = Math.trunc(Number(index));
  return Number.isNaN(number) ? blocks[0] : blocks.at(number);
}

function addDelta(blocks: Block[], event: unknown): void {
  const delta = field(event, 'delta');
  if (delta === undefined || delta === null) throw new ClientThrow(`AnthropicError: Cannot read properties of ${String(delta)} (reading 'type')`);
  const block = blockAt(blocks, field(event, 'index'));
  const type = field(delta, 'type');
  if (type === 'text_delta' && block?.type === 'text') block.text = (block.text || '') + String(field(delta, 'text'));
  if (type === 'input_json_delta' && block && (block.type === 'tool_use' || block.type === 'server_tool_use')) block.json = (block.json || '') + String(field(delta, 'partial_json'));
  // #addStreamEvent then reads the last block's type: a delta before any block start throws there.
  if (blocks.length === 0) throw new ClientThrow("AnthropicError: Cannot read properties of undefined (reading 'type')");
}

/** At `content_block_stop` the tool input is parsed once (the partial-JSON parser throws on text that starts no JSON). */
function closeBlock(blocks: Block[], index: unknown): void {
  const block = blockAt(blocks, index);
  // An empty buffer reads as `{}` without a parse.
  if (!block || (block.type !== 'tool_use' && block.type !== 'server_tool_use') || !block.json) return;
  try {
    block.input = partialJson(block.json);
  } catch (error) {
    throw new ClientThrow(`SyntaxError: ${(error as Error).message}`);
  }
}

/** The caller's answer from the message `finalMessage()` resolves with. */
function answerOf(blocks: Block[], handed: Handed): Handed {
  const text = blocks.filter((block) => block.type === 'text').map((block) => block.text).join('');
  const toolCalls = blocks.filter((block) => block.type === 'tool_use').map((block) => {
    return { id: block.id, name: block.name, arguments: handedInput(block, handed) };
  });
  return { ...handed, text, toolCalls };
}

/** The input's JSON as the caller gets it: the streamed text, or what the partial-JSON parser made of it. */
function handedInput(block: Block, handed: Handed): string {
  if (block.json === null) return JSON.stringify(block.startInput ?? {});
  if (!block.json) return '{}';
  const input = 'input' in block ? block.input : inputOf(block.json);
  let whole = true;
  try {
    JSON.parse(block.json);
  } catch {
    whole = false;
  }
  if (!whole) handed.notes.push(`the input of ${block.name} is not whole JSON: the SDK hands what its partial-JSON parser makes of it`);
  return whole ? block.json : JSON.stringify(input);
}

/** The input a caller reads from a block no `content_block_stop` closed: parsed when read, so a bad one throws then. */
function inputOf(json: string): unknown {
  try {
    return partialJson(json);
  } catch (error) {
    throw new ClientThrow(`SyntaxError: ${(error as Error).message}`);
  }
}

/** `client.messages.stream(params)` then `await stream.finalMessage()`. */
export const anthropicSdkFinal: ClientProfile = {
  client: '@anthropic-ai/sdk',
  reader: 'messages.stream().finalMessage()',
  versions: VERSIONS,
  source: 'anthropics/anthropic-sdk-typescript@sdk-v1.14.0 src/lib/MessageStream.ts (#accumulateMessage, #addStreamEvent, #endRequest, finalMessage)',
  installable: true,
  read(body: ClientBody): ClientRun {
    const handed: Handed = { text: '', toolCalls: [], notes: [] };
    const snapshot = new MessageSnapshot();
    const run = runModel(handed, () => {
      for (const event of sdkStreamEvents(body)) snapshot.add(event);
      const ended = endOfBody(body.ending, handed);
      if (ended.ends !== 'returns') return ended;
      if (!snapshot.started) throw new ClientThrow('AnthropicError: request ended without sending any chunks');
      if (snapshot.kept === null) throw new ClientThrow('AnthropicError: stream ended without producing a Message with role=assistant');
      return { ends: 'returns', thrown: null, ...answerOf(snapshot.kept, handed) };
    });
    return { ...run, thrown: asAnthropicError(run.thrown) };
  },
};

/** The stream's #handleError: an error that is not the SDK's own reaches the caller as an AnthropicError. */
function asAnthropicError(thrown: string | null): string | null {
  if (thrown === null || /^(AnthropicError|APIError):/.test(thrown)) return thrown;
  return `AnthropicError: ${thrown.slice(thrown.indexOf(':') + 2)}`;
}
