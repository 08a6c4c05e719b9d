// Ollama (NDJSON) read live from 64 KiB chunks: our reconstruction against the best existing reader of the format,
// `JSON.parse` per line (ollama-js's own parse: a streaming TextDecoder, split on "\n", JSON.parse each part), joining
// the text as a client does. Same bytes for both; medians of alternating runs. Run: node bench/formats/ollama.mjs
// [--quick] after `npx tsup` (it reads the built package, as users get it).
import { performance } from 'node:perf_hooks';

const ours = await import('../../dist/index.js');
const quick = process.argv.includes('--quick');
const CHUNK = 64 * 1024;

/** An Ollama /api/chat stream of `pieces` content chunks (a few words each), then the `done` chunk. */
function streamOf(pieces) {
  const lines = [];
  for (let i = 0; i < pieces; i += 1) {
    lines.push(JSON.stringify({ model: 'llama3.2', created_at: `2026-12-02T04:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(9, '0')}Z`, message: { role: 'assistant', content: ` word${i % 97} and more` }, done: false }));
  }
  lines.push(JSON.stringify({ model: 'llama3.2', created_at: '2026-12-02T04:01:00Z', message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', total_duration: 1, load_duration: 1, prompt_eval_count: 26, prompt_eval_duration: 1, eval_count: pieces, eval_duration: 1 }));
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

function chunksOf(bytes) {
  const chunks = [];
  for (let at = 0; at < bytes.length; at += CHUNK) chunks.push(bytes.subarray(at, at + CHUNK));
  return chunks;
}

/** The existing reader: JSON.parse per line, the text joined. */
function perLine(chunks) {
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let done = false;
  const read = (part) => {
    if (part === '') return;
    const value = JSON.parse(part);
    text += value.message?.content ?? '';
    if (value.done) done = true;
  };
  for (const chunk of chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const part of parts) read(part);
  }
  buffer += decoder.decode();
  for (const part of buffer.split('\n')) read(part);
  return { length: text.length, done };
}

/** Ours: a live session fed the same chunks (frames table off, as a relay check reads). */
function reconstructLive(chunks) {
  const session = ours.createReconstruction({ format: 'ollama', frames: false });
  for (const chunk of chunks) session.push(chunk);
  const result = session.end();
  return { length: result.choices[0]?.text.length ?? 0, done: result.verdict === 'complete' };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const bytes = streamOf(quick ? 50_000 : 300_000);
const chunks = chunksOf(bytes);
const check = [perLine(chunks), reconstructLive(chunks)];
if (check[0].length !== check[1].length || !check[0].done || !check[1].done) throw new Error(`the readers disagree: ${JSON.stringify(check)}`);
const runs = quick ? 7 : 15;
const times = { perLine: [], ours: [] };
for (let i = 0; i < runs; i += 1) {
  for (const [name, reader] of i % 2 === 0 ? [['perLine', perLine], ['ours', reconstructLive]] : [['ours', reconstructLive], ['perLine', perLine]]) {
    const start = performance.now();
    reader(chunks);
    times[name].push(performance.now() - start);
  }
}
const mb = bytes.length / 1e6;
const line = (name, ms) => `${name.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms  ${(mb / (ms / 1000)).toFixed(1).padStart(7)} MB/s`;
console.log(`ollama NDJSON, ${mb.toFixed(1)} MB in 64 KiB chunks, median of ${runs}`);
console.log(line('JSON.parse per line (ollama-js)', median(times.perLine)));
console.log(line('sse-reconstruct (format: ollama)', median(times.ours)));
console.log(`ratio (ours / JSON.parse per line): ${(median(times.perLine) / median(times.ours)).toFixed(2)}×`);
