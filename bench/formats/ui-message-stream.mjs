// The AI SDK UI message stream read live from 64 KiB chunks: ours (`reconstructStream` of a Response) against the
// `ai` package's own client reader on the same bytes (a Chat with DefaultChatTransport: parseJsonEventStream with
// uiMessageChunkSchema, then processUIMessageStream, as `useChat` reads it; its state keeps the message without the
// per-update copy a UI framework makes). Target (issue 24): ours ≥ 1.3× the ai reader.
//   npx tsup && node bench/formats/ui-message-stream.mjs [--quick] [--rounds=N]
// --quick: the 10 MB stream only (else 10 and 50 MB). Paired: the two alternate in this process, 2 warm-up rounds
// then `rounds` timed ones (default 5); the figure is the median of the per-round ratios, with their spread.
import { AbstractChat, DefaultChatTransport } from 'ai';

const pkg = await import(process.env.SSE_BENCH_DIST ?? '../../dist/index.js');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const rounds = Number(args.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 5);
const CHUNK = 64 * 1024;

/** A message of text deltas with a tool call every 200 deltas (input streamed in pieces), about `bytes` long. */
function streamOf(bytes) {
  const parts = [];
  let size = 0;
  let textLength = 0;
  let toolCalls = 0;
  const add = (part) => {
    const frame = `data: ${JSON.stringify(part)}\n\n`;
    parts.push(frame);
    size += frame.length;
  };
  const words = ['the', 'stream', 'of', 'a', 'model', 'answer', 'héllo', 'wörld', 'gateway', 'reads'];
  add({ type: 'start', messageId: 'msg_bench' });
  add({ type: 'start-step' });
  let n = 0;
  while (size < bytes) {
    const id = `txt_${n}`;
    add({ type: 'text-start', id });
    for (let i = 0; i < 200 && size < bytes; i += 1) {
      const delta = `${words[(n + i) % words.length]} `;
      textLength += delta.length;
      add({ type: 'text-delta', id, delta });
    }
    add({ type: 'text-end', id });
    const callId = `call_${n}`;
    add({ type: 'tool-input-start', toolCallId: callId, toolName: 'search' });
    for (const piece of ['{"query":', '"weather in ', `city ${n}"`, ',"limit":5}']) add({ type: 'tool-input-delta', toolCallId: callId, inputTextDelta: piece });
    add({ type: 'tool-input-available', toolCallId: callId, toolName: 'search', input: { query: `weather in city ${n}`, limit: 5 } });
    toolCalls += 1;
    n += 1;
  }
  add({ type: 'finish-step' });
  add({ type: 'finish', finishReason: 'tool-calls' });
  parts.push('data: [DONE]\n\n');
  const all = new TextEncoder().encode(parts.join(''));
  const chunks = [];
  for (let at = 0; at < all.length; at += CHUNK) chunks.push(all.subarray(at, Math.min(all.length, at + CHUNK)));
  return { bytes: all.length, chunks, textLength, toolCalls };
}

function responseOf(chunks) {
  let next = 0;
  const body = new ReadableStream({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } });
}

async function ours(stream) {
  const result = await pkg.reconstructStream(responseOf(stream.chunks), { format: 'ui-message-stream' });
  return { textLength: result.choices[0].text.length, toolCalls: result.choices[0].toolCalls.length };
}

class PlainState {
  status = 'ready';
  error = undefined;
  messages = [];
  pushMessage = (message) => void this.messages.push(message);
  popMessage = () => void this.messages.pop();
  replaceMessage = (index, message) => void (this.messages[index] = message);
  snapshot = (thing) => structuredClone(thing);
}

class BenchChat extends AbstractChat {}

async function aiReader(stream) {
  let finished = null;
  const transport = new DefaultChatTransport({ api: 'http://bench.invalid/chat', fetch: async () => responseOf(stream.chunks) });
  const chat = new BenchChat({ transport, state: new PlainState(), onFinish: (finish) => void (finished = finish) });
  await chat.sendMessage({ text: 'Hello' });
  const parts = finished?.message.parts ?? [];
  let textLength = 0;
  let toolCalls = 0;
  for (const part of parts) {
    if (part.type === 'text') textLength += part.text.length;
    if (part.type.startsWith('tool-')) toolCalls += 1;
  }
  return { textLength, toolCalls };
}

async function timed(run, stream) {
  const start = process.hrtime.bigint();
  const found = await run(stream);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (found.textLength !== stream.textLength || found.toolCalls !== stream.toolCalls) throw new Error(`${run.name} read ${JSON.stringify(found)}, expected ${stream.textLength} chars and ${stream.toolCalls} calls`);
  return ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

for (const megabytes of quick ? [10] : [10, 50]) {
  const stream = streamOf(megabytes * 1_000_000);
  const ratios = [];
  const oursMs = [];
  const aiMs = [];
  for (let round = 0; round < rounds + 2; round += 1) {
    // Alternate who goes first, so neither always runs on a warmer heap.
    const first = round % 2 === 0;
    const a = first ? await timed(ours, stream) : await timed(aiReader, stream);
    const b = first ? await timed(aiReader, stream) : await timed(ours, stream);
    const [mine, theirs] = first ? [a, b] : [b, a];
    if (round < 2) continue;
    oursMs.push(mine);
    aiMs.push(theirs);
    ratios.push(theirs / mine);
  }
  const mb = stream.bytes / 1e6;
  console.log(`ui-message-stream ${megabytes} MB (${stream.chunks.length} chunks of 64 KiB), live:`);
  console.log(`  ours reconstructStream(Response)      ${(mb / (median(oursMs) / 1000)).toFixed(1)} MB/s (median of ${rounds})`);
  console.log(`  ai client reader (DefaultChatTransport) ${(mb / (median(aiMs) / 1000)).toFixed(1)} MB/s`);
  console.log(`  ours ÷ ai: ${median(ratios).toFixed(2)}× (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}), target ≥ 1.3×`);
}
