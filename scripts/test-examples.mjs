// Runs examples/vitest and examples/jest as a user would: `npm pack` this package, install the tarball and the
// runner into a temp folder, run the example's suite, and type-check it there. The runners' JSON reports go into
// reports/ (examples-vitest.json, examples-jest.json, examples-types.json) so `npm test` counts them. Every temp
// folder is removed at the end, whatever happened. The tarball is unpacked as npm would install it and the runners
// are linked from this repo's pinned dev dependencies, so no step waits on npm install.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(repo, 'reports');
const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const RELAY_PACKAGES = ['vitest@4.1.12', 'vite@8.3.8', 'jest@30.5.2', 'expect@30.5.2', 'fast-check@4.10.2', '@types/node@20.19.43'];
const installs = new Map();

export const EXAMPLES = {
  vitest: {
    packages: ['vitest@4.1.12', 'vite@8.3.8', '@types/node@20.19.43'],
    run: (dir, report) => [join(dir, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  },
  jest: {
    // TypeScript through ts-jest, typed by @types/jest and @jest/globals: the setup the README gives.
    packages: ['jest@30.5.2', 'ts-jest@29.4.15', 'typescript@5.9.3', '@types/jest@30.0.0', '@jest/globals@30.5.2', 'expect@30.5.2', '@types/node@20.19.43'],
    // Jest's transform cache goes inside the install folder, so it goes with it.
    run: (dir, report) => [join(dir, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--json', `--outputFile=${report}`, `--cacheDirectory=${join(dir, '.jest-cache')}`],
  },
  // examples/relay: one folder, installed once, with a suite per runner: the relay's checks by hand, and the gateway's
  // conformance suites (the correct gateway through relayConformance, each broken one's exact failing cells).
  'relay-vitest': { folder: 'relay', packages: RELAY_PACKAGES, run: (dir, report) => EXAMPLES.vitest.run(dir, report) },
  'relay-jest': { folder: 'relay', packages: RELAY_PACKAGES, run: (dir, report) => EXAMPLES.jest.run(dir, report) },
  // examples/relay-anthropic-to-chat: a translating gateway, each of its defects caught by toRelay.
  'relay-anthropic-to-chat': { packages: ['vitest@4.1.12', 'vite@8.3.8', '@types/node@20.19.43'], run: (dir, report) => EXAMPLES.vitest.run(dir, report) },
};

/** The suites that take longest, longest first (the rest follow in EXAMPLES' order). */
const LONGEST_FIRST = ['relay-vitest', 'relay-jest', 'jest'];
/**
 * How many suites run at once: most of a suite's time is spent waiting on its relay's sockets and the kit's bounds,
 * not the CPU; two, with the type checks beside them at a lower priority, leave the kit's timings room on two cores.
 */
const SUITES_AT_ONCE = 2;

/** Every temp folder the scripts made, for removeTempDirs(). */
const made = new Set();

/** A new temp folder named `sse-reconstruct-<what>-…`, removed by removeTempDirs(). */
export function tempDir(what) {
  const dir = mkdtempSync(join(tmpdir(), `sse-reconstruct-${what}-`));
  made.add(dir);
  return dir;
}

/** Removes every temp folder tempDir() made; call it in a `finally`. */
export function removeTempDirs() {
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}

/**
 * The package as built, packed (no `prepack`: the caller built it just before) into a temp folder; returns the
 * tarball's path. Under `npm test`, the tarball it packed once for every check (SSE_PACKED_TARBALL).
 */
export function pack() {
  const packed = process.env.SSE_PACKED_TARBALL;
  if (packed !== undefined && existsSync(packed)) return packed;
  const into = tempDir('pack');
  const result = spawnSync(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', into], { cwd: repo, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm pack failed:\n${result.stderr}`);
  return join(into, result.stdout.trim().split('\n').pop());
}

/** Copies an example to a temp folder and installs the tarball and its runner there, as a user would. */
export function install(name, tarball) {
  const folder = EXAMPLES[name].folder ?? name;
  if (!installs.has(folder)) installs.set(folder, installFolder(folder, name, tarball));
  return installs.get(folder);
}

async function installFolder(folder, name, tarball) {
  const dir = tempDir(`example-${name}`);
  cpSync(join(repo, 'examples', folder), dir, { recursive: true, filter: (path) => !path.includes('node_modules') });
  const modules = join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  await unpackTarball(tarball, join(modules, 'sse-reconstruct'));
  for (const spec of EXAMPLES[name].packages) linkPackage(modules, spec);
  return dir;
}

/**
 * Unpacks the tarball as npm installs it (its `package/` folder becomes node_modules/sse-reconstruct): the package has
 * no dependencies, so the files are the whole install, and no registry or npm cache is asked.
 */
async function unpackTarball(tarball, into) {
  const unpacked = join(dirname(into), '.unpacked');
  mkdirSync(unpacked, { recursive: true });
  const { code, output } = await run('tar', ['-xzf', tarball, '-C', unpacked], dirname(into));
  if (code !== 0) throw new Error(`unpacking ${tarball} failed:\n${output}`);
  renameSync(join(unpacked, 'package'), into);
  rmSync(unpacked, { recursive: true, force: true });
}

/**
 * Links a runner the example installs (`jest@30.5.2`) from this repo's node_modules, where the same pinned version is
 * a dev dependency: Node and TypeScript follow the link to the real folder, so its own dependencies resolve there.
 * A version that differs from the repo's is an error, not a silent substitute.
 */
function linkPackage(modules, spec) {
  const at = spec.lastIndexOf('@');
  const [packageName, version] = at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, null];
  const source = join(repo, 'node_modules', packageName);
  const installed = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')).version;
  if (version !== null && installed !== version) throw new Error(`examples need ${spec}; the repo's node_modules has ${packageName}@${installed}: pin the same version in package.json`);
  const target = join(modules, packageName);
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(source, target, 'dir');
}

/** Runs the example's suite with its JSON report written to `report`; resolves to the exit code and output. */
export function runSuite(name, dir, report, options = {}) {
  return run(process.execPath, EXAMPLES[name].run(dir, report), dir, options);
}

function run(command, args, cwd, { echo = false, nice } = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '0' } });
    if (nice !== undefined) lowerPriority(child.pid, nice);
    let output = '';
    const take = (chunk) => {
      output += chunk;
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => done({ code, output }));
  });
}

/**
 * Type checks in the installed folders (the example's own code, and the repo's type tests against the tarball), each
 * a function that runs it: they run beside the suites, two CPU-bound tsc at a time, at a lower priority.
 */
function typeChecks(dirs) {
  const checks = [];
  const check = (name, dir, config, flags = []) => checks.push(() => tscCheck(name, dir, typeof config === 'function' ? config() : config, flags));
  if (dirs.vitest) {
    check('vitest 4: the example compiles with the matcher types', dirs.vitest, 'tsconfig.json');
    check('vitest 4: test/types/vitest.test-d.ts against the tarball', dirs.vitest, () => typeTestConfig(dirs.vitest, 'vitest'));
  }
  // The relay examples load the same declarations as the Vitest example (node, vitest, sse-reconstruct/vitest), which
  // its check already checks whole (skipLibCheck false): theirs check their own code, 4 CPU seconds each instead of 11.
  if (dirs['relay-anthropic-to-chat']) check('examples/relay-anthropic-to-chat compiles (its JSDoc-typed gateway and its suite)', dirs['relay-anthropic-to-chat'], 'tsconfig.json', ['--skipLibCheck']);
  if (dirs['relay-vitest']) check('examples/relay compiles (its JSDoc-typed relay and the Vitest suite)', dirs['relay-vitest'], 'tsconfig.json', ['--skipLibCheck']);
  if (dirs.jest) {
    check('jest 30 + ts-jest: the example compiles with "types": ["jest", "node", "sse-reconstruct/jest"]', dirs.jest, 'tsconfig.json');
    check('jest 30: test/types/jest.test-d.ts against the tarball', dirs.jest, () => typeTestConfig(dirs.jest, 'jest'));
  }
  return checks;
}

/** Copies a type test with its imports pointed at the installed package, and a tsconfig that isolates it. */
export function typeTestConfig(dir, runner, { format = 'module' } = {}) {
  const source = readFileSync(join(repo, 'test', 'types', `${runner}.test-d.ts`), 'utf8')
    .replaceAll("'../../src/index.js'", "'sse-reconstruct'")
    .replaceAll(`'../../src/runners/${runner}.js'`, `'sse-reconstruct/${runner}'`);
  mkdirSync(join(dir, 'type-tests'), { recursive: true });
  writeFileSync(join(dir, 'type-tests', `${runner}.test-d.ts`), source);
  writeFileSync(join(dir, 'type-tests', 'package.json'), JSON.stringify({ type: format }));
  const config = `tsconfig.type-tests-${runner}.json`;
  writeFileSync(
    join(dir, config),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        // expect-type is what Vitest re-exports as expectTypeOf; a Jest project borrows the repo's copy.
        paths: { 'expect-type': [join(repo, 'node_modules', 'expect-type', 'dist', 'index.d.ts')] },
      },
      include: [`type-tests/${runner}.test-d.ts`],
    }),
  );
  return config;
}

/**
 * Lowers a process's priority (as nice(1) does) for work with no timing in it, a type check or a package check, so
 * the suites beside it, whose checks wait on sockets and bounds, get the CPU first. A process that has ended, or a
 * platform that refuses, runs as it is.
 */
export function lowerPriority(pid, nice) {
  try {
    if (pid !== undefined) setPriority(pid, nice);
  } catch {
    // slower beside the rest, never wrong
  }
}

/** Runs tsc on `config` in `dir` (with `flags` after it), at a lower priority; resolves to the check's result. */
export async function tscCheck(name, dir, config, flags = []) {
  const { code, output } = await run(process.execPath, [tsc, '-p', config, ...flags], dir, { nice: 10 });
  return { name, passed: code === 0, output: output.trim() };
}

export function writeChecks(file, checks) {
  const failed = checks.filter((check) => !check.passed);
  const report = {
    success: failed.length === 0,
    numPassedTests: checks.length - failed.length,
    numFailedTests: failed.length,
    testResults: checks.map((check) => ({ name: check.name, status: check.passed ? 'passed' : 'failed', message: check.output })),
  };
  writeFileSync(join(reports, file), `${JSON.stringify(report, null, 2)}\n`);
  for (const check of checks) {
    console.log(`${check.passed ? '✓' : '✗'} ${check.name}`);
    if (!check.passed) console.log(check.output);
  }
  return failed.length === 0;
}

/** Runs `work` over `items`, at most `width` at a time; resolves to the results in the items' order. */
async function inTurns(items, width, work) {
  const results = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

async function main() {
  try {
    return await runExamples();
  } finally {
    removeTempDirs();
  }
}

async function runExamples() {
  mkdirSync(reports, { recursive: true });
  const started = Date.now();
  const tarball = pack();
  const names = Object.keys(EXAMPLES);
  const dirs = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await install(name, tarball)])));
  console.log(`Installed ${tarball.split(/[\\/]/).pop()} with ${names.join(' and ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let ok = true;
  // The longest suites start first (the relay's Vitest suite runs every broken gateway), so no lane is left with a
  // long one last; the type checks run beside them, two at a time at a lower priority (tscCheck), so none is left to
  // run alone on one core at the end.
  const longestFirst = [...LONGEST_FIRST.filter((name) => names.includes(name)), ...names.filter((name) => !LONGEST_FIRST.includes(name))];
  const [ran, checks] = await Promise.all([
    inTurns(longestFirst, SUITES_AT_ONCE, (name) => runSuite(name, dirs[name], join(reports, `examples-${name}.json`))),
    inTurns(typeChecks(dirs), 2, (check) => check()),
  ]);
  const results = names.map((name) => ran[longestFirst.indexOf(name)]);
  for (const [index, name] of names.entries()) {
    console.log(`\n── examples/${name} (${dirs[name]})\n${results[index].output}`);
    ok &&= results[index].code === 0;
  }
  console.log('\n── type checks in the installed examples');
  ok = writeChecks('examples-types.json', checks) && ok;
  console.log(`\nExamples done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = (await main()) ? 0 : 1;
