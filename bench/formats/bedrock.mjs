// Bedrock ConverseStream in the bench: a long answer as AWS event-stream messages (binary, written with the AWS SDK's
// own @smithy/eventstream-codec, padded with `p` as Bedrock pads its events), and the best existing reader of those
// bytes (issue 24): the codec splitting and checking the messages (both CRCs) as the SDK does, plus JSON.parse of
// each payload, building the text and counting the tool calls. bench/streams.mjs lists the stream; `npm run bench`
// times it against ours (paired, 64 KiB chunks) and weighs its memory.
//   node bench/formats/bedrock.mjs [--quick]: this format's rows alone (after `npx tsup`).
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { runAlone } from './alone.mjs';

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const PADDING = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Collects binary messages until the stream reaches its size (the Writer of bench/streams.mjs, for bytes). */
class MessageWriter {
  constructor(targetBytes) {
    this.target = targetBytes;
    this.parts = [];
    this.bytes = 0;
    this.frames = 0;
  }
  add(name, body, random) {
    // Bedrock pads every event with `p`: a run of the alphabet of random length.
    const payload = JSON.stringify({ ...body, p: PADDING.slice(0, 1 + Math.floor(random() * PADDING.length)) });
    const headers = { ':event-type': { type: 'string', value: name }, ':content-type': { type: 'string', value: 'application/json' }, ':message-type': { type: 'string', value: 'event' } };
    const message = codec.encode({ headers, body: fromUtf8(payload) });
    this.parts.push(message);
    this.bytes += message.length;
    this.frames += 1;
  }
  get full() {
    return this.bytes >= this.target;
  }
  /** The messages joined into one body. */
  joined() {
    const body = new Uint8Array(this.bytes);
    let at = 0;
    for (const part of this.parts) {
      body.set(part, at);
      at += part.length;
    }
    return body;
  }
}

/** Text in token pieces, then a tool use every 400 pieces (its input in fragments), then the stop and the metadata. */
function bedrockText({ pieces, fragments }, targetBytes, random) {
  const out = new MessageWriter(targetBytes);
  const next = pieces(random);
  let textLength = 0;
  let toolCalls = 0;
  let block = 0;
  out.add('messageStart', { role: 'assistant' }, random);
  while (!out.full) {
    for (let i = 0; i < 400 && !out.full; i += 1) {
      const text = next();
      textLength += text.length;
      out.add('contentBlockDelta', { contentBlockIndex: block, delta: { text } }, random);
    }
    out.add('contentBlockStop', { contentBlockIndex: block }, random);
    block += 1;
    out.add('contentBlockStart', { contentBlockIndex: block, start: { toolUse: { toolUseId: `tooluse_${String(block).padStart(20, 'x')}`, name: 'lookup' } } }, random);
    for (const input of fragments(JSON.stringify({ query: `weather in city ${block}`, limit: 5 }), random)) out.add('contentBlockDelta', { contentBlockIndex: block, delta: { toolUse: { input } } }, random);
    out.add('contentBlockStop', { contentBlockIndex: block }, random);
    toolCalls += 1;
    block += 1;
  }
  out.add('messageStop', { stopReason: 'tool_use' }, random);
  out.add('metadata', { usage: { inputTokens: 100, outputTokens: out.frames, totalTokens: 100 + out.frames }, metrics: { latencyMs: 1234 } }, random);
  return { out, expected: { textLength, toolCalls } };
}

/** The bench streams of this format (bench/streams.mjs lists them), made with its helpers. */
export function bedrockStreams(parts) {
  return [{ name: 'bedrock-text', format: 'bedrock', framing: 'aws-event-stream', title: 'Bedrock ConverseStream text and tool use (binary)', sdk: 'bedrock-codec', peer: true, generate: (bytes, random) => bedrockText(parts, bytes, random) }];
}

/** The SDK's way: hold bytes until a message is whole (its total length), decode it (both checksums), parse JSON. */
function codecReader(stream, _input, sample) {
  let held = new Uint8Array(0);
  let textLength = 0;
  let toolCalls = 0;
  for (const chunk of stream.chunks) {
    const joined = new Uint8Array(held.length + chunk.length);
    joined.set(held);
    joined.set(chunk, held.length);
    let at = 0;
    while (joined.length - at >= 4) {
      const total = new DataView(joined.buffer, joined.byteOffset + at).getUint32(0, false);
      if (joined.length - at < total) break;
      const message = codec.decode(joined.subarray(at, at + total));
      const event = JSON.parse(toUtf8(message.body));
      if (typeof event.delta?.text === 'string') textLength += event.delta.text.length;
      if (event.start?.toolUse) toolCalls += 1;
      at += total;
    }
    held = joined.slice(at);
    if (sample) sample();
  }
  return { textLength, toolCalls };
}

/** Its reader, as bench/contestants.mjs lists the SDK readers. */
export const BEDROCK_READERS = { 'bedrock-codec': { label: '@smithy/eventstream-codec + JSON.parse', run: codecReader } };

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(['bedrock-text']);
