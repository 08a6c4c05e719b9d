// The AI SDK UI message stream in the bench: a message of text deltas with a tool call every 200 deltas (its input
// streamed in pieces), and the best existing reader of it (issue 24): the `ai` package's own client reader on the
// same bytes (a Chat with DefaultChatTransport: parseJsonEventStream with uiMessageChunkSchema, then
// processUIMessageStream, as `useChat` reads it; its state keeps the message without the per-update copy a UI
// framework makes). bench/streams.mjs lists the stream; `npm run bench` times it against ours (paired, 64 KiB
// chunks) and weighs its memory.
//   node bench/formats/ui-message-stream.mjs [--quick]: this format's rows alone (after `npx tsup`).
import { AbstractChat, DefaultChatTransport } from 'ai';
import { runAlone } from './alone.mjs';

const WORDS = ['the', 'stream', 'of', 'a', 'model', 'answer', 'héllo', 'wörld', 'gateway', 'reads'];

function uiText({ Writer, SSE }, targetBytes) {
  const out = new Writer(targetBytes);
  let textLength = 0;
  let toolCalls = 0;
  out.add(SSE({ type: 'start', messageId: 'msg_bench' }));
  out.add(SSE({ type: 'start-step' }));
  for (let n = 0; !out.full; n += 1) {
    const id = `txt_${n}`;
    out.add(SSE({ type: 'text-start', id }));
    for (let i = 0; i < 200 && !out.full; i += 1) {
      const delta = `${WORDS[(n + i) % WORDS.length]} `;
      textLength += delta.length;
      out.add(SSE({ type: 'text-delta', id, delta }));
    }
    out.add(SSE({ type: 'text-end', id }));
    const toolCallId = `call_${n}`;
    out.add(SSE({ type: 'tool-input-start', toolCallId, toolName: 'search' }));
    for (const inputTextDelta of ['{"query":', '"weather in ', `city ${n}"`, ',"limit":5}']) out.add(SSE({ type: 'tool-input-delta', toolCallId, inputTextDelta }));
    out.add(SSE({ type: 'tool-input-available', toolCallId, toolName: 'search', input: { query: `weather in city ${n}`, limit: 5 } }));
    toolCalls += 1;
  }
  out.add(SSE({ type: 'finish-step' }));
  out.add(SSE({ type: 'finish', finishReason: 'tool-calls' }));
  out.add('data: [DONE]\n\n');
  return { out, expected: { textLength, toolCalls } };
}

/** The bench streams of this format (bench/streams.mjs lists them), made with its helpers. */
export function uiMessageStreams(parts) {
  return [{ name: 'ui-message-stream', format: 'ui-message-stream', title: 'AI SDK UI message stream', sdk: 'ai-ui', peer: true, generate: (bytes) => uiText(parts, bytes) }];
}

function responseOf(stream, sample) {
  let next = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (sample) sample();
      const chunk = stream.chunks[next++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } });
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

async function aiReader(stream, _input, sample) {
  let finished = null;
  const transport = new DefaultChatTransport({ api: 'http://bench.invalid/chat', fetch: async () => responseOf(stream, sample) });
  const chat = new BenchChat({ transport, state: new PlainState(), onFinish: (finish) => void (finished = finish) });
  await chat.sendMessage({ text: 'Hello' });
  let textLength = 0;
  let toolCalls = 0;
  for (const part of finished?.message.parts ?? []) {
    if (part.type === 'text') textLength += part.text.length;
    if (part.type.startsWith('tool-')) toolCalls += 1;
  }
  return { textLength, toolCalls };
}

/** Its reader, as bench/contestants.mjs lists the SDK readers. */
export const UI_MESSAGE_STREAM_READERS = { 'ai-ui': { label: 'ai client reader (DefaultChatTransport)', run: aiReader } };

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(['ui-message-stream']);
