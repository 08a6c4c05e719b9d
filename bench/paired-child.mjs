// The contestants of one or more ratios, timed in paired rounds in one process (bench/paired.mjs says why):
//   node --expose-gc bench/paired-child.mjs STREAM MEGABYTES INPUT ROUNDS WARMUPS FILE WARMUP_FILE|- BASELINE|- ID...
// ID is a contestant of contestants.mjs, or `before-ID` for the same contestant calling BASELINE (a dist/index.js
// URL). FILE holds the stream's bytes (as run.mjs wrote them); larger streams warm up on WARMUP_FILE (10 MB).
// Prints one JSON line: { runs: { ID: { mbps: [...], cpuMbps: [...] } }, found: { ID: what its last run found } }.
import { readFileSync } from 'node:fs';
import { contestantsFor, payloadsOf } from './contestants.mjs';
import { gcFunction, timeRounds } from './paired.mjs';
import { chunksOf, STREAMS } from './streams.mjs';

const [streamName, megabytesArg, input, roundsArg, warmupsArg, file, warmupFile, baseline, ...ids] = process.argv.slice(2);
const spec = STREAMS.find((stream) => stream.name === streamName);
const BEFORE = 'before-';
if (!spec || !file || ids.length === 0 || !(Number(roundsArg) >= 1)) {
  console.error('usage: node --expose-gc bench/paired-child.mjs STREAM MEGABYTES INPUT ROUNDS WARMUPS FILE WARMUP_FILE|- BASELINE|- ID...');
  process.exit(2);
}

/** The stream as speed-child.mjs loads it: bytes, 64 KiB chunks, and the text only for who reads a string. */
function loadStream(path) {
  const read = readFileSync(path);
  const bytes = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
  const stream = { spec, bytes, chunks: chunksOf(bytes) };
  if (input !== 'chunks') stream.text = new TextDecoder().decode(bytes);
  if (input === 'payloads') Object.assign(stream, payloadsOf(stream.text));
  return stream;
}

const gc = gcFunction();
const ours = contestantsFor(spec);
const before = baseline === '-' ? null : contestantsFor(spec, await import(baseline));
const stream = loadStream(file);
const warmStream = warmupFile === '-' ? stream : loadStream(warmupFile);
const contestants = ids.map((id) => {
  const list = id.startsWith(BEFORE) ? before : ours;
  const contestant = list?.find((entry) => entry.id === (id.startsWith(BEFORE) ? id.slice(BEFORE.length) : id));
  if (!contestant || !contestant.inputs.includes(input)) throw new TypeError(`no contestant ${id} reading ${input}${list ? '' : ' (pass a baseline)'}`);
  return { id, run: () => contestant.run(stream, input), warm: () => contestant.run(warmStream, input) };
});
const { runs, found } = await timeRounds(contestants, { rounds: Number(roundsArg), warmups: Number(warmupsArg), bytes: stream.bytes.length, gc });
console.log(JSON.stringify({ runs, found }));
