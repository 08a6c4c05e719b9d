// @langchain/openai's ChatOpenAI over a Chat Completions stream, modelled from @langchain/openai@1.5.8
// (`chat_models/completions.js` _streamResponseChunks and _generate, `converters/completions.js`
// convertCompletionsDeltaToBaseMessageChunk) on @langchain/core@1.4.0 (`language_models/chat_models.js` _streamIterator;
// the chunk merging in src/core/clients/langchain-chunk.ts). The body is read by openai-node 6's own Stream (the
// openai-node profile's reading): `[DONE]`, error objects, frames that are not JSON and the body's ending act as there.
// Only the first choice of each chunk is read; a delta takes the role of the last delta that had one, and with no role
// yet the chunk is a ChatMessageChunk, which has no tool calls. LangChain's own retries wrap only the request; the
// profile follows a model built with `maxRetries: 0` (a stream is never read twice).
import { ClientThrow, field, isArrayIndex, type Handed } from '../../clients/run.js';
import { collapseToolCalls, concatChunks, endOfStreamBody, runLangChain, textOf, type LangChainChunk } from '../../clients/langchain-chunk.js';
import { spreadOf, type Dict } from '../../clients/langchain-dicts.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { openaiStreamItems } from '../../clients/openai-stream.js';

const VERSIONS = '@langchain/openai >=1.5.0 <2 with @langchain/core >=1.4.0 <2';
const SOURCE =
  'langchain-ai/langchainjs @langchain/openai@1.5.8 src/chat_models/completions.ts (_streamResponseChunks, _generate), src/converters/completions.ts (convertCompletionsDeltaToBaseMessageChunk); @langchain/core@1.4.0 src/messages/ai.ts (AIMessageChunk.concat), src/messages/base.ts (_mergeDicts, _mergeLists), src/messages/utils.ts (collapseToolCallChunks), src/utils/json.ts (parsePartialJson)';

/** One chunk `_streamResponseChunks` yields, with the choice index it files it under. */
interface Yielded {
  chunk: LangChainChunk;
  completion: unknown;
}

/** What reading the chunks leaves behind: the last usage seen, and whether any delta carried tool calls. */
interface ReadState {
  usage: unknown;
  sawToolCalls: boolean;
  notes: string[];
}

/** The chunks `_streamResponseChunks` yields for the deltas, in order (the usage chunk comes after the body ends). */
function* deltaChunks(body: ClientBody, state: ReadState): Generator<Yielded> {
  let defaultRole: unknown;
  for (const data of openaiStreamItems(body.text)) {
    if (data === null || data === undefined) throw new ClientThrow(`TypeError: Cannot read properties of ${String(data)} (reading 'usage')`);
    const choice = field(field(data, 'choices'), '0');
    if (field(data, 'usage')) state.usage = field(data, 'usage');
    if (!choice) continue;
    const delta = field(choice, 'delta');
    if (!delta) continue;
    const chunk = chunkOfDelta(delta, data, defaultRole, state);
    defaultRole = field(delta, 'role') ?? defaultRole;
    if (typeof chunk.content !== 'string') {
      state.notes.push('a delta whose content is not a string is skipped whole (LangChain logs a warning)');
      continue;
    }
    const completion = field(choice, 'index') ?? 0;
    const generationInfo: Dict = { prompt: 0, completion };
    if (field(choice, 'finish_reason') !== undefined && field(choice, 'finish_reason') !== null) {
      Object.assign(generationInfo, { finish_reason: field(choice, 'finish_reason'), system_fingerprint: field(data, 'system_fingerprint'), model_name: field(data, 'model'), service_tier: field(data, 'service_tier') });
    }
    chunk.responseMetadata = { ...generationInfo, ...chunk.responseMetadata };
    yield { chunk, completion };
  }
}

/** convertCompletionsDeltaToBaseMessageChunk: an AIMessageChunk for the assistant role, a chunk without tool calls else. */
function chunkOfDelta(delta: unknown, data: unknown, defaultRole: unknown, state: ReadState): LangChainChunk {
  const role = field(delta, 'role') ?? defaultRole;
  const additionalKwargs: Dict = {};
  const [functionCall, toolCalls, reasoning] = [field(delta, 'function_call'), field(delta, 'tool_calls'), field(delta, 'reasoning_content')];
  if (functionCall) additionalKwargs.function_call = functionCall;
  else if (toolCalls) additionalKwargs.tool_calls = toolCalls;
  if (reasoning !== undefined) additionalKwargs.reasoning_content = reasoning;
  const audio = field(delta, 'audio');
  if (audio) additionalKwargs.audio = { ...spreadOf(audio), index: field(field(field(data, 'choices'), '0'), 'index') };
  const chunk: LangChainChunk = {
    kind: role === 'assistant' ? 'ai' : 'other',
    content: field(delta, 'content') ?? '',
    additionalKwargs,
    responseMetadata: { model_provider: 'openai', usage: spreadOf(field(data, 'usage')) },
    toolCallChunks: [],
    usage: undefined,
  };
  if (Array.isArray(toolCalls)) state.sawToolCalls = true;
  if (chunk.kind === 'ai' && Array.isArray(toolCalls)) chunk.toolCallChunks = toolCalls.map(toolCallChunkOf);
  return chunk;
}

function toolCallChunkOf(raw: unknown): Dict {
  if (raw === null || raw === undefined) throw new ClientThrow(`TypeError: Cannot read properties of ${String(raw)} (reading 'function')`);
  const fn = field(raw, 'function');
  return { name: field(fn, 'name'), args: field(fn, 'arguments'), id: field(raw, 'id'), index: field(raw, 'index'), type: 'tool_call_chunk' };
}

/** The chunk yielded after the loop when any chunk carried usage. */
function usageChunk(usage: unknown): LangChainChunk {
  const input = field(usage, 'prompt_tokens') as number;
  const output = field(usage, 'completion_tokens') as number;
  return { kind: 'ai', content: '', additionalKwargs: {}, responseMetadata: { usage: spreadOf(usage) }, toolCallChunks: [], usage: { input_tokens: input, output_tokens: output, total_tokens: field(usage, 'total_tokens') } };
}

/** The usage chunk, once the body ended (a failed read throws, an open body waits, before it comes). */
function* tailChunks(body: ClientBody, state: ReadState): Generator<Yielded> {
  endOfStreamBody(body.ending);
  if (state.usage) yield { chunk: usageChunk(state.usage), completion: 0 };
}

function newState(): ReadState {
  return { usage: undefined, sawToolCalls: false, notes: [] };
}

/** What the caller holds from `merged`: its text, its tool calls, and notes on what it lost. */
function answerOf(merged: LangChainChunk | undefined, state: ReadState): Handed {
  const calls = collapseToolCalls(merged);
  const notes = [...new Set(state.notes)];
  if (merged !== undefined && merged.kind !== 'ai' && state.sawToolCalls) notes.push('the first chunk is not an AI message (no delta before it named the assistant role): the merged message has no tool_calls');
  return { text: textOf(merged), toolCalls: calls.toolCalls, notes: [...notes, ...calls.notes] };
}

/** Feeds every chunk to `take`, then `finish`; `answer` says what the caller holds as the call ends. */
function readChunks(body: ClientBody, state: ReadState, take: (yielded: Yielded) => void, finish: () => void, answer: (ends: ClientRun['ends']) => Handed): ClientRun {
  return runLangChain(() => {
    for (const yielded of deltaChunks(body, state)) take(yielded);
    for (const yielded of tailChunks(body, state)) take(yielded);
    finish();
  }, answer);
}

/** A ChatOpenAI reader: who it is, and how it reads a body. */
function profileOf(reader: string, read: (body: ClientBody) => ClientRun): ClientProfile {
  return { client: '@langchain/openai', reader, versions: VERSIONS, source: SOURCE, installable: true, read };
}

/** `for await (const chunk of await model.stream(messages)) full = full ? full.concat(chunk) : chunk`. */
export const langchainOpenAiStream = profileOf(
  'ChatOpenAI for await (chunk of model.stream()), full = full.concat(chunk); full.content, full.tool_calls',
  (body: ClientBody): ClientRun => {
    const state = newState();
    let full: LangChainChunk | undefined;
    const take = ({ chunk }: Yielded) => void (full = full === undefined ? chunk : concatChunks(full, chunk));
    return readChunks(body, state, take, () => {}, () => answerOf(full, state));
  },
);

/** `await model.invoke(messages)` on a model built with `streaming: true`: the chunks merged per choice index. */
export const langchainOpenAiInvoke = profileOf(
  'ChatOpenAI({ streaming: true }).invoke(); message.content, message.tool_calls',
  (body: ClientBody): ClientRun => {
    const state = newState();
    const generations = new Map<string, LangChainChunk>();
    let first: LangChainChunk | undefined;
    const take = ({ chunk, completion }: Yielded) => {
      const key = String(completion);
      const held = generations.get(key);
      generations.set(key, held === undefined ? chunk : concatChunks(held, chunk));
    };
    const finish = () => {
      first = firstGeneration(generations);
      if (first === undefined) throw new ClientThrow("TypeError: Cannot read properties of undefined (reading 'message')");
    };
    // A rejected or pending promise hands the caller nothing.
    return readChunks(body, state, take, finish, (ends) => (ends === 'returns' ? answerOf(first, state) : { text: '', toolCalls: [], notes: [] }));
  },
);

/** The generation `invoke()` returns: the first of the choices, ordered as `Object.entries` then by `parseInt`. */
function firstGeneration(generations: Map<string, LangChainChunk>): LangChainChunk | undefined {
  const keys = [...generations.keys()];
  const integers = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  const ordered = [...integers, ...keys.filter((key) => !isArrayIndex(key))];
  ordered.sort((a, b) => {
    const difference = Number.parseInt(a, 10) - Number.parseInt(b, 10);
    return Number.isNaN(difference) ? 0 : difference;
  });
  return ordered.length === 0 ? undefined : generations.get(ordered[0]!);
}
