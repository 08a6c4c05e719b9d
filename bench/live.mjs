// The live path: reconstructStream() reading a ReadableStream (and a Response) of the bench's 64 KiB chunks, against
// eventsource-parser + JSON.parse reading the same chunks through the same kind of stream, as a test reads a gateway.
// Target (issue #14): ours ≥ 1.3× theirs. reconstruct() of the same chunks is shown beside, for scale.
//   npm run build && node bench/live.mjs [--quick] [--only=chat-text,…] [--reps=N] [--json]
// Each contestant runs in a child process of its own (see speed-child.mjs for why): one warm-up, then best of REPS.
// The target is checked on wall time; MB per CPU second is printed beside it, steadier when other work shares the
// CPUs. SSE_BENCH_DIST=file:///…/index.js measures another build (an older commit's, for a before/after).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createParser } from 'eventsource-parser';
import { buildStream, STREAMS } from './streams.mjs';

const TARGET = 1.3;
const here = fileURLToPath(import.meta.url);
const dist = process.env.SSE_BENCH_DIST ?? new URL('../dist/index.js', import.meta.url).href;

/** A ReadableStream of the chunks, pulled one at a time, as a network body arrives. */
function bodyOf(chunks) {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

const responseOf = (chunks) => new Response(bodyOf(chunks), { status: 200, headers: { 'content-type': 'text/event-stream' } });

/** eventsource-parser + JSON.parse reading a ReadableStream through its reader, bytes decoded as they come. */
async function esJson(body) {
  let frames = 0;
  const parser = createParser({
    onEvent(event) {
      frames += 1;
      if (event.data !== '[DONE]') JSON.parse(event.data);
    },
  });
  const utf8 = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(utf8.decode(value, { stream: true }));
  }
  parser.feed(utf8.decode());
  return { frames };
}

function summaryOf(result) {
  return { frames: result.frameCount, textLength: result.choices[0]?.text.length ?? 0, toolCalls: result.choices[0]?.toolCalls.length ?? 0, verdict: result.verdict, outcome: result.outcome };
}

const CONTESTANTS = {
  'es-json-stream': { label: 'eventsource-parser + JSON.parse, ReadableStream', run: (ours, stream) => esJson(bodyOf(stream.chunks)) },
  'es-json-response': { label: 'eventsource-parser + JSON.parse, Response body', run: (ours, stream) => esJson(responseOf(stream.chunks).body) },
  'ours-stream': { label: 'ours reconstructStream(ReadableStream)', run: async (ours, stream) => summaryOf(await ours.reconstructStream(bodyOf(stream.chunks), stream.spec.readerOptions ?? {})) },
  'ours-response': { label: 'ours reconstructStream(Response)', run: async (ours, stream) => summaryOf(await ours.reconstructStream(responseOf(stream.chunks), stream.spec.readerOptions ?? {})) },
  'ours-reconstruct': { label: 'ours reconstruct(chunks), for scale', run: async (ours, stream) => summaryOf(ours.reconstruct(stream.chunks, stream.spec.readerOptions ?? {})) },
};

const PAIRS = [
  ['ours-stream', 'es-json-stream'],
  ['ours-response', 'es-json-response'],
  ['ours-reconstruct', 'es-json-stream'],
];

async function child([name, megabytes, id, reps]) {
  if (typeof globalThis.gc !== 'function') v8.setFlagsFromString('--expose-gc');
  const gc = globalThis.gc ?? vm.runInNewContext('gc');
  const ours = await import(dist);
  const stream = buildStream(name, Number(megabytes));
  const contestant = CONTESTANTS[id];
  await contestant.run(ours, stream);
  let best = null;
  for (let rep = 0; rep < Number(reps); rep += 1) {
    gc();
    const cpu = process.cpuUsage();
    const start = performance.now();
    const found = await contestant.run(ours, stream);
    const mbps = stream.bytes.length / 1e6 / ((performance.now() - start) / 1000);
    const used = process.cpuUsage(cpu);
    const cpuMbps = stream.bytes.length / 1e6 / ((used.user + used.system) / 1e6);
    if (!best || mbps > best.mbps) best = { mbps, found, cpuMbps: Math.max(cpuMbps, best?.cpuMbps ?? 0) };
    else best.cpuMbps = Math.max(best.cpuMbps, cpuMbps);
  }
  const wrong = best.found.frames !== stream.expected.frames || (best.found.verdict !== undefined && (best.found.verdict !== 'complete' || best.found.textLength !== stream.expected.textLength));
  console.log(JSON.stringify({ ...best, wrong }));
}

function runChild(args) {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--expose-gc', here, '--child', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (data) => (out += data));
    proc.on('close', (code) => {
      try {
        resolve(code === 0 ? JSON.parse(out.trim().split('\n').at(-1)) : { error: `exited with ${code}` });
      } catch {
        resolve({ error: `printed no result: ${out.slice(0, 200)}` });
      }
    });
  });
}

async function main(args) {
  const quick = args.includes('--quick');
  const only = args.find((arg) => arg.startsWith('--only='))?.slice(7).split(',') ?? null;
  const repsArg = Number(args.find((arg) => arg.startsWith('--reps='))?.slice(7));
  const json = args.includes('--json');
  const sizes = quick ? [10] : [10, 100];
  const rows = [];
  for (const megabytes of sizes) {
    for (const spec of STREAMS.filter((entry) => only === null || only.includes(entry.name))) {
      const reps = repsArg > 0 ? repsArg : megabytes <= 10 ? 5 : 3;
      const results = {};
      for (const id of Object.keys(CONTESTANTS)) results[id] = await runChild([spec.name, String(megabytes), id, String(reps)]);
      const ratios = PAIRS.map(([ours, theirs]) => {
        const a = results[ours];
        const b = results[theirs];
        const comparable = a.mbps && b.mbps && !a.wrong && !b.wrong;
        const ratio = comparable ? a.mbps / b.mbps : null;
        const cpuRatio = comparable ? a.cpuMbps / b.cpuMbps : null;
        return { ours, theirs, ratio, cpuRatio, pass: ours === 'ours-reconstruct' ? null : ratio !== null && ratio >= TARGET };
      });
      rows.push({ stream: spec.name, megabytes, results, ratios });
      if (!json) print(spec, megabytes, results, ratios);
    }
  }
  if (json) console.log(JSON.stringify(rows, null, 2));
  else {
    const checked = rows.flatMap((row) => row.ratios.filter((ratio) => ratio.pass !== null).map((ratio) => ({ ...ratio, row })));
    const missed = checked.filter((ratio) => !ratio.pass);
    console.log(`\nLive path (target ≥ ${TARGET}× eventsource-parser + JSON.parse on the same stream): ${checked.length - missed.length} of ${checked.length} met${missed.length ? `; MISS ${missed.map((m) => `${m.row.stream} ${m.row.megabytes} MB ${m.ours} ${m.ratio === null ? 'n/c' : `${m.ratio.toFixed(2)}×`}`).join(', ')}` : ''}.`);
  }
  return rows;
}

function print(spec, megabytes, results, ratios) {
  console.log(`\n${spec.title} · ${megabytes} MB`);
  for (const [id, contestant] of Object.entries(CONTESTANTS)) {
    const result = results[id];
    const figure = result.error ? result.error : `${result.mbps.toFixed(1).padStart(7)} MB/s  (${result.cpuMbps.toFixed(1)} per CPU second)${result.wrong ? '  (read wrong: not comparable)' : ''}`;
    console.log(`  ${contestant.label.padEnd(52)} ${figure}`);
  }
  for (const { ours, theirs, ratio, cpuRatio, pass } of ratios) {
    const verdict = pass === null ? 'info' : pass ? 'ok' : 'MISS';
    const cpu = cpuRatio === null ? '' : `  (${cpuRatio.toFixed(2)}× per CPU second)`;
    console.log(`  ${`${ours} / ${theirs}`.padEnd(52)} ${ratio === null ? 'n/c' : `${ratio.toFixed(2)}×`}  ${verdict}${cpu}`);
  }
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else await main(process.argv.slice(2));
