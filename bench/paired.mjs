// Paired, interleaved timing, for every ratio the bench checks against a target or a floor.
// On this VM one process's speed for memory-heavy code is bimodal (the same build read anthropic-text at ~100 MB/s in
// one process and ~160 in the next, and switched within a process too), so a ratio of two figures taken in two
// processes moved by half between runs. Here the contestants of a ratio run in the same child, one after another,
// round after round (who goes first rotates), so both see the same spell of the machine; each round gives one ratio
// per pair, the child's ratio is their median, and several children give the figure (their median) and its spread.
//   child side: timeRounds(); parent side: runChildren() and pairedFigures().
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';

/** Children per group, untimed warm-up rounds, timed rounds per child: by stream size, 10 MB and above it. */
export const PAIRED = {
  children: 3,
  warmups: 3,
  rounds: (megabytes) => (megabytes <= 10 ? 9 : 3),
};

/**
 * The clock the targets are checked on: wall time (what a user waits for) unless `--clock=cpu`. CPU time held
 * steadier while the machine was saturated (load 14 on 2 CPUs: ±4% against ±15% from child to child), but it counts
 * the GC work a reader's helper threads do in parallel, and that share moves with the load: the same pair read
 * 1.32× per CPU second and 1.68× on the wall at load 7, 1.42× and 1.62× at load 14. Both are printed.
 */
export function clockOf(args) {
  const asked = args.find((arg) => arg.startsWith('--clock='))?.slice(8);
  const load = `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} CPUs`;
  return asked === 'cpu' ? { clock: 'cpu', why: `--clock=cpu; ${load}` } : { clock: 'wall', why: load };
}

/** The field of a child's runs for a clock. */
export const fieldOf = (clock) => (clock === 'cpu' ? 'cpuMbps' : 'mbps');

/** `--expose-gc` gives `gc`; without the flag (run by hand), switch it on the way run.mjs does. */
export function gcFunction() {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc');
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * In a child: `warmups` untimed rounds (each through `warm` when given: the 10 MB stream for larger ones), then
 * `rounds` timed rounds; in round r the contestants run from the r-th on, so none always follows the same one.
 * Each run follows a full GC. Returns MB/s and MB per CPU second of every run, by contestant, and what each found
 * in its last run.
 */
export async function timeRounds(contestants, { rounds, warmups, bytes, gc }) {
  for (let round = 0; round < warmups; round += 1) {
    for (const contestant of contestants) await (contestant.warm ?? contestant.run)();
  }
  const runs = Object.fromEntries(contestants.map((contestant) => [contestant.id, { mbps: [], cpuMbps: [] }]));
  const found = {};
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < contestants.length; turn += 1) {
      const contestant = contestants[(round + turn) % contestants.length];
      gc();
      const cpu = process.cpuUsage();
      const start = performance.now();
      found[contestant.id] = await contestant.run();
      const seconds = (performance.now() - start) / 1000;
      const used = process.cpuUsage(cpu);
      runs[contestant.id].mbps.push(bytes / 1e6 / seconds);
      runs[contestant.id].cpuMbps.push(bytes / 1e6 / ((used.user + used.system) / 1e6));
    }
  }
  return { runs, found };
}

/** Runs `node --expose-gc SCRIPT ...args`; resolves with its last stdout line as JSON, or `{ error }`. */
export function runJsonChild(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (data) => (out += data));
    child.stderr.on('data', (data) => (err += data));
    child.on('error', (error) => resolve({ error: String(error) }));
    child.on('close', (code, signal) => {
      if (code !== 0) {
        const lines = err.trim().split('\n');
        const why = lines.find((line) => /^\w*Error\b|\bERR_[A-Z_]+/.test(line)) ?? lines.slice(-3).join(' ');
        resolve({ error: `exited with ${code ?? signal}: ${why}` });
        return;
      }
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch {
        resolve({ error: `printed no result: ${out.slice(0, 200)}` });
      }
    });
  });
}

/** `count` children one after another (two shared cores: never in parallel); a crashed one is retried once. */
export async function runChildren(script, args, count = PAIRED.children) {
  const results = [];
  for (let child = 0; child < count; child += 1) {
    let result = await runJsonChild(script, args);
    if (result.error) result = await runJsonChild(script, args);
    results.push(result);
  }
  return results;
}

/**
 * One pair over the children: each child's median of its rounds' ratios (ours ÷ theirs, same round), the median
 * of those, and their min and max; null when a child failed or a side is missing.
 */
export function pairedRatio(children, ours, theirs, field = 'mbps') {
  const perChild = [];
  for (const child of children) {
    const a = child.runs?.[ours]?.[field];
    const b = child.runs?.[theirs]?.[field];
    if (!a || !b || a.length !== b.length || a.length === 0) return null;
    perChild.push(median(a.map((value, round) => value / b[round])));
  }
  if (perChild.length === 0) return null;
  return { ratio: median(perChild), min: Math.min(...perChild), max: Math.max(...perChild), perChild };
}

/** A contestant's MB/s over all children's timed runs: the median, and the best run. */
export function speedOf(children, id, field = 'mbps') {
  const all = children.flatMap((child) => child.runs?.[id]?.[field] ?? []);
  return all.length === 0 ? null : { median: median(all), best: Math.max(...all) };
}

/** "1.42× (1.39–1.47)": a paired ratio with its spread over the children. */
export function ratioText(paired) {
  if (!paired) return 'n/c';
  return `${paired.ratio.toFixed(2)}× (${paired.min.toFixed(2)}–${paired.max.toFixed(2)})`;
}
