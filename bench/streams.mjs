import { agUiStreams } from './formats/ag-ui.mjs';

// Deterministic benchmark streams, built in memory. Chunk shapes copy the recorded streams in the corpus
// (openai-python--parallel-tool-calls, anthropic-sdk-python--text-then-tool-use, fantasy--azure-gpt5mini-text,
// pydantic-ai--text for Gemini): same fields, same order, token-sized deltas. A new format's streams live in
// bench/formats/<name>.mjs, made from the helpers here, and are listed here by one line.
import { bedrockStreams } from './formats/bedrock.mjs';
import { cohereStreams } from './formats/cohere.mjs';
import { ollamaStreams } from './formats/ollama.mjs';
import { uiMessageStreams } from './formats/ui-message-stream.mjs';

/** A small seeded PRNG (mulberry32): the same seed gives the same stream on every run and in every child. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Mostly English tokens, with the things real text carries: quotes and backslashes (escaped in JSON), newlines,
// accented letters, CJK and an emoji (non-ASCII bytes and a surrogate pair).
const WORDS = (
  'the of and to a in is that for it as with was on be by this are from at or an have not which but ' +
  'stream frame chunk token reader client server response request model answer tool call arguments result ' +
  'café naïve déjà über 東京 数据 流式 🙂 "quoted" path\\to C:\\temp {json} [list] <tag> 42 3.14 -1 100%'
).split(' ');

/** Token-sized text pieces (1 to 3 words, mostly with a leading space), like a model's deltas. */
export function pieces(random) {
  return () => {
    const count = random() < 0.8 ? 1 : random() < 0.7 ? 2 : 3;
    let piece = '';
    for (let i = 0; i < count; i += 1) {
      const word = WORDS[Math.floor(random() * WORDS.length)];
      const roll = random();
      piece += roll < 0.04 ? `.\n\n${word}` : roll < 0.1 ? `, ${word}` : ` ${word}`;
    }
    return piece;
  };
}

/** Text for a tool's arguments: a `write_file` call whose content grows in token pieces, as coding agents send. */
function argumentsFor(call, random, targetChars) {
  const next = pieces(random);
  let content = '';
  while (content.length < targetChars) content += next();
  return JSON.stringify({ path: `src/module_${call}.ts`, content, overwrite: true });
}

/** Cuts a string into token-sized fragments (2 to 9 characters), never inside a surrogate pair. */
export function fragments(text, random) {
  const out = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + 2 + Math.floor(random() * 8));
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end += 1;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

export const SSE = (payload) => `data: ${JSON.stringify(payload)}\n\n`;
const NAMED = (payload) => `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`;

/** Collects frames until the stream reaches its size; `bytes` counts UTF-8 bytes, not characters. */
export class Writer {
  constructor(targetBytes) {
    this.target = targetBytes;
    this.parts = [];
    this.bytes = 0;
    this.frames = 0;
  }
  add(frame) {
    this.parts.push(frame);
    this.bytes += Buffer.byteLength(frame);
    this.frames += 1;
  }
  get full() {
    return this.bytes >= this.target;
  }
}

// ── Chat Completions ────────────────────────────────────────────────────────────────────────────────────────

const CHAT_ID = 'chatcmpl-ABfwAwrNePHUgBBezonVC6MX3zd63';

function chatChunk(delta, finishReason = null) {
  return { id: CHAT_ID, object: 'chat.completion.chunk', created: 1727346178, model: 'gpt-4o-2024-08-06', system_fingerprint: 'fp_5050236cbd', choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] };
}

function chatEnd(out, finishReason) {
  out.add(SSE(chatChunk({}, finishReason)));
  out.add(SSE({ id: CHAT_ID, object: 'chat.completion.chunk', created: 1727346178, model: 'gpt-4o-2024-08-06', system_fingerprint: 'fp_5050236cbd', choices: [], usage: { prompt_tokens: 149, completion_tokens: out.frames, total_tokens: 149 + out.frames, completion_tokens_details: { reasoning_tokens: 0 } } }));
  out.add('data: [DONE]\n\n');
}

function chatText(targetBytes, random) {
  const out = new Writer(targetBytes);
  const next = pieces(random);
  let text = '';
  out.add(SSE(chatChunk({ role: 'assistant', content: '', refusal: null })));
  while (!out.full) {
    const piece = next();
    text += piece;
    out.add(SSE(chatChunk({ content: piece })));
  }
  chatEnd(out, 'stop');
  return { out, expected: { textLength: text.length, toolCalls: 0 } };
}

function chatTools(targetBytes, random) {
  const out = new Writer(targetBytes);
  out.add(SSE(chatChunk({ role: 'assistant', content: null })));
  let call = 0;
  while (!out.full) {
    const args = argumentsFor(call, random, 2_000 + Math.floor(random() * 18_000));
    out.add(SSE(chatChunk({ tool_calls: [{ index: call, id: `call_${String(call).padStart(24, 'x')}`, type: 'function', function: { name: 'write_file', arguments: '' } }] })));
    for (const piece of fragments(args, random)) out.add(SSE(chatChunk({ tool_calls: [{ index: call, function: { arguments: piece } }] })));
    call += 1;
  }
  chatEnd(out, 'tool_calls');
  return { out, expected: { textLength: 0, toolCalls: call } };
}

// ── Anthropic Messages ──────────────────────────────────────────────────────────────────────────────────────

function anthropicStart(out) {
  out.add(NAMED({ type: 'message_start', message: { id: 'msg_019Q1hrJbZG26Fb9BQhrkHEr', type: 'message', role: 'assistant', model: 'claude-sonnet-4-20250514', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 377, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1, service_tier: 'standard' } } }));
}

function anthropicEnd(out, stopReason) {
  out.add(NAMED({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: out.frames } }));
  out.add(NAMED({ type: 'message_stop' }));
}

function anthropicText(targetBytes, random) {
  const out = new Writer(targetBytes);
  const next = pieces(random);
  let text = '';
  anthropicStart(out);
  out.add(NAMED({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
  out.add('event: ping\ndata: {"type": "ping"}\n\n');
  while (!out.full) {
    const piece = next();
    text += piece;
    out.add(NAMED({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }));
  }
  out.add(NAMED({ type: 'content_block_stop', index: 0 }));
  anthropicEnd(out, 'end_turn');
  return { out, expected: { textLength: text.length, toolCalls: 0 } };
}

function anthropicTools(targetBytes, random) {
  const out = new Writer(targetBytes);
  anthropicStart(out);
  out.add(NAMED({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
  out.add(NAMED({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: "I'll write the files now." } }));
  out.add(NAMED({ type: 'content_block_stop', index: 0 }));
  let block = 1;
  while (!out.full) {
    const args = argumentsFor(block, random, 2_000 + Math.floor(random() * 18_000));
    out.add(NAMED({ type: 'content_block_start', index: block, content_block: { type: 'tool_use', id: `toolu_${String(block).padStart(24, '0')}`, name: 'write_file', input: {} } }));
    out.add(NAMED({ type: 'content_block_delta', index: block, delta: { type: 'input_json_delta', partial_json: '' } }));
    for (const piece of fragments(args, random)) out.add(NAMED({ type: 'content_block_delta', index: block, delta: { type: 'input_json_delta', partial_json: piece } }));
    out.add(NAMED({ type: 'content_block_stop', index: block }));
    block += 1;
  }
  anthropicEnd(out, 'tool_use');
  return { out, expected: { textLength: "I'll write the files now.".length, toolCalls: block - 1 } };
}

// ── Responses ───────────────────────────────────────────────────────────────────────────────────────────────

const RESPONSE_ID = 'resp_019d0fbf74a564d6016a3c117e5b1c819382d1cf29a3ef79ce';
const MESSAGE_ID = 'msg_019d0fbf74a564d6016a3c1181bdbc819384667dfe8e7de5c4';

function responseObject(status, output, usage) {
  return { id: RESPONSE_ID, object: 'response', created_at: 1782321534, status, background: false, error: null, incomplete_details: null, instructions: null, max_output_tokens: null, model: 'gpt-5-mini', output, parallel_tool_calls: true, previous_response_id: null, reasoning: { effort: 'medium', summary: null }, store: false, temperature: 1.0, text: { format: { type: 'text' } }, tool_choice: 'auto', tools: [], top_p: 1.0, truncation: 'disabled', usage, user: null, metadata: {} };
}

function responsesText(targetBytes, random) {
  const out = new Writer(targetBytes);
  const next = pieces(random);
  let sequence = 0;
  const event = (payload) => out.add(NAMED({ ...payload, sequence_number: sequence++ }));
  event({ type: 'response.created', response: responseObject('in_progress', [], null) });
  event({ type: 'response.in_progress', response: responseObject('in_progress', [], null) });
  event({ type: 'response.output_item.added', item: { id: MESSAGE_ID, type: 'message', status: 'in_progress', content: [], role: 'assistant' }, output_index: 0 });
  event({ type: 'response.content_part.added', content_index: 0, item_id: MESSAGE_ID, output_index: 0, part: { type: 'output_text', annotations: [], logprobs: [], text: '' } });
  const texts = [];
  let obfuscation = 'CsGoBBsuRWFDB';
  while (!out.full) {
    const piece = next();
    texts.push(piece);
    obfuscation = obfuscation.slice(1) + obfuscation[0];
    event({ type: 'response.output_text.delta', content_index: 0, delta: piece, item_id: MESSAGE_ID, logprobs: [], obfuscation, output_index: 0 });
  }
  const text = texts.join('');
  const part = { type: 'output_text', annotations: [], logprobs: [], text };
  const item = { id: MESSAGE_ID, type: 'message', status: 'completed', content: [part], role: 'assistant' };
  event({ type: 'response.output_text.done', content_index: 0, item_id: MESSAGE_ID, logprobs: [], output_index: 0, text });
  event({ type: 'response.content_part.done', content_index: 0, item_id: MESSAGE_ID, output_index: 0, part });
  event({ type: 'response.output_item.done', item, output_index: 0 });
  event({ type: 'response.completed', response: responseObject('completed', [item], { input_tokens: 12, input_tokens_details: { cached_tokens: 0 }, output_tokens: texts.length, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 12 + texts.length }) });
  return { out, expected: { textLength: text.length, toolCalls: 0 } };
}

// ── Gemini ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Gemini writes `": "` after keys and ends frames in `\r\n\r\n`, as the recorded captures show. */
function geminiFrame(payload) {
  return `data: ${JSON.stringify(payload).replace(/"(\w+)":/g, '"$1": ')}\r\n\r\n`;
}

function geminiText(targetBytes, random) {
  const out = new Writer(targetBytes);
  const next = pieces(random);
  let text = '';
  let tokens = 0;
  const usage = (final) => ({ promptTokenCount: 15, ...(final ? { candidatesTokenCount: tokens } : {}), totalTokenCount: 15 + tokens, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 15 }] });
  while (!out.full) {
    // Gemini sends several tokens per frame.
    let piece = '';
    const count = 4 + Math.floor(random() * 12);
    for (let i = 0; i < count; i += 1) piece += next();
    text += piece;
    tokens += count;
    out.add(geminiFrame({ candidates: [{ content: { parts: [{ text: piece }], role: 'model' } }], usageMetadata: usage(false), modelVersion: 'gemini-2.0-flash-exp', responseId: 'w1peaMz6INOvnvgPgYfPiQY' }));
  }
  const last = ' The end.';
  text += last;
  out.add(geminiFrame({ candidates: [{ content: { parts: [{ text: last }], role: 'model' }, finishReason: 'STOP' }], usageMetadata: usage(true), modelVersion: 'gemini-2.0-flash-exp', responseId: 'w1peaMz6INOvnvgPgYfPiQY' }));
  return { out, expected: { textLength: text.length, toolCalls: 0 } };
}

// ── The catalogue ───────────────────────────────────────────────────────────────────────────────────────────

/** Every benchmark stream: its name, the format it is, which SDK accumulator reads it, and its generator. */
export const STREAMS = [
  { name: 'chat-text', format: 'chat-completions', title: 'Chat Completions text', sdk: 'openai-chat', generate: chatText },
  { name: 'chat-tools', format: 'chat-completions', title: 'Chat Completions tool calls', sdk: 'openai-chat', generate: chatTools },
  { name: 'anthropic-text', format: 'anthropic', title: 'Anthropic text', sdk: 'anthropic', generate: anthropicText },
  { name: 'anthropic-tools', format: 'anthropic', title: 'Anthropic tool use', sdk: 'anthropic', generate: anthropicTools },
  // Its done events and response.completed repeat the whole answer: over 1 MiB in the 100 MB stream. The SDK and
  // eventsource-parser hold frames of any size; our readers are told so (`maxHeldChars`) to read the same bytes.
  { name: 'responses-text', format: 'responses', title: 'Responses text', sdk: 'openai-responses', generate: responsesText, readerOptions: { maxHeldChars: Infinity } },
  { name: 'gemini-text', format: 'gemini', title: 'Gemini text', sdk: null, generate: geminiText },
  ...agUiStreams(),
  ...cohereStreams({ Writer, pieces, fragments, argumentsFor }),
  // Issue 24's formats that are not server-sent events carry `framing` (NDJSON, the binary AWS event stream): only
  // the reconstruct contestants and the format's best existing reader read them (contestants.mjs).
  ...uiMessageStreams({ Writer, SSE }),
  ...ollamaStreams({ Writer, pieces }),
  ...bedrockStreams({ pieces, fragments }),
];

export const CHUNK_BYTES = 64 * 1024;

/**
 * Builds a stream of at least `megabytes` MB (10^6 bytes): its bytes, the same bytes as 64 KiB chunks (views, no
 * copy), and what a correct reader must find (text length, tool calls, frames).
 */
export function buildStream(name, megabytes) {
  const spec = STREAMS.find((stream) => stream.name === name);
  if (!spec) throw new Error(`no benchmark stream named ${name}; pass one of ${STREAMS.map((s) => s.name).join(', ')}`);
  const seed = [...name].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261) + megabytes;
  const { out, expected } = spec.generate(megabytes * 1_000_000, seeded(seed));
  // A binary stream's writer joins its own messages.
  const bytes = out.joined ? out.joined() : new TextEncoder().encode(out.parts.join(''));
  out.parts.length = 0;
  return { spec, megabytes, bytes, chunks: chunksOf(bytes), expected: { ...expected, frames: out.frames } };
}

export function chunksOf(bytes, size = CHUNK_BYTES) {
  const chunks = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, Math.min(bytes.length, at + size)));
  return chunks;
}
