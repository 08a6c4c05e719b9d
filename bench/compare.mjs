// compareStreams on two 10 MB streams against the two reconstructions alone (issue 22, Speed: the comparison costs
// at most the two reconstructions plus 10 %, so the text alignment must be linear).
//   npm run build && node bench/compare.mjs [--quick] [--rounds=N] [--children=N] [--clock=wall|cpu] [--json]
// Paired timing (bench/paired.mjs): the two contestants of a row alternate in one child, 3 warm-up rounds then
// `rounds` timed ones; the cost is the median over the children of each child's median paired ratio (time of
// compareStreams ÷ time of the two reconstruct() calls), printed with its spread (min–max over the children).
// Rows: the same stream twice; an Anthropic stream and its Chat Completions translation (a relay's case: two formats,
// the same answer); a stream and the same with its first characters dropped (a difference to find and place).
import { fileURLToPath } from 'node:url';
import { clockOf, fieldOf, gcFunction, PAIRED, pairedRatio, ratioText, runChildren, speedOf, timeRounds } from './paired.mjs';
import { buildStream } from './streams.mjs';

const TARGET = 1.1;
const here = fileURLToPath(import.meta.url);
const dist = process.env.SSE_BENCH_DIST ?? new URL('../dist/index.js', import.meta.url).href;
const faultsDist = new URL('faults.js', dist).href;

/** Each row: the upstream's bench stream, and how the downstream is made from it. */
const ROWS = [
  { name: 'same', title: 'Chat Completions text, the same stream on both sides', stream: 'chat-text', downstream: (pkg, faults, text) => text },
  {
    name: 'translated',
    title: 'Anthropic text → its Chat Completions translation',
    stream: 'anthropic-text',
    downstream: (pkg, faults, text) => {
      const chat = pkg.formatModule('chat-completions');
      return chat.synthesize(chat.responseOf(pkg.answerOf(pkg.reconstruct(text))), { pieceSize: 16 });
    },
  },
  { name: 'defect', title: 'Chat Completions text → the same with its first 3 characters dropped', stream: 'chat-text', downstream: (pkg, faults, text) => faults.dropFirstCharacters(3).apply(text, { pieceSize: 16 }) },
];

const CONTESTANTS = {
  compare: { label: 'compareStreams(upstream, downstream)', run: (pkg, pair) => pkg.compareStreams(pair.up, pair.down).then((found) => ({ same: found.same, differences: found.differences.length })) },
  reconstructions: { label: 'reconstruct(upstream) + reconstruct(downstream)', run: async (pkg, pair) => ({ frames: pkg.reconstruct(pair.up).frameCount + pkg.reconstruct(pair.down).frameCount }) },
};

async function pairOf(row, megabytes, pkg, faults) {
  const up = new TextDecoder().decode(buildStream(row.stream, megabytes).bytes);
  const down = await row.downstream(pkg, faults, up);
  return { up, down, bytes: up.length + down.length };
}

async function child([rowName, megabytes, rounds, warmups]) {
  const gc = gcFunction();
  const pkg = await import(dist);
  const faults = await import(faultsDist);
  const row = ROWS.find((entry) => entry.name === rowName);
  const pair = await pairOf(row, Number(megabytes), pkg, faults);
  const contestants = Object.entries(CONTESTANTS).map(([id, contestant]) => ({ id, run: () => contestant.run(pkg, pair) }));
  const { runs, found } = await timeRounds(contestants, { rounds: Number(rounds), warmups: Number(warmups), bytes: pair.bytes, gc });
  console.log(JSON.stringify({ runs, found, bytes: pair.bytes }));
}

function parseArgs(args) {
  const value = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  return {
    json: args.includes('--json'),
    rounds: Number(value('rounds')) > 0 ? Number(value('rounds')) : null,
    children: Number(value('children')) > 0 ? Number(value('children')) : PAIRED.children,
    ...clockOf(args),
  };
}

async function main(args) {
  const settings = parseArgs(args);
  const megabytes = 10;
  const rounds = settings.rounds ?? PAIRED.rounds(megabytes);
  const results = [];
  if (!settings.json) console.log(`compareStreams · ${megabytes} MB upstreams · paired timing: ${settings.children} children × (${PAIRED.warmups} warm-up + ${rounds} timed rounds); cost = time ÷ the two reconstructions' time, median over children (min–max), on ${settings.clock === 'cpu' ? 'CPU' : 'wall'} time (${settings.why})`);
  for (const row of ROWS) {
    const children = await runChildren(here, ['--child', row.name, String(megabytes), String(rounds), String(PAIRED.warmups)], settings.children);
    const failed = children.find((result) => result.error);
    // The cost is the reconstructions' speed over compareStreams' speed: how many times longer the comparison takes.
    const cost = failed ? null : pairedRatio(children, 'reconstructions', 'compare', fieldOf(settings.clock));
    const result = { row: row.name, title: row.title, megabytes: (children[0]?.bytes ?? 0) / 1e6, cost, found: children[0]?.found, error: failed?.error, pass: cost !== null && cost.ratio <= TARGET };
    results.push(result);
    if (settings.json) continue;
    console.log(`\n${row.title} · ${result.megabytes.toFixed(1)} MB on both sides together${failed ? `\n  FAILED: ${failed.error}` : ''}`);
    for (const [id, contestant] of Object.entries(CONTESTANTS)) {
      const speed = speedOf(children, id, fieldOf(settings.clock));
      console.log(`  ${contestant.label.padEnd(48)} ${speed ? `${speed.median.toFixed(1).padStart(7)} MB/s median, best ${speed.best.toFixed(1)}` : 'no runs'}`);
    }
    const found = result.found?.compare;
    console.log(`  cost of compareStreams: ${ratioText(cost)} the two reconstructions (target ≤ ${TARGET}×): ${result.pass ? 'met' : 'MISS'}${found ? ` · ${found.same ? 'same' : `${found.differences} difference(s)`}` : ''}`);
  }
  if (settings.json) console.log(JSON.stringify(results, null, 2));
  else console.log(`\ncompareStreams (target ≤ ${TARGET}× the two reconstructions): ${results.filter((result) => result.pass).length} of ${results.length} met.`);
  return results;
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args.slice(1));
else {
  const results = await main(args);
  process.exitCode = results.every((result) => result.pass) ? 0 : 1;
}
