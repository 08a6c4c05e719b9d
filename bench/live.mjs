// The live path: reconstructStream() reading a ReadableStream (and a Response) of the bench's 64 KiB chunks, against
// eventsource-parser + JSON.parse reading the same chunks through the same kind of stream, as a test reads a gateway.
// Target (issue #14): ours ≥ 1.3× theirs. reconstruct() of the same chunks is shown beside, for scale.
//   npm run build && node bench/live.mjs [--quick | --sizes=100] [--only=chat-text,…] [--rounds=N] [--children=N] [--baseline=DIR]
//   [--clock=wall|cpu] [--json]
// Paired timing (bench/paired.mjs): the contestants of a ratio alternate in one child, 3 warm-up rounds then
// `rounds` timed ones; the ratio is the median over 3 children of each child's median paired ratio, printed with
// its spread (min–max over the children). MB/s figures are medians of every timed run; MB per CPU second is printed
// beside them. Checked on wall time, or CPU time with --clock=cpu (see clockOf in paired.mjs).
// --baseline=DIR: "before" contestants from DIR/dist/index.js run in the same children, and every row prints
// after ÷ before against the 0.9× floor. SSE_BENCH_DIST=file:///…/index.js measures another build as "ours".
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { createParser } from 'eventsource-parser';
import { clockOf, fieldOf, gcFunction, PAIRED, pairedRatio, ratioText, runChildren, speedOf, timeRounds } from './paired.mjs';
import { buildStream, STREAMS } from './streams.mjs';

const TARGET = 1.3;
const FLOOR = 0.9;
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

const options = (stream) => stream.spec.readerOptions ?? {};
/** Contestants by id; `pkg` is the build under test ("ours") or the baseline's ("before"). */
const CONTESTANTS = {
  'es-json-stream': { label: 'eventsource-parser + JSON.parse, ReadableStream', run: (pkg, stream) => esJson(bodyOf(stream.chunks)) },
  'es-json-response': { label: 'eventsource-parser + JSON.parse, Response body', run: (pkg, stream) => esJson(responseOf(stream.chunks).body) },
  'ours-stream': { label: 'ours reconstructStream(ReadableStream)', run: async (pkg, stream) => summaryOf(await pkg.reconstructStream(bodyOf(stream.chunks), options(stream))) },
  'ours-response': { label: 'ours reconstructStream(Response)', run: async (pkg, stream) => summaryOf(await pkg.reconstructStream(responseOf(stream.chunks), options(stream))) },
  'ours-reconstruct': { label: 'ours reconstruct(chunks), for scale', run: async (pkg, stream) => summaryOf(pkg.reconstruct(stream.chunks, options(stream))) },
};
const BEFORE = 'before-';
const labelOf = (id) => (id.startsWith(BEFORE) ? `before: ${CONTESTANTS[id.slice(BEFORE.length)].label.replace(/^ours /, '')}` : CONTESTANTS[id].label);

/**
 * Who shares a child. The live group holds both inputs (the same reconstructStream, fed two ways) and their
 * eventsource-parser twins; reconstruct() runs apart, since in one process with the live path their shared
 * functions' type feedback would be both's. The "before" build is another module, so it shares nothing of ours.
 */
const GROUPS = [
  { name: 'live', ids: ['ours-stream', 'es-json-stream', 'ours-response', 'es-json-response'], baseline: ['ours-stream', 'ours-response'] },
  { name: 'scale', ids: ['ours-reconstruct', 'es-json-stream'], baseline: [], children: 1 },
];
const PAIRS = [
  { ours: 'ours-stream', theirs: 'es-json-stream', group: 'live', target: TARGET },
  { ours: 'ours-response', theirs: 'es-json-response', group: 'live', target: TARGET },
  { ours: 'ours-reconstruct', theirs: 'es-json-stream', group: 'scale', target: null },
];

function wrongOf(found, expected) {
  if (!found) return true;
  return found.frames !== expected.frames || (found.verdict !== undefined && (found.verdict !== 'complete' || found.textLength !== expected.textLength));
}

async function child([name, megabytes, groupName, rounds, warmups, baseline]) {
  const gc = gcFunction();
  const ours = await import(dist);
  const before = baseline ? await import(baseline) : null;
  const stream = buildStream(name, Number(megabytes));
  const warmStream = Number(megabytes) > 10 ? buildStream(name, 10) : stream;
  const group = GROUPS.find((entry) => entry.name === groupName);
  const entries = group.ids.map((id) => ({ id, pkg: ours, contestant: CONTESTANTS[id] }));
  if (before) for (const id of group.baseline) entries.push({ id: BEFORE + id, pkg: before, contestant: CONTESTANTS[id] });
  const contestants = entries.map(({ id, pkg, contestant }) => ({
    id,
    run: () => contestant.run(pkg, stream),
    warm: () => contestant.run(pkg, warmStream),
  }));
  const { runs, found } = await timeRounds(contestants, { rounds: Number(rounds), warmups: Number(warmups), bytes: stream.bytes.length, gc });
  const wrong = Object.fromEntries(Object.entries(found).map(([id, summary]) => [id, wrongOf(summary, stream.expected)]));
  console.log(JSON.stringify({ runs, wrong }));
}

function parseArgs(args) {
  const value = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const baselineDir = value('baseline');
  return {
    quick: args.includes('--quick'),
    sizes: value('sizes')?.split(',').map(Number).filter((size) => size > 0) ?? null,
    json: args.includes('--json'),
    only: value('only')?.split(',') ?? null,
    rounds: Number(value('rounds')) > 0 ? Number(value('rounds')) : null,
    children: Number(value('children')) > 0 ? Number(value('children')) : PAIRED.children,
    baseline: baselineDir ? pathToFileURL(resolve(baselineDir, 'dist/index.js')).href : null,
    ...clockOf(args),
  };
}

async function measureRow(spec, megabytes, settings) {
  const rounds = settings.rounds ?? PAIRED.rounds(megabytes);
  const byGroup = {};
  for (const group of GROUPS) {
    const args = ['--child', spec.name, String(megabytes), group.name, String(rounds), String(PAIRED.warmups), ...(settings.baseline ? [settings.baseline] : [])];
    byGroup[group.name] = await runChildren(here, args, Math.min(group.children ?? settings.children, settings.children));
  }
  const otherClock = settings.clock === 'cpu' ? 'wall' : 'cpu';
  const wrongIn = (group, id) => byGroup[group].some((result) => result.error || result.wrong?.[id]);
  const pairs = [];
  for (const pair of PAIRS) {
    const comparable = !wrongIn(pair.group, pair.ours) && !wrongIn(pair.group, pair.theirs);
    const paired = comparable ? pairedRatio(byGroup[pair.group], pair.ours, pair.theirs, fieldOf(settings.clock)) : null;
    const other = comparable ? pairedRatio(byGroup[pair.group], pair.ours, pair.theirs, fieldOf(otherClock)) : null;
    pairs.push({ ...pair, paired, other, pass: pair.target === null ? null : paired !== null && paired.ratio >= pair.target });
    if (settings.baseline && GROUPS.find((group) => group.name === pair.group).baseline.includes(pair.ours)) {
      const old = BEFORE + pair.ours;
      const fair = !wrongIn(pair.group, pair.ours) && !wrongIn(pair.group, old);
      const versus = fair ? pairedRatio(byGroup[pair.group], pair.ours, old, fieldOf(settings.clock)) : null;
      const otherVersus = fair ? pairedRatio(byGroup[pair.group], pair.ours, old, fieldOf(otherClock)) : null;
      pairs.push({ ours: pair.ours, theirs: old, group: pair.group, floor: FLOOR, paired: versus, other: otherVersus, pass: versus !== null && versus.ratio >= FLOOR });
    }
  }
  const speeds = {};
  for (const group of GROUPS) {
    for (const result of byGroup[group.name]) {
      if (result.error) speeds[`${group.name}-error`] = result.error;
    }
    const ids = [...group.ids, ...(settings.baseline ? group.baseline.map((id) => BEFORE + id) : [])];
    for (const id of ids) {
      if (speeds[id]) continue;
      speeds[id] = { wall: speedOf(byGroup[group.name], id), cpu: speedOf(byGroup[group.name], id, 'cpuMbps'), wrong: wrongIn(group.name, id) };
    }
  }
  return { stream: spec.name, megabytes, rounds, speeds, pairs };
}

async function main(args) {
  const settings = parseArgs(args);
  const sizes = settings.sizes ?? (settings.quick ? [10] : [10, 100]);
  const rows = [];
  if (!settings.json) console.log(`Live path · paired timing: per group ${settings.children} children × (${PAIRED.warmups} warm-up + ${sizes.map((mb) => settings.rounds ?? PAIRED.rounds(mb)).join('/')} timed rounds); ratio = median over children of the median paired ratio, (min–max) over children, on ${settings.clock === 'cpu' ? 'CPU' : 'wall'} time (${settings.why})`);
  for (const megabytes of sizes) {
    for (const spec of STREAMS.filter((entry) => settings.only === null || settings.only.includes(entry.name))) {
      const row = await measureRow(spec, megabytes, settings);
      rows.push(row);
      if (!settings.json) print(spec, row, settings);
    }
  }
  if (settings.json) {
    console.log(JSON.stringify(rows, null, 2));
    return rows;
  }
  const checked = rows.flatMap((row) => row.pairs.filter((pair) => pair.target).map((pair) => ({ ...pair, row })));
  const missed = checked.filter((pair) => !pair.pass);
  const missText = (list) => list.map((m) => `${m.row.stream} ${m.row.megabytes} MB ${m.ours} ${ratioText(m.paired)}`).join(', ');
  console.log(`\nLive path (target ≥ ${TARGET}× eventsource-parser + JSON.parse on the same stream): ${checked.length - missed.length} of ${checked.length} met${missed.length ? `; MISS ${missText(missed)}` : ''}.`);
  if (settings.baseline) {
    const floors = rows.flatMap((row) => row.pairs.filter((pair) => pair.floor).map((pair) => ({ ...pair, row })));
    const under = floors.filter((pair) => !pair.pass);
    console.log(`Live path after ÷ before (floor ≥ ${FLOOR}×, before: ${settings.baseline}): ${floors.length - under.length} of ${floors.length} met${under.length ? `; MISS ${missText(under)}` : ''}.`);
  }
  return rows;
}

function print(spec, row, settings) {
  console.log(`\n${spec.title} · ${row.megabytes} MB`);
  for (const [id, speed] of Object.entries(row.speeds)) {
    if (typeof speed === 'string') {
      console.log(`  FAILED ${id}: ${speed}`);
      continue;
    }
    const figure = speed.wall ? `${speed.wall.median.toFixed(1).padStart(7)} MB/s median, best ${speed.wall.best.toFixed(1)}  (${speed.cpu.median.toFixed(1)} per CPU second)` : 'no runs';
    console.log(`  ${labelOf(id).padEnd(52)} ${figure}${speed.wrong ? '  (read wrong: not comparable)' : ''}`);
  }
  for (const { ours, theirs, paired, other, pass, target, floor } of row.pairs) {
    const verdict = pass === null ? 'info' : pass ? 'ok' : 'MISS';
    const bound = target ? `  (target ≥ ${target}×)` : floor ? `  (after ÷ before, floor ≥ ${floor}×)` : '';
    const perCpu = other ? `  ${settings.clock === 'cpu' ? 'wall' : 'CPU'} ${ratioText(other)}` : '';
    console.log(`  ${`${ours} / ${theirs}`.padEnd(52)} ${ratioText(paired).padEnd(20)} ${verdict}${bound}${perCpu}`);
  }
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else await main(process.argv.slice(2));
