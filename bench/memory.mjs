// One contestant on one stream in a process of its own, so its peak memory is its own:
//   node --expose-gc bench/memory.mjs FILE STREAM CONTESTANT
// Prints one JSON line: peak RSS (the kernel's high-water mark for this process), the heap at its highest sample,
// and both before the contestant started (the stream's bytes, the modules).
import { readFileSync } from 'node:fs';
import { contestantsFor } from './contestants.mjs';
import { chunksOf, STREAMS } from './streams.mjs';

const [file, streamName, contestantId] = process.argv.slice(2);
const spec = STREAMS.find((stream) => stream.name === streamName);
const contestant = spec && contestantsFor(spec).find((entry) => entry.id === contestantId);
if (!file || !contestant) {
  console.error('usage: node --expose-gc bench/memory.mjs FILE STREAM CONTESTANT');
  process.exit(2);
}

const bytes = readFileSync(file);
const stream = { spec, bytes, chunks: chunksOf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
const MB = 1024 * 1024;

globalThis.gc?.();
const baseline = process.memoryUsage();
let peakHeap = baseline.heapUsed;
const sample = () => {
  const heap = process.memoryUsage().heapUsed;
  if (heap > peakHeap) peakHeap = heap;
};

const summary = await contestant.run(stream, 'chunks', sample);
sample();
console.log(
  JSON.stringify({
    stream: streamName,
    contestant: contestantId,
    baselineRssMB: baseline.rss / MB,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    baselineHeapMB: baseline.heapUsed / MB,
    peakHeapMB: peakHeap / MB,
    summary,
  }),
);
