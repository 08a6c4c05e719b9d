// @langchain/anthropic's ChatAnthropic over a Messages stream, modelled from @langchain/anthropic@1.5.11
// (`chat_models.js` _streamResponseChunks and _generate, `utils/message_outputs.js` _makeMessageChunkFromAnthropicEvent)
// on @langchain/core@1.4.0 (the chunk merging in src/core/clients/langchain-chunk.ts). The body is read by the
// @anthropic-ai/sdk LangChain pins, 0.122.0 (`core/streaming.js`): the same line reading as the SDK's 1.x, but only events
// whose `event:` names a known type are parsed (an empty data on one throws), `ping` is skipped, `error` throws APIError.
// With no tools bound the text deltas arrive as strings; with tools bound (or thinking on) every part is a content block
// merged by its index. A thinking delta is a block either way, so it turns string content into blocks. The profile
// follows a model built with `maxRetries: 0`; LangChain's own retries wrap only the request.
import { sdkEventsOf } from '../../clients/sdk-events.js';
import { ClientThrow, field, parseLikeClient, type Handed } from '../../clients/run.js';
import { collapseToolCalls, concatChunks, endOfStreamBody, runLangChain, textOf, type LangChainChunk } from '../../clients/langchain-chunk.js';
import { defineData, spreadOf, type Dict } from '../../clients/langchain-dicts.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { errorMessage } from './anthropic-sdk.js';

const VERSIONS = '@langchain/anthropic >=1.5.0 <2 with @langchain/core >=1.4.0 <2';
const SOURCE =
  'langchain-ai/langchainjs @langchain/anthropic@1.5.11 src/chat_models.ts (_streamResponseChunks, _generate), src/utils/message_outputs.ts (_makeMessageChunkFromAnthropicEvent); anthropics/anthropic-sdk-typescript@sdk-v0.122.0 src/core/streaming.ts; @langchain/core@1.4.0 src/messages/ai.ts, src/messages/base.ts, src/messages/utils.ts, src/utils/json.ts';

/** The event names SDK 0.122's Stream parses (`completion` and its `sse.event === …` list); any other is dropped. */
const PARSED_EVENTS = new Set(
  ('completion message_start message_delta message_stop content_block_start content_block_delta content_block_stop message user.message user.interrupt ' +
    'user.tool_confirmation user.custom_tool_result user.tool_result agent.message agent.thinking agent.tool_use agent.tool_result agent.mcp_tool_use ' +
    'agent.mcp_tool_result agent.custom_tool_use agent.thread_context_compacted session.status_running session.status_idle session.status_rescheduled ' +
    'session.status_terminated session.error session.deleted session.updated span.model_request_start span.model_request_end ' +
    'span.outcome_evaluation_start span.outcome_evaluation_ongoing span.outcome_evaluation_end user.define_outcome agent.thread_message_received ' +
    'agent.thread_message_sent agent.session_thread_message_received agent.session_thread_message_sent session.thread_created ' +
    'session.thread_status_created session.thread_status_running session.thread_status_idle session.thread_status_rescheduled ' +
    'session.thread_status_terminated event_start event_delta system.message').split(' '),
);

/** The events SDK 0.122's Stream yields; a frame it throws on stops the model there. */
function* sdkEvents(body: ClientBody): Generator<unknown> {
  for (const event of sdkEventsOf(body.text)) {
    if (event.event !== null && PARSED_EVENTS.has(event.event)) yield parseLikeClient(event.data);
    else if (event.event === 'error') throw new ClientThrow(`APIError: ${errorMessage(event.data)}`);
  }
  endOfStreamBody(body.ending);
}

/** How the model was called: `strings` when no tools, documents, thinking or compaction are in the request. */
type ContentMode = 'strings' | 'blocks';

const TOOL_BLOCKS = ['tool_use', 'document', 'server_tool_use', 'web_search_tool_result', 'tool_search_tool_result', 'tool_search_tool_bm25_tool_result', 'tool_search_tool_regex_tool_result'];

const typeError = (reading: string, of: unknown): ClientThrow => new ClientThrow(`TypeError: Cannot read properties of ${String(of)} (reading '${reading}')`);
const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;

function chunk(fields: Partial<LangChainChunk>): LangChainChunk {
  // An AIMessageChunk built without content holds an empty list.
  const made: LangChainChunk = { kind: 'ai', content: [], additionalKwargs: {}, responseMetadata: {}, toolCallChunks: [], usage: undefined, ...fields };
  return made.content === undefined ? { ...made, content: [] } : made;
}

/** _makeMessageChunkFromAnthropicEvent: the chunk for one event, or null for one it skips. */
function chunkOfEvent(data: unknown, mode: ContentMode): LangChainChunk | null {
  if (data === null || data === undefined) throw typeError('type', data);
  const type = field(data, 'type');
  if (type === 'message_start') return startChunk(data, mode);
  if (type === 'message_delta') return messageDeltaChunk(data, mode);
  if (type === 'content_block_start') return blockStartChunk(data, mode);
  if (type === 'content_block_delta') return blockDeltaChunk(data, mode);
  return null;
}

function startChunk(data: unknown, mode: ContentMode): LangChainChunk {
  const message = field(data, 'message');
  if (message === null || message === undefined) throw new ClientThrow(`TypeError: Cannot destructure property 'content' of 'data.message' as it is ${String(message)}.`);
  const additionalKwargs: Dict = {};
  for (const [key, value] of Object.entries(spreadOf(message))) if (key !== 'content' && key !== 'usage' && value !== undefined && value !== null) defineData(additionalKwargs, key, value);
  const usage = field(message, 'usage');
  const rest = spreadOf(usage ?? {});
  delete rest.input_tokens;
  delete rest.output_tokens;
  // buildUsageMetadata(usage) reads the usage without a guard.
  if (usage === null || usage === undefined) throw typeError('cache_creation_input_tokens', usage);
  const input = (field(usage, 'input_tokens') as number) + ((field(usage, 'cache_creation_input_tokens') ?? 0) as number) + ((field(usage, 'cache_read_input_tokens') ?? 0) as number);
  const output = field(usage, 'output_tokens') as number;
  return chunk({ content: mode === 'strings' ? '' : [], additionalKwargs, responseMetadata: { model_provider: 'anthropic', usage: rest }, usage: { input_tokens: input, output_tokens: output, total_tokens: input + output } });
}

function messageDeltaChunk(data: unknown, mode: ContentMode): LangChainChunk {
  const usage = field(data, 'usage');
  if (usage === null || usage === undefined) throw typeError('output_tokens', usage);
  const delta = field(data, 'delta');
  if (!isObject(delta)) throw new ClientThrow(`TypeError: Cannot use 'in' operator to search for 'context_management' in ${String(delta)}`);
  if (!isObject(usage)) throw new ClientThrow(`TypeError: Cannot use 'in' operator to search for 'cost' in ${String(usage)}`);
  const responseMetadata: Dict = {};
  if ('context_management' in (delta as object)) responseMetadata.context_management = field(delta, 'context_management');
  if (typeof field(usage, 'cost') === 'number') responseMetadata.usage = { cost: field(usage, 'cost') };
  const output = field(usage, 'output_tokens');
  return chunk({ content: mode === 'strings' ? '' : [], responseMetadata, additionalKwargs: spreadOf(delta), usage: { input_tokens: 0, output_tokens: output, total_tokens: output } });
}

function blockStartChunk(data: unknown, mode: ContentMode): LangChainChunk | null {
  const block = field(data, 'content_block');
  if (block === null || block === undefined) throw typeError('type', block);
  const [type, index] = [field(block, 'type'), field(data, 'index')];
  const responseMetadata = { model_provider: 'anthropic' };
  const asBlock = (extra: Dict = {}): unknown[] => [{ index, ...spreadOf(block), ...extra }];
  if (typeof type === 'string' && TOOL_BLOCKS.includes(type)) {
    const toolCallChunks = type === 'tool_use' ? [{ id: field(block, 'id'), index, name: field(block, 'name'), args: '' }] : [];
    const input = type === 'server_tool_use' || type === 'tool_use' ? '' : undefined;
    return chunk({ content: mode === 'strings' ? '' : asBlock({ input }), responseMetadata, toolCallChunks });
  }
  if (type === 'text') return field(block, 'text') === undefined ? null : chunk({ content: mode === 'strings' ? field(block, 'text') : asBlock(), responseMetadata });
  if (type === 'redacted_thinking' || type === 'compaction') return chunk({ content: mode === 'strings' ? '' : asBlock(), responseMetadata });
  if (type === 'thinking') return chunk({ content: mode === 'strings' ? field(block, 'thinking') : asBlock(), responseMetadata });
  return null;
}

function blockDeltaChunk(data: unknown, mode: ContentMode): LangChainChunk | null {
  const delta = field(data, 'delta');
  if (delta === null || delta === undefined) throw typeError('type', delta);
  const [type, index] = [field(delta, 'type'), field(data, 'index')];
  const responseMetadata = { model_provider: 'anthropic' };
  if (type === 'text_delta' || type === 'citations_delta' || type === 'thinking_delta' || type === 'signature_delta') {
    if (mode === 'strings' && isObject(delta) && 'text' in (delta as object)) return chunk({ content: field(delta, 'text') });
    const block = spreadOf(delta);
    if ('citation' in block) {
      defineData(block, 'citations', [block.citation]);
      delete block.citation;
    }
    const blockType = type === 'thinking_delta' || type === 'signature_delta' ? 'thinking' : 'text';
    return chunk({ content: [{ index, ...block, type: blockType }], responseMetadata });
  }
  if (type === 'input_json_delta') {
    const partial = field(delta, 'partial_json');
    return chunk({ content: mode === 'strings' ? '' : [{ index, input: partial, type }], responseMetadata, toolCallChunks: [{ index, args: partial }] });
  }
  if (type === 'compaction_delta') return chunk({ content: mode === 'strings' ? '' : [{ index, ...spreadOf(delta), type: 'compaction' }], responseMetadata });
  return null;
}

/** The chunks `_streamResponseChunks` yields for a body, in order. */
function* chunksOf(body: ClientBody, mode: ContentMode): Generator<LangChainChunk> {
  for (const data of sdkEvents(body)) {
    const made = chunkOfEvent(data, mode);
    if (made !== null) yield made;
  }
}

function answerOf(merged: LangChainChunk | undefined): Handed {
  const calls = collapseToolCalls(merged);
  return { text: textOf(merged), toolCalls: calls.toolCalls, notes: calls.notes };
}

const NOTHING: Handed = { text: '', toolCalls: [], notes: [] };

/** A reader that merges every chunk with `concat`: a loop over `model.stream()`, or `invoke()` (which hands nothing when it rejects). */
function profileOf(reader: string, mode: ContentMode, invoked: boolean): ClientProfile {
  return {
    client: '@langchain/anthropic',
    reader,
    versions: VERSIONS,
    source: SOURCE,
    installable: true,
    read(body: ClientBody): ClientRun {
      let full: LangChainChunk | undefined;
      return runLangChain(() => {
        for (const each of chunksOf(body, mode)) full = full === undefined ? each : concatChunks(full, each);
        if (invoked && full === undefined) throw new ClientThrow('Error: No chunks returned from Anthropic API.');
      }, (ends) => (ends === 'returns' || !invoked ? answerOf(full) : NOTHING));
    },
  };
}

/** ChatAnthropic `for await (const chunk of await model.stream(messages))` merged with `concat`, no tools bound: text deltas arrive as strings. */
export const langchainAnthropicStream = profileOf('ChatAnthropic for await (chunk of model.stream()), full = full.concat(chunk); full.content, full.tool_calls', 'strings', false);

/** ChatAnthropic `model.bindTools(tools).stream()`: every part is a content block, merged by index. */
export const langchainAnthropicToolsStream = profileOf('ChatAnthropic.bindTools(tools) for await (chunk of .stream()), full = full.concat(chunk); text blocks, full.tool_calls', 'blocks', false);

/** `await model.invoke(messages)` on a model built with `streaming: true` (no tools bound). */
export const langchainAnthropicInvoke = profileOf('ChatAnthropic({ streaming: true }).invoke(); message.content, message.tool_calls', 'strings', true);
