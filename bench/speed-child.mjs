// One contestant on one stream and one input, timed in a process of its own, as a user's process runs one library:
//   node --expose-gc bench/speed-child.mjs STREAM MEGABYTES CONTESTANT INPUT REPS [FILE [WARMUP_FILE]]
// No other contestant has run here, so the JIT's type feedback for the shared functions of the package and the heap
// are this contestant's alone. One untimed warm-up run, then REPS timed runs, each after a full GC. FILE: the
// stream's bytes as run.mjs wrote them (the same bytes buildStream gives, without rebuilding 100 MB per child).
// The warm-up reads the same stream at 10 MB (WARMUP_FILE) when MEGABYTES is larger: same frames and code paths,
// and the JIT is warm long before 10 MB, where a 100 MB warm-up would add minutes to the full bench.
// Prints one JSON line: { mbps (best run), runs (MB/s of every timed run), found (what the best run found) }.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { contestantsFor, payloadsOf } from './contestants.mjs';
import { buildStream, chunksOf, STREAMS } from './streams.mjs';

const [streamName, megabytesArg, contestantId, input, repsArg, file, warmupFile] = process.argv.slice(2);
const WARMUP_MEGABYTES = 10;
const spec = STREAMS.find((stream) => stream.name === streamName);
const contestant = spec && contestantsFor(spec).find((entry) => entry.id === contestantId);
const reps = Number(repsArg);
if (!contestant || !contestant.inputs.includes(input) || !(Number(megabytesArg) > 0) || !(reps >= 1)) {
  console.error('usage: node --expose-gc bench/speed-child.mjs STREAM MEGABYTES CONTESTANT INPUT REPS [FILE [WARMUP_FILE]]');
  process.exit(2);
}

/** The stream as run.mjs's in-process mode feeds it: bytes, 64 KiB chunks, text; payloads only for who reads them. */
function loadStream(megabytes, path) {
  let bytes;
  if (path) {
    const read = readFileSync(path);
    bytes = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
  } else {
    bytes = buildStream(streamName, megabytes).bytes;
  }
  const stream = { spec, megabytes, bytes, chunks: chunksOf(bytes) };
  if (input !== 'chunks') stream.text = new TextDecoder().decode(bytes);
  // The payloads (a string per frame) would sit in the heap of every other contestant and slow its major GCs.
  if (input === 'payloads') Object.assign(stream, payloadsOf(stream.text));
  return stream;
}

/** `--expose-gc` gives `gc`; without the flag (run by hand), switch it on the way run.mjs does. */
function gcFunction() {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc');
}

const megabytes = Number(megabytesArg);
const gc = gcFunction();
if (megabytes > WARMUP_MEGABYTES) await contestant.run(loadStream(WARMUP_MEGABYTES, warmupFile), input);
const stream = loadStream(megabytes, file);
if (megabytes <= WARMUP_MEGABYTES) await contestant.run(stream, input);
let best = null;
const runs = [];
for (let rep = 0; rep < reps; rep += 1) {
  gc();
  const start = performance.now();
  const found = await contestant.run(stream, input);
  const seconds = (performance.now() - start) / 1000;
  const mbps = stream.bytes.length / 1e6 / seconds;
  runs.push(mbps);
  if (!best || mbps > best.mbps) best = { mbps, found };
}
console.log(JSON.stringify({ mbps: best.mbps, runs, found: best.found }));
