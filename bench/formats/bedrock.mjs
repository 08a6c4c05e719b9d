// Bedrock ConverseStream, read live from 64 KiB chunks: `reconstruct` (framing, assembly, findings, answer) against
// the best existing reader of the same bytes, @smithy/eventstream-codec (the AWS SDK's) splitting and checking the
// messages plus JSON.parse of each payload. Run alone: `node bench/formats/bedrock.mjs [--quick]` (after `npx tsup`),
// or `npx tsx bench/formats/bedrock.mjs --src` to read the sources. Prints medians.
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

const quick = process.argv.includes('--quick');
const fromSource = process.argv.includes('--src');
const pkg = fromSource ? await import('../../src/index.ts') : await import('../../dist/index.js');
const { synthesizeBytes } = fromSource ? await import('../../src/core/formats/bedrock/synthesize.ts') : { synthesizeBytes: null };

/** A long answer: text in small deltas, a tool call, usage: about 4 MiB of messages (1 MiB with --quick). */
function streamBytes() {
  const words = 'the quick brown fox jumps over the lazy dog while the relay copies every frame '.repeat(quick ? 800 : 3200);
  const response = {
    output: { message: { role: 'assistant', content: [{ text: words }, { toolUse: { toolUseId: 't1', name: 'lookup', input: { q: 'x'.repeat(2000) } } }] } },
    stopReason: 'tool_use',
    usage: { inputTokens: 100, outputTokens: 9000, totalTokens: 9100 },
    metrics: { latencyMs: 1 },
  };
  return synthesizeBytes(response, { pieceSize: 6 });
}

const bytes = streamBytes();
const CHUNK = 64 * 1024;
const chunks = Array.from({ length: Math.ceil(bytes.length / CHUNK) }, (_, i) => bytes.slice(i * CHUNK, i * CHUNK + CHUNK));

function ours() {
  const result = pkg.reconstruct(chunks);
  return result.choices[0].text.length;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);
/** The SDK's way: hold bytes until a message is whole (its total length), decode it (both checksums), parse JSON. */
function theirs() {
  let held = new Uint8Array(0);
  let text = 0;
  for (const chunk of chunks) {
    const joined = new Uint8Array(held.length + chunk.length);
    joined.set(held);
    joined.set(chunk, held.length);
    let at = 0;
    while (joined.length - at >= 4) {
      const total = new DataView(joined.buffer, at).getUint32(0, false);
      if (joined.length - at < total) break;
      const message = codec.decode(joined.subarray(at, at + total));
      const event = JSON.parse(toUtf8(message.body));
      if (event.delta && typeof event.delta.text === 'string') text += event.delta.text.length;
      at += total;
    }
    held = joined.slice(at);
  }
  return text;
}

function median(fn, runs) {
  const times = [];
  let check = 0;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    check = fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], check };
}

const runs = quick ? 7 : 15;
median(ours, 2);
median(theirs, 2);
const a = median(ours, runs);
const b = median(theirs, runs);
if (a.check !== b.check) throw new Error(`the readers disagree on the text: ${a.check} vs ${b.check}`);
const mib = bytes.length / 1024 / 1024;
console.log(`bedrock ConverseStream, ${mib.toFixed(2)} MiB in ${chunks.length} chunks of 64 KiB, median of ${runs}:`);
console.log(`  sse-reconstruct reconstruct(): ${a.ms.toFixed(1)} ms (${(mib / (a.ms / 1000)).toFixed(1)} MiB/s)`);
console.log(`  @smithy/eventstream-codec + JSON.parse: ${b.ms.toFixed(1)} ms (${(mib / (b.ms / 1000)).toFixed(1)} MiB/s)`);
console.log(`  ratio (theirs / ours): ${(b.ms / a.ms).toFixed(2)}×`);
