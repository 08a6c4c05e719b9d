// The contestants: each reads the same bytes and returns what it found, so the runner can check that every one of
// them read the whole stream (frames, text length, tool calls) before its speed counts.
import Anthropic from '@anthropic-ai/sdk';
import { createParser } from 'eventsource-parser';
import OpenAI from 'openai';
import { AG_UI_SDKS } from './formats/ag-ui.mjs';
import { BEDROCK_READERS } from './formats/bedrock.mjs';
import { COHERE_READERS } from './formats/cohere.mjs';
import { OLLAMA_READERS } from './formats/ollama.mjs';
import { UI_MESSAGE_STREAM_READERS } from './formats/ui-message-stream.mjs';

/** The built package, as users get it. */
export const ours = await import('../dist/index.js');

// ── Helpers every contestant shares ─────────────────────────────────────────────────────────────────────────

/** Feeds chunks to `push`, calling `sample` after each so the memory child can watch the heap grow. */
function feed(chunks, push, sample) {
  for (const chunk of chunks) {
    push(chunk);
    if (sample) sample();
  }
}

/** eventsource-parser takes text: bytes go through a streaming TextDecoder, as its own stream wrapper does. */
function esFeed(stream, input, onEvent, sample) {
  const parser = createParser({ onEvent });
  if (input === 'string') return parser.feed(stream.text);
  const utf8 = new TextDecoder();
  feed(stream.chunks, (chunk) => parser.feed(utf8.decode(chunk, { stream: true })), sample);
  parser.feed(utf8.decode());
}

/** A fetch that answers every request with the stream's bytes, 64 KiB at a time, as a network body would arrive. */
function replayFetch(stream, sample) {
  return async () => {
    let next = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sample) sample();
        const chunk = stream.chunks[next++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

const textOfContent = (content) => (typeof content === 'string' ? content.length : 0);

/** The stream's own options for our readers, where it has some (see streams.mjs). */
const readerOptions = (stream) => stream.spec.readerOptions ?? {};

// ── Decode: frames only ─────────────────────────────────────────────────────────────────────────────────────

/** `decode()`: the decoder with positions and findings, plus the one JSON read of each frame; keeps every frame. */
function oursDecode(pkg, stream, input, sample) {
  const result = pkg.decode(input === 'string' ? stream.text : stream.chunks, readerOptions(stream));
  if (sample) sample();
  return { frames: result.frames.length, stopped: result.stopped };
}

/**
 * `createFrameReader()`: the streaming decode with positions and findings and one JSON read per frame, nothing kept:
 * the like-for-like match for eventsource-parser + JSON.parse (issue #2's target).
 */
function oursReader(pkg, stream, input, sample) {
  let frames = 0;
  // FindingList left the public entry: the reader makes its own list when none is passed.
  const findings = pkg.FindingList === undefined ? undefined : new pkg.FindingList();
  const reader = pkg.createFrameReader(() => void (frames += 1), findings, undefined, readerOptions(stream));
  if (input === 'string') reader.push(stream.text);
  else feed(stream.chunks, (chunk) => reader.push(chunk), sample);
  return { frames, stopped: reader.end().stopped };
}

/** `createDecoder()`: the same decoder with positions and findings, no JSON and no frames kept. */
function oursDecoder(pkg, stream, input, sample) {
  let frames = 0;
  const decoder = pkg.createDecoder({ onFrame: () => void (frames += 1), ...readerOptions(stream) });
  if (input === 'string') decoder.push(stream.text);
  else feed(stream.chunks, (chunk) => decoder.push(chunk), sample);
  return { frames, stopped: decoder.end().stopped };
}

function esDecode(stream, input, sample) {
  let frames = 0;
  esFeed(stream, input, () => void (frames += 1), sample);
  return { frames };
}

function esDecodeJson(stream, input, sample) {
  let frames = 0;
  esFeed(
    stream,
    input,
    (event) => {
      frames += 1;
      if (event.data !== '[DONE]') JSON.parse(event.data);
    },
    sample,
  );
  return { frames };
}

// ── Reconstruct: the whole answer ───────────────────────────────────────────────────────────────────────────

/** What a contestant found; the reconstruction itself rides along, unlisted, for the memory child to weigh. */
function summaryOf(result) {
  const choice = result.choices[0];
  return Object.defineProperty(summaryFields(result, choice), 'result', { value: result, enumerable: false, configurable: true });
}

function summaryFields(result, choice) {
  return {
    frames: result.frameCount,
    textLength: choice?.text.length ?? 0,
    toolCalls: choice?.toolCalls.length ?? 0,
    verdict: result.verdict,
    findingCounts: result.findingCounts,
    stopped: (result.findingCounts['too large'] ?? 0) > 0,
  };
}

/** `reconstruct()` with its defaults: full assembly, positions, findings, the frames table kept. */
function oursReconstruct(pkg, stream, input, sample) {
  return summaryOf(oursReconstructResult(pkg, stream, input, sample));
}

/**
 * `reconstruct()`, then every row of its frames table read: the table is kept in columns and becomes objects when
 * it is first read, so this is what a caller who looks at the frames pays.
 */
function oursReconstructRows(pkg, stream, input, sample) {
  const result = oursReconstructResult(pkg, stream, input, sample);
  let carried = 0;
  for (const frame of result.frames) carried += frame.carried.length > 0 ? 1 : 0;
  return { ...summaryOf(result), frames: result.frames.length, carried };
}

function oursReconstructResult(pkg, stream, input, sample) {
  if (input === 'string') return pkg.reconstruct(stream.text, readerOptions(stream));
  const session = pkg.createReconstruction(readerOptions(stream));
  feed(stream.chunks, (chunk) => session.push(chunk), sample);
  return session.end();
}

/** The same without the frames table (`frames: false`): what a caller of a very large stream would pass. */
function oursReconstructLean(pkg, stream, input, sample) {
  const session = pkg.createReconstruction({ frames: false, ...readerOptions(stream) });
  if (input === 'string') session.push(stream.text);
  else feed(stream.chunks, (chunk) => session.push(chunk), sample);
  return summaryOf(session.end());
}

/** JSON.parse of the payloads alone, already cut out of the stream: the floor for anything that parses each frame. */
function jsonFloor(stream) {
  let frames = 0;
  for (const data of stream.payloads) {
    JSON.parse(data);
    frames += 1;
  }
  return { frames: frames + stream.nonJsonFrames };
}

const REQUEST_MESSAGES = [{ role: 'user', content: 'Write the files.' }];

async function openaiChat(stream, _input, sample) {
  const client = new OpenAI({ apiKey: 'bench', baseURL: 'http://bench.invalid/v1', maxRetries: 0, fetch: replayFetch(stream, sample) });
  const completion = await client.chat.completions.stream({ model: 'gpt-4o', messages: REQUEST_MESSAGES }).finalChatCompletion();
  const message = completion.choices[0]?.message;
  return { textLength: textOfContent(message?.content), toolCalls: message?.tool_calls?.length ?? 0 };
}

async function openaiResponses(stream, _input, sample) {
  const client = new OpenAI({ apiKey: 'bench', baseURL: 'http://bench.invalid/v1', maxRetries: 0, fetch: replayFetch(stream, sample) });
  const response = await client.responses.stream({ model: 'gpt-5-mini', input: 'Write the text.' }).finalResponse();
  let textLength = 0;
  let toolCalls = 0;
  for (const item of response.output) {
    if (item.type === 'function_call') toolCalls += 1;
    if (item.type === 'message') for (const part of item.content) textLength += part.type === 'output_text' ? part.text.length : 0;
  }
  return { textLength, toolCalls };
}

async function anthropicMessages(stream, _input, sample) {
  const client = new Anthropic({ apiKey: 'bench', baseURL: 'http://bench.invalid', maxRetries: 0, fetch: replayFetch(stream, sample) });
  const message = await client.messages.stream({ model: 'claude-sonnet-4-20250514', max_tokens: 64000, messages: REQUEST_MESSAGES }).finalMessage();
  let textLength = 0;
  let toolCalls = 0;
  for (const block of message.content) {
    if (block.type === 'text') textLength += block.text.length;
    if (block.type === 'tool_use') toolCalls += 1;
  }
  return { textLength, toolCalls };
}

const SDKS = {
  'openai-chat': { label: 'openai finalChatCompletion()', run: openaiChat },
  'openai-responses': { label: 'openai finalResponse()', run: openaiResponses },
  anthropic: { label: '@anthropic-ai/sdk finalMessage()', run: anthropicMessages },
  ...AG_UI_SDKS,
  ...COHERE_READERS,
  ...UI_MESSAGE_STREAM_READERS,
  ...OLLAMA_READERS,
  ...BEDROCK_READERS,
};

/** Whether the stream is server-sent events, which the decode contestants and eventsource-parser read. */
export const isSse = (spec) => spec.framing === undefined || spec.framing === 'sse';

/**
 * The contestants for one stream. `id` names it on the command line of the memory child; `inputs` are the ways it
 * is fed (64 KiB Uint8Array chunks, one string); `checks` the fields of the stream's expectations it must match.
 * `pkg`: the build our contestants call (another one's dist/index.js for the bench's --baseline "before" rows).
 */
export function contestantsFor(spec, pkg = ours) {
  const bound = (run) => (stream, input, sample) => run(pkg, stream, input, sample);
  const list = [
    { id: 'ours-decode', group: 'decode', label: 'ours decode() (+ JSON read, frames kept)', inputs: ['chunks', 'string'], run: bound(oursDecode), checks: ['frames'] },
    { id: 'ours-reader', group: 'decode', label: 'ours createFrameReader() (+ JSON read, streaming)', inputs: ['chunks', 'string'], run: bound(oursReader), checks: ['frames'] },
    { id: 'ours-decoder', group: 'decode', label: 'ours createDecoder() (no JSON)', inputs: ['chunks', 'string'], run: bound(oursDecoder), checks: ['frames'] },
    { id: 'es', group: 'decode', label: 'eventsource-parser', inputs: ['chunks', 'string'], run: esDecode, checks: ['frames'] },
    { id: 'es-json', group: 'decode', label: 'eventsource-parser + JSON.parse', inputs: ['chunks', 'string'], run: esDecodeJson, checks: ['frames'] },
    { id: 'ours-reconstruct', group: 'reconstruct', label: 'ours reconstruct()', inputs: ['chunks', 'string'], run: bound(oursReconstruct), checks: ['frames', 'textLength', 'toolCalls'] },
    { id: 'ours-reconstruct-rows', group: 'reconstruct', label: 'ours reconstruct(), then every frame row read', inputs: ['chunks', 'string'], run: bound(oursReconstructRows), checks: ['frames', 'textLength', 'toolCalls'] },
    { id: 'ours-reconstruct-lean', group: 'reconstruct', label: 'ours reconstruct({ frames: false })', inputs: ['chunks', 'string'], run: bound(oursReconstructLean), checks: ['frames', 'textLength', 'toolCalls'] },
    { id: 'json-floor', group: 'reconstruct', label: 'JSON.parse of the payloads alone (floor)', inputs: ['payloads'], run: jsonFloor, checks: ['frames'] },
  ];
  const sdk = spec.sdk ? SDKS[spec.sdk] : null;
  if (sdk) list.push({ id: 'sdk', group: 'reconstruct', label: sdk.label, inputs: ['chunks'], run: sdk.run, checks: ['textLength', 'toolCalls'] });
  if (isSse(spec)) return list;
  // NDJSON and binary streams: our reconstructions, read from the chunks (a binary body is no string), and the
  // format's best existing reader.
  return list.filter((contestant) => contestant.group === 'reconstruct' && contestant.id !== 'json-floor').map((contestant) => ({ ...contestant, inputs: ['chunks'] }));
}

/** The label of a stream's `sdk` contestant (its best existing reader, for issue 24's formats). */
export function readerLabel(spec) {
  return spec.sdk ? (SDKS[spec.sdk]?.label ?? 'SDK') : 'SDK';
}

/** Cuts the JSON payloads out of a stream once (with eventsource-parser), for the JSON.parse floor. */
export function payloadsOf(text) {
  const payloads = [];
  let nonJsonFrames = 0;
  createParser({
    onEvent(event) {
      if (event.data === '[DONE]') nonJsonFrames += 1;
      else payloads.push(event.data);
    },
  }).feed(text);
  return { payloads, nonJsonFrames };
}
