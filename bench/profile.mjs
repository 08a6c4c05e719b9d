// Where the time goes: profiles one contestant on one generated stream (the inspector's CPU profiler) and prints the
// functions with the most self time, and the heaviest call paths into them.
//   node bench/profile.mjs STREAM CONTESTANT [MB] [INPUT]     e.g.  node bench/profile.mjs chat-text ours-reconstruct 10 chunks
import { Session } from 'node:inspector/promises';
import { basename } from 'node:path';
import { contestantsFor, payloadsOf } from './contestants.mjs';
import { buildStream } from './streams.mjs';

const [streamName = 'chat-text', contestantId = 'ours-reconstruct', megabytes = '10', input = 'chunks'] = process.argv.slice(2);
const stream = buildStream(streamName, Number(megabytes));
stream.text = new TextDecoder().decode(stream.bytes);
Object.assign(stream, payloadsOf(stream.text));
const contestant = contestantsFor(stream.spec).find((entry) => entry.id === contestantId);
if (!contestant) throw new Error(`no contestant ${contestantId}`);

// One warm-up run outside the profile, then three runs in it: only the contestant's own work is sampled.
await contestant.run(stream, input);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const started = performance.now();
for (let run = 0; run < 3; run += 1) await contestant.run(stream, input);
const wallMs = performance.now() - started;
const { profile } = await session.post('Profiler.stop');
console.log(`three runs: ${wallMs.toFixed(0)} ms, ${((3 * stream.bytes.length) / 1e6 / (wallMs / 1000)).toFixed(1)} MB/s`);
summarise(profile);

/** Self time per function, then the call paths (three frames up) that carry the most self time. */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMs = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i] ?? 0) / 1000));
  const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
  const name = (node) => {
    const frame = node.callFrame;
    return `${frame.functionName || '(anonymous)'} ${frame.url ? `${basename(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
  };
  const perFunction = new Map();
  const perPath = new Map();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id);
    perFunction.set(name(node), (perFunction.get(name(node)) ?? 0) + ms);
    const path = [name(node)];
    for (let up = parent.get(id), depth = 0; up !== undefined && depth < 3; up = parent.get(up), depth += 1) path.push(name(byId.get(up)));
    const key = path.join(' ← ');
    perPath.set(key, (perPath.get(key) ?? 0) + ms);
  }
  const top = (map, count) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`\n${streamName} · ${contestantId} · ${megabytes} MB · ${input} · ${total.toFixed(0)} ms sampled\n\nself time by function`);
  for (const [fn, ms] of top(perFunction, 25)) console.log(`  ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
  console.log('\nheaviest paths (self ← caller ← …)');
  for (const [path, ms] of top(perPath, 15)) console.log(`  ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${path}`);
}
