// Cohere v2 chat streams for the bench, and the best existing reader of them (issue 24): eventsource-parser plus
// JSON.parse, building the text and the tool calls by index as a client does. Frame shapes copy the recorded
// streams in test/vectors/cohere (langchain-cohere cassettes): `event:` and `type`, `message-end`, `data: [DONE]`.
import { createParser } from 'eventsource-parser';

const NAMED = (payload) => `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`;
const USAGE = { billed_units: { input_tokens: 23, output_tokens: 41 }, tokens: { input_tokens: 906, output_tokens: 77 } };

function start(out) {
  out.add(NAMED({ id: '35c028fc-0223-47b6-8fae-ebd3255e9a63', type: 'message-start', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } }));
}

function end(out, reason) {
  out.add(NAMED({ type: 'message-end', delta: { finish_reason: reason, usage: USAGE } }));
  out.add('data: [DONE]\n\n');
}

function cohereText({ Writer, pieces }, targetBytes, random) {
  const out = new Writer(targetBytes);
  const next = pieces(random);
  let text = '';
  start(out);
  out.add(NAMED({ type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } }));
  while (!out.full) {
    const piece = next();
    text += piece;
    out.add(NAMED({ type: 'content-delta', index: 0, delta: { message: { content: { text: piece } } } }));
  }
  out.add(NAMED({ type: 'content-end', index: 0 }));
  end(out, 'COMPLETE');
  return { out, expected: { textLength: text.length, toolCalls: 0 } };
}

function cohereTools({ Writer, fragments, argumentsFor }, targetBytes, random) {
  const out = new Writer(targetBytes);
  start(out);
  for (const piece of ['I will', ' write', ' the files.']) out.add(NAMED({ type: 'tool-plan-delta', delta: { message: { tool_plan: piece } } }));
  let call = 0;
  while (!out.full) {
    const args = argumentsFor(call, random, 2_000 + Math.floor(random() * 18_000));
    out.add(NAMED({ type: 'tool-call-start', index: call, delta: { message: { tool_calls: { id: `write_file_${String(call).padStart(12, 'x')}`, type: 'function', function: { name: 'write_file', arguments: '' } } } } }));
    for (const piece of fragments(args, random)) out.add(NAMED({ type: 'tool-call-delta', index: call, delta: { message: { tool_calls: { function: { arguments: piece } } } } }));
    out.add(NAMED({ type: 'tool-call-end', index: call }));
    call += 1;
  }
  end(out, 'TOOL_CALL');
  return { out, expected: { textLength: 0, toolCalls: call } };
}

/** The streams, as bench/streams.mjs lists them, made with its helpers (the Writer, token pieces, tool arguments). */
export function cohereStreams(parts) {
  return [
    { name: 'cohere-text', format: 'cohere', title: 'Cohere v2 text', sdk: 'cohere-es', peer: true, generate: (bytes, random) => cohereText(parts, bytes, random) },
    { name: 'cohere-tools', format: 'cohere', title: 'Cohere v2 tool calls', sdk: 'cohere-es', peer: true, generate: (bytes, random) => cohereTools(parts, bytes, random) },
  ];
}

/** eventsource-parser + JSON.parse, read live from the 64 KiB chunks: text, and tool calls with their arguments parsed. */
async function esCohere(stream, _input, sample) {
  const utf8 = new TextDecoder();
  let text = '';
  const calls = new Map();
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      const value = JSON.parse(event.data);
      const message = value.delta?.message;
      if (value.type === 'content-delta') text += message?.content?.text ?? '';
      else if (value.type === 'tool-call-start') calls.set(value.index, { id: message.tool_calls.id, name: message.tool_calls.function.name, args: message.tool_calls.function.arguments ?? '' });
      else if (value.type === 'tool-call-delta') calls.get(value.index).args += message.tool_calls.function.arguments;
      else if (value.type === 'tool-call-end') {
        const call = calls.get(value.index);
        call.input = JSON.parse(call.args);
      }
    },
  });
  for (const chunk of stream.chunks) {
    parser.feed(utf8.decode(chunk, { stream: true }));
    if (sample) sample();
  }
  parser.feed(utf8.decode());
  return { textLength: text.length, toolCalls: calls.size };
}

/** The readers, as bench/contestants.mjs lists its SDKs. */
export const COHERE_READERS = {
  'cohere-es': { label: 'eventsource-parser + JSON.parse (Cohere answer)', run: esCohere },
};
