// The fault server's speed: a 100 MB capture served on loopback to a plain fetch reader, against a bare node:http
// server writing the same bytes 64 KiB at a time, in the same run; and what a fault costs (speed, and memory: a fault
// must add no copy of the whole stream).
//   node bench/server.mjs [--quick] [--rounds=N]      (after `npm run build`; or `npm run bench -- --only=server`)
// The reader runs in a child process, so the server process's memory is the server's own.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildStream, CHUNK_BYTES } from './streams.mjs';

const TARGET = 0.8;
const self = fileURLToPath(import.meta.url);

/** The reader: fetch the URL, read the body to its end, print bytes and MB/s as JSON. */
async function reader(url) {
  const started = performance.now();
  const response = await fetch(url);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${JSON.stringify({ bytes, mbps: bytes / 1e6 / seconds })}\n`);
}

function bareServer(bytes) {
  const server = createServer(async (request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
      if (!response.write(bytes.subarray(at, at + CHUNK_BYTES))) await new Promise((resolve) => response.once('drain', resolve));
    }
    response.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => server.close(done)) })));
}

/** Runs the reader child against a URL while sampling this process's memory; its MB/s and the peak growth. */
function read(url) {
  const base = process.memoryUsage();
  let peakArrayBuffers = base.arrayBuffers;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 5);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, '--reader', url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (data) => (out += data));
    child.on('close', (code) => {
      clearInterval(sampler);
      if (code !== 0) return reject(new Error(`the reader exited with ${code}`));
      const result = JSON.parse(out.trim());
      resolve({ ...result, grownMiB: Math.max(peakArrayBuffers - base.arrayBuffers, peakHeap - base.heapUsed) / 2 ** 20 });
    });
  });
}

async function main(args) {
  const quick = args.includes('--quick');
  const rounds = Number(args.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 3);
  const megabytes = quick ? 10 : 100;
  const { serveStream } = await import('../dist/server.js');
  const { bytes } = buildStream('chat-text', megabytes);
  const contestants = [
    { name: 'bare node:http, 64 KiB writes', start: () => bareServer(bytes) },
    { name: 'serveStream(capture)', start: () => serveStream(bytes) },
    { name: 'serveStream, stall after 3 frames (5 ms)', start: () => serveStream(bytes, { stall: { afterFrames: 3, ms: 5 } }) },
    { name: 'serveStream, destroy 1 KB before the end', start: () => serveStream(bytes, { destroy: { afterBytes: bytes.length - 1000, how: 'end' } }), fault: true },
    // The worst case of a frame fault: it counts every frame of the stream, and never fires. Shown, not held to the target.
    { name: 'serveStream, destroy after frame 2^53 (counts all)', start: () => serveStream(bytes, { destroy: { afterFrames: Number.MAX_SAFE_INTEGER, how: 'end' } }), informative: true },
  ];
  console.log(`── Fault server · ${megabytes} MB chat-text capture · loopback · fetch reader in a child process · best of ${rounds} · node ${process.version} · ${cpus().length} CPUs · load ${loadavg()[0].toFixed(1)}`);
  const best = new Map();
  for (let round = 0; round < rounds; round += 1) {
    for (const contestant of contestants) {
      const server = await contestant.start();
      const result = await read(server.url);
      await server.close();
      const previous = best.get(contestant.name);
      if (!previous || result.mbps > previous.mbps) best.set(contestant.name, { ...result, grownMiB: Math.max(result.grownMiB, previous?.grownMiB ?? 0) });
      else previous.grownMiB = Math.max(previous.grownMiB, result.grownMiB);
    }
  }
  const bare = best.get(contestants[0].name).mbps;
  let missed = 0;
  for (const contestant of contestants) {
    const result = best.get(contestant.name);
    const ratio = result.mbps / bare;
    const expectedBytes = contestant.fault ? bytes.length - 1000 : bytes.length;
    const wrong = result.bytes !== expectedBytes ? `  WRONG: read ${result.bytes} bytes, not ${expectedBytes}` : '';
    const check = contestant === contestants[0] || contestant.informative ? '' : ratio >= TARGET ? `  ok (≥ ${TARGET}×)` : `  MISS (< ${TARGET}×)`;
    if (check.includes('MISS') || wrong) missed += 1;
    console.log(`${contestant.name.padEnd(50)} ${result.mbps.toFixed(0).padStart(6)} MB/s  ${ratio.toFixed(2)}×  server memory grew ≤ ${result.grownMiB.toFixed(1)} MiB${check}${wrong}`);
  }
  const copies = [...best.values()].filter((result) => result.grownMiB > megabytes * 0.5);
  if (copies.length > 0) {
    missed += 1;
    console.log(`MISS: a contestant's memory grew by half the stream or more: a copy of the whole stream`);
  }
  if (loadavg()[0] > cpus().length * 0.75) console.log(`WARNING: load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs: other processes share the machine; figures are noisy.`);
  return missed;
}

if (process.argv[2] === '--reader') await reader(process.argv[3]);
else process.exitCode = (await main(process.argv.slice(2))) > 0 ? 1 : 0;
