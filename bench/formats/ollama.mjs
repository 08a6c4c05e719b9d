// Ollama (NDJSON) in the bench: a long /api/chat answer, and the best existing reader of the format (issue 24):
// `JSON.parse` per line, as ollama-js reads a body (a streaming TextDecoder, split on "\n", JSON.parse each part),
// joining the text as a client does. bench/streams.mjs lists the stream; `npm run bench` times it against ours
// (paired, 64 KiB chunks), frames table on and off, and weighs its memory.
//   node bench/formats/ollama.mjs [--quick]: this format's rows alone (after `npx tsup`).
import { runAlone } from './alone.mjs';

const MODEL = 'llama3.2';

/** A chunk's time: Ollama writes one on every line, with nanoseconds. */
const timeOf = (line) => `2026-12-02T04:${String(Math.floor(line / 60_000_000) % 60).padStart(2, '0')}:${String(Math.floor(line / 1_000_000) % 60).padStart(2, '0')}.${String(line % 1_000_000).padStart(6, '0')}123Z`;

function ollamaText({ Writer, pieces }, targetBytes, random) {
  const out = new Writer(targetBytes);
  const next = pieces(random);
  let textLength = 0;
  let line = 0;
  while (!out.full) {
    const content = next();
    textLength += content.length;
    out.add(`${JSON.stringify({ model: MODEL, created_at: timeOf(line), message: { role: 'assistant', content }, done: false })}\n`);
    line += 1;
  }
  const counts = { total_duration: 5_043_500_667, load_duration: 5_025_959, prompt_eval_count: 26, prompt_eval_duration: 325_953_000, eval_count: line, eval_duration: 4_709_213_000 };
  out.add(`${JSON.stringify({ model: MODEL, created_at: timeOf(line), message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', ...counts })}\n`);
  return { out, expected: { textLength, toolCalls: 0 } };
}

/** The bench streams of this format (bench/streams.mjs lists them), made with its helpers. */
export function ollamaStreams(parts) {
  return [{ name: 'ollama-text', format: 'ollama', framing: 'ndjson', title: 'Ollama /api/chat text (NDJSON)', sdk: 'ollama-lines', peer: true, generate: (bytes, random) => ollamaText(parts, bytes, random) }];
}

/** JSON.parse per line, the text joined: the reading ollama-js does of a body. */
function perLine(stream, _input, sample) {
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  const read = (part) => {
    if (part === '') return;
    const value = JSON.parse(part);
    text += value.message?.content ?? '';
  };
  for (const chunk of stream.chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const part of parts) read(part);
    if (sample) sample();
  }
  buffer += decoder.decode();
  for (const part of buffer.split('\n')) read(part);
  return { textLength: text.length, toolCalls: 0 };
}

/** Its reader, as bench/contestants.mjs lists the SDK readers. */
export const OLLAMA_READERS = { 'ollama-lines': { label: 'JSON.parse per line (ollama-js)', run: perLine } };

if (import.meta.url === `file://${process.argv[1]}`) await runAlone(['ollama-text']);
