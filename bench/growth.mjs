// Growth rows: inputs that once grew faster than the input (issue 13). Each row is measured at n and 8n, every run
// in a fresh child process, and printed with the exponent of time and memory (log(8n figure / n figure) / log 8):
// 1 is linear, and the target is at most 1.1.
//   node bench/growth.mjs [--quick] [--only=garbage-small,garbage-large,responses-items,responses-ids]   (after the build)
// Also run from `node bench/run.mjs --growth`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const TARGET_EXPONENT = 1.1;
const here = fileURLToPath(import.meta.url);

/** `not json` frames: a million small ones, and 100 MB of 60 KB ones (at 8n). */
function garbage(count, size) {
  const frame = `data: ${'not json '.repeat(Math.ceil(size / 9)).slice(0, size)}\n\n`;
  return frame.repeat(count);
}

/** A Responses stream of `count` message items, each with one long delta frame and the done events repeating it. */
function responsesItems(count, textLength = 17_000) {
  const frames = [];
  let sequence = 0;
  const event = (payload) => frames.push(`event: ${payload.type}\ndata: ${JSON.stringify({ ...payload, sequence_number: sequence++ })}\n\n`);
  const response = (status, output) => ({ id: 'resp_1', object: 'response', status, output, usage: status === 'completed' ? { input_tokens: 1, output_tokens: count, total_tokens: count + 1 } : null });
  event({ type: 'response.created', response: response('in_progress', []) });
  const items = [];
  let seed = 7;
  const letter = () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2147483648) % 26));
  for (let index = 0; index < count; index += 1) {
    const id = `msg_${index}`;
    let text = '';
    while (text.length < textLength) text += `${letter()}${letter()}${letter()} `;
    const part = { type: 'output_text', annotations: [], text };
    const where = { item_id: id, output_index: index, content_index: 0 };
    event({ type: 'response.output_item.added', output_index: index, item: { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
    event({ type: 'response.content_part.added', ...where, part: { ...part, text: '' } });
    event({ type: 'response.output_text.delta', ...where, delta: text });
    event({ type: 'response.output_text.done', ...where, text });
    event({ type: 'response.content_part.done', ...where, part });
    const item = { id, type: 'message', status: 'completed', role: 'assistant', content: [part] };
    event({ type: 'response.output_item.done', output_index: index, item });
    items.push(item);
  }
  event({ type: 'response.completed', response: response('completed', items) });
  return frames.join('');
}

/** A Responses stream of `count` function calls whose argument deltas name their item by `item_id` only. */
function responsesById(count) {
  const frames = [];
  const event = (payload) => frames.push(`event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`);
  event({ type: 'response.created', response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] } });
  for (let index = 0; index < count; index += 1) {
    const item = { id: `fc_${index}`, type: 'function_call', name: 'lookup', call_id: `call_${index}`, arguments: '' };
    event({ type: 'response.output_item.added', output_index: index, item });
    for (const delta of ['{"q":', `${index}`, '}']) event({ type: 'response.function_call_arguments.delta', item_id: item.id, delta });
    event({ type: 'response.output_item.done', output_index: index, item: { ...item, arguments: `{"q":${index}}` } });
  }
  event({ type: 'response.completed', response: { id: 'resp_1', object: 'response', status: 'completed' } });
  return frames.join('');
}

const ROWS = [
  { name: 'garbage-small', title: '`not json` small frames', unit: 'frames', n: 125_000, make: (n) => garbage(n, 8), options: {} },
  { name: 'garbage-large', title: '`not json` 60 KB frames', unit: 'frames', n: 208, make: (n) => garbage(n, 60_000), options: {} },
  { name: 'responses-items', title: 'Responses, many items, long frames', unit: 'items', n: 40, make: (n) => responsesItems(n), options: { maxHeldChars: Infinity } },
  { name: 'responses-ids', title: 'Responses, many items named by item_id only', unit: 'items', n: 4000, make: (n) => responsesById(n), options: {} },
];

/** In the child: builds the input, reads it once, and prints time and the memory the result holds. */
async function child(name, n) {
  const { reconstruct } = await import('../dist/index.js');
  const row = ROWS.find((r) => r.name === name);
  const input = row.make(n);
  // Made by repeat() and join(), the input may be a rope: reading it flattens it into a new string, which would be
  // counted as held by the result. Flatten it first.
  input.indexOf('\u0001');
  globalThis.gc();
  const before = process.memoryUsage();
  const start = performance.now();
  let result = reconstruct(input, row.options);
  const ms = performance.now() - start;
  globalThis.gc();
  const after = process.memoryUsage();
  const held = after.heapUsed + after.external + after.arrayBuffers - (before.heapUsed + before.external + before.arrayBuffers);
  const rssGrowth = process.resourceUsage().maxRSS * 1024 - before.rss;
  const size = JSON.stringify({ ...result, frames: [] }).length;
  console.log(JSON.stringify({ ms, held, rssGrowth, bytes: input.length, frames: result.frameCount, size, verdict: result.verdict }));
  result = null;
}

function runChild(name, n) {
  const out = spawnSync(process.execPath, ['--expose-gc', here, '--child', name, String(n)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (out.status !== 0) throw new Error(`growth child ${name} ${n} failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split('\n').pop());
}

const exponent = (small, large) => Math.log(Math.max(large, 1) / Math.max(small, 1)) / Math.log(8);
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--child') return child(args[1], Number(args[2]));
  const only = args.find((arg) => arg.startsWith('--only='))?.slice(7).split(',') ?? null;
  const reps = args.includes('--quick') ? 1 : 3;
  console.log(`\n── Growth: each row at n and 8n, best of ${reps} fresh processes; exponent = log(8n / n) / log 8, target ≤ ${TARGET_EXPONENT}`);
  let missed = 0;
  for (const row of ROWS.filter((r) => only === null || only.includes(r.name))) {
    const best = (n) => {
      const runs = Array.from({ length: reps }, () => runChild(row.name, n));
      return { ...runs.reduce((a, b) => (b.ms < a.ms ? b : a)), held: Math.min(...runs.map((r) => r.held)), rssGrowth: Math.min(...runs.map((r) => r.rssGrowth)) };
    };
    const small = best(row.n);
    const large = best(row.n * 8);
    const time = exponent(small.ms, large.ms);
    const memory = exponent(small.held, large.held);
    const ok = time <= TARGET_EXPONENT && (large.held < 4 * 2 ** 20 || memory <= TARGET_EXPONENT);
    if (!ok) missed += 1;
    console.log(`${row.title}: n = ${row.n} ${row.unit} (${(small.bytes / 1e6).toFixed(1)} MB) → 8n (${(large.bytes / 1e6).toFixed(1)} MB)`);
    console.log(`  time  ${small.ms.toFixed(0)} ms → ${large.ms.toFixed(0)} ms (${((large.ms * 1000) / (row.n * 8)).toFixed(2)} µs per ${row.unit.replace(/s$/, '')})  exponent ${time.toFixed(2)}`);
    console.log(`  held  ${mib(small.held)} → ${mib(large.held)}  exponent ${memory.toFixed(2)}   RSS growth ${mib(small.rssGrowth)} → ${mib(large.rssGrowth)}   result JSON ${small.size} → ${large.size} chars`);
    console.log(`  ${ok ? 'ok' : 'MISS'}: ${ok ? 'linear' : `exponent past ${TARGET_EXPONENT}`}`);
  }
  if (missed > 0) process.exitCode = 1;
}

await main();
