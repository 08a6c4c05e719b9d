// One contestant on one stream in a process of its own, so its peak memory is its own:
//   node --expose-gc bench/memory.mjs FILE STREAM CONTESTANT
// Prints one JSON line: peak RSS (the kernel's high-water mark for this process), the heap at its highest sample,
// and both before the contestant started (the stream's bytes, the modules); for our reconstructions, what the finished
// result holds (see heldBy).
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

const run = await runAndWeigh();
globalThis.gc();
// Over the baseline taken before the run. Weighed against the heap just after the result was dropped instead, 3.1
// of the 10 MB Gemini stream's 4.4 MiB stayed alive (code compiled for the run, and whatever else it left), and the
// difference (1.3) came out under its answer alone (3.3): that undercounted. This counts the run's code as held.
const held = run.heapWithResult === null ? null : { totalMB: (run.heapWithResult - (baseline.heapUsed + baseline.arrayBuffers)) / MB, ...run.parts };
console.log(
  JSON.stringify({
    stream: streamName,
    contestant: contestantId,
    baselineRssMB: baseline.rss / MB,
    peakRssMB: run.peakRssMB,
    baselineHeapMB: baseline.heapUsed / MB,
    peakHeapMB: peakHeap / MB,
    ...(held ? { held } : {}),
    summary: run.fields,
  }),
);

/** The heap and the ArrayBuffers' bytes (a frames log keeps byte chunks outside the heap). */
function heldMemory() {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/**
 * Runs the contestant; for our reconstructions, also weighs what the finished result holds (issue #16's memory
 * term): the heap and ArrayBuffers after a full GC while it is alive (over the baseline before the run), and its
 * parts by size: the answer's text and each tool call's
 * arguments (2 bytes a character once any is past Latin-1, as V8 stores them) and parsed input; the rest is the
 * frames log and the assembly's bookkeeping.
 */
async function runAndWeigh() {
  const found = await contestant.run(stream, 'chunks', sample);
  sample();
  const peakRssMB = process.resourceUsage().maxRSS / 1024;
  const fields = { ...found };
  if (!found.result) return { peakRssMB, fields, heapWithResult: null };
  const width = (text) => (/[^\u0000-\u00ff]/.test(text) ? 2 : 1);
  let answer = 0;
  let toolInputs = 0;
  for (const choice of found.result.choices) {
    answer += choice.text.length * width(choice.text);
    for (const call of choice.toolCalls) {
      toolInputs += call.arguments.length * width(call.arguments);
      if (call.input !== undefined) toolInputs += JSON.stringify(call.input).length * width(call.arguments);
    }
  }
  globalThis.gc();
  return { peakRssMB, fields, heapWithResult: heldMemory(), parts: { answerMB: answer / MB, toolInputsMB: toolInputs / MB } };
}
