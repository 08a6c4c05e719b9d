// A quick same-process A/B of two builds: reconstruct() of one bench stream, alternating the builds, and the median
// ratio of their speeds. For a rough check while working; the bench's --baseline run gives the figures.
//   node bench/ab.mjs BEFORE_DIST_DIR STREAM [megabytes] [mode: chunks|string|stream]
import v8 from 'node:v8';
import vm from 'node:vm';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { buildStream } from './streams.mjs';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const [beforeDir, name = 'chat-text', megabytes = '10', mode = 'chunks'] = process.argv.slice(2);
if (!beforeDir) throw new TypeError('usage: node bench/ab.mjs BEFORE_DIST_DIR STREAM [megabytes] [chunks|string|stream]');
const before = await import(pathToFileURL(resolve(beforeDir, 'index.js')).href);
const after = await import(new URL('../dist/index.js', import.meta.url).href);
const stream = buildStream(name, Number(megabytes));
const text = new TextDecoder().decode(stream.bytes);
const options = stream.spec.readerOptions ?? {};

function bodyOf(chunks) {
  let next = 0;
  return new ReadableStream({ pull: (controller) => (next < chunks.length ? controller.enqueue(chunks[next++]) : controller.close()) });
}

async function once(build) {
  gc();
  const start = performance.now();
  const result = mode === 'stream' ? await build.reconstructStream(bodyOf(stream.chunks), options) : build.reconstruct(mode === 'string' ? text : stream.chunks, options);
  if (result.frameCount !== stream.expected.frames) throw new Error(`read ${result.frameCount} frames, expected ${stream.expected.frames}`);
  return stream.bytes.length / 1e6 / ((performance.now() - start) / 1000);
}

const ratios = [];
const speeds = { before: [], after: [] };
for (let round = 0; round < 18; round += 1) {
  const first = round % 2 === 0 ? before : after;
  const a = await once(first);
  const b = await once(first === before ? after : before);
  const [old, now] = first === before ? [a, b] : [b, a];
  if (round < 3) continue;
  speeds.before.push(old);
  speeds.after.push(now);
  ratios.push(now / old);
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
console.log(`${name} ${megabytes} MB ${mode}: before ${median(speeds.before).toFixed(0)} MB/s, after ${median(speeds.after).toFixed(0)} MB/s, after/before median ${median(ratios).toFixed(2)}× (best ${(Math.max(...speeds.after) / Math.max(...speeds.before)).toFixed(2)}×)`);
